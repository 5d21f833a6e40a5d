// Bundles the GitHub Action (src/action/index.ts) into dist/index.js, and prints the sizes. What the first request
// does not need (@actions/core with its HTTP client, preflight) goes into chunks that are read only
// when imported: a smaller entry file is parsed sooner.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";

const entry = "src/action/index.ts";
// `--outdir DIR` builds elsewhere (tests run a fresh bundle without touching the committed one).
const outdirFlag = process.argv.indexOf("--outdir");
const outdir = outdirFlag === -1 ? "dist" : process.argv[outdirFlag + 1];

if (!existsSync(entry)) {
  console.error(`bundle: ${entry} does not exist yet; there is no Action to bundle.`);
  process.exit(1);
}

// An ES import of a Node built-in builds a module facade that reads every export, lazy ones too: node:fs loads
// fs/promises with readline, node:http loads Node's undici. Taken with require(), a built-in costs only itself.
const builtinPattern = new RegExp(
  `^(node:)?(${builtinModules.map((name) => name.replace(/[/]/g, "\\/")).join("|")})$`,
);
const builtinsThroughRequire = {
  name: "builtins-through-require",
  setup(build) {
    build.onResolve({ filter: builtinPattern }, (args) =>
      args.kind === "import-statement" ? { path: args.path, namespace: "builtin" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "builtin" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: "js",
    }));
  },
};

// Chunks of an earlier build must not linger in the committed folder.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [entry],
  outdir,
  entryNames: "index",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  minify: true,
  legalComments: "none",
  // @actions/core 3 is ESM-only, but some bundled dependencies still call require().
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  plugins: [builtinsThroughRequire],
  logLevel: "warning",
});
const files = ["index.js", ...readdirSync(join(outdir, "chunks")).map((name) => `chunks/${name}`)];
for (const file of files) {
  console.log(`bundle: ${join(outdir, file)} ${(statSync(join(outdir, file)).size / 1024).toFixed(1)} KiB`);
}
