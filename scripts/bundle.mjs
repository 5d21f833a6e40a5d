// Bundles the GitHub Action (src/action/index.ts) into dist/index.js, and prints the sizes. What the first request
// does not need (@actions/core with its HTTP client, preflight) goes into chunks that are read only
// when imported: a smaller entry file is parsed sooner.
// With --cli it bundles the standalone CLI (src/cli/index.ts) into lib/cli/ instead, after tsc has built lib/src/:
// the package's `explorer-verify` bin. The local explorer and preflight stay outside the bundle, loaded from
// lib/src/ when a run needs them: they find the user's solc and start worker threads from their own files.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import { build } from "esbuild";

const cli = process.argv.includes("--cli");
const entry = cli ? "src/cli/index.ts" : "src/action/index.ts";
// `--outdir DIR` builds elsewhere (tests run a fresh bundle without touching the committed one).
const outdirFlag = process.argv.indexOf("--outdir");
const outdir = outdirFlag !== -1 ? process.argv[outdirFlag + 1] : cli ? "lib/cli" : "dist";

if (!existsSync(entry)) {
  console.error(`bundle: ${entry} does not exist yet; there is no ${cli ? "CLI" : "Action"} to bundle.`);
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

// Split into chunks, `import { keccak256 } from "viem"` loads far more than keccak256: the barrel reaches viem's
// `call` action (which imports its CCIP module dynamically), and esbuild then puts every live part of that graph in
// a chunk the entry loads (80 KiB, against the 16 KiB our few functions need). So a source file's named imports from
// "viem" are taken from the files viem's barrel re-exports them from; a name the barrel does not list stops the build.
const sourceRoot = resolve("src");
const viemEsm = resolve("node_modules/viem/_esm");
const viemBarrelFiles = new Map();
for (const [, names, file] of readFileSync(join(viemEsm, "index.js"), "utf8").matchAll(
  /^export \{([^}]*)\} from '(\.\/[^']+)';$/gm,
)) {
  for (const name of names
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (!name.includes(" ")) viemBarrelFiles.set(name, file);
  }
}
const viemByFile = {
  name: "viem-by-file",
  setup(build) {
    build.onResolve({ filter: /^viem$/ }, (args) => {
      if (!args.importer.startsWith(sourceRoot + sep)) return undefined;
      const names = [];
      for (const [, list] of readFileSync(args.importer, "utf8").matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"viem"/g,
      )) {
        for (const part of list.split(",").map((text) => text.trim())) {
          if (part && !part.startsWith("type ")) names.push(part.split(/\s+as\s+/)[0]);
        }
      }
      return { path: names.sort().join(","), namespace: "viem-by-file" };
    });
    build.onLoad({ filter: /.*/, namespace: "viem-by-file" }, (args) => {
      const names = args.path.split(",").filter(Boolean);
      const unknown = names.filter((name) => !viemBarrelFiles.has(name));
      if (unknown.length > 0) {
        return { errors: [{ text: `viem's barrel lists no file for ${unknown.join(", ")}` }] };
      }
      return {
        contents: names.map((name) => `export { ${name} } from "${viemBarrelFiles.get(name)}";`).join("\n"),
        resolveDir: viemEsm,
        loader: "js",
      };
    });
  },
};

// Our modules do nothing on import (STYLE: no side effects on import), but esbuild cannot know it: a barrel such as
// src/schemas/rest/index.ts would bring every schema it re-exports, and build them all before the first request.
// Marked free of side effects, a module none of whose exports is used is left out.
const sourceModulesWithoutSideEffects = {
  name: "source-modules-without-side-effects",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === "resolved" || !args.importer.startsWith(sourceRoot + sep)) return undefined;
      const { importer, namespace, resolveDir, kind, with: importAttributes } = args;
      const result = await build.resolve(args.path, {
        importer,
        namespace,
        resolveDir,
        kind,
        with: importAttributes,
        pluginData: "resolved",
      });
      if (result.errors.length > 0 || result.external || !result.path.startsWith(sourceRoot + sep))
        return result;
      return { ...result, sideEffects: false };
    });
  },
};

// What the CLI imports dynamically from the local explorer (but its small JSON-RPC reader) and preflight is loaded
// from tsc's output (lib/src/...), not bundled. Every bundle file sits in lib/cli/ itself (no chunks folder), so
// one relative path serves the entry and its chunks alike.
const loadedFromLib = (file) => {
  const path = relative(sourceRoot, file).split(sep).join("/");
  return (
    (path.startsWith("local-explorer/") && path !== "local-explorer/jsonRpcChain.ts") ||
    path === "verify/preflight.ts"
  );
};
const cliLeavesOut = {
  name: "cli-leaves-out",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      if (!file.startsWith(sourceRoot + sep) || !loadedFromLib(file)) return undefined;
      const fromBundle = relative(resolve(outdir), resolve("lib", relative(resolve("."), file)));
      const path = fromBundle.split(sep).join("/").replace(/\.ts$/, ".js");
      return { path: path.startsWith(".") ? path : `./${path}`, external: true };
    });
  },
};

const shared = {
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  minify: true,
  legalComments: "none",
  // @actions/core 3 is ESM-only, but some bundled dependencies still call require() (and so may the CLI's).
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  logLevel: "warning",
};

if (cli) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...shared,
    entryPoints: [entry],
    outdir,
    entryNames: "index",
    chunkNames: "[name]-[hash]",
    splitting: true,
    // The CLI runs on the user's Node, as old as package.json's engines allow.
    target: "node22.13",
    // The engine's dependencies and the package's own code come in; the user's solc never does.
    external: ["solc", "solc/*"],
    plugins: [builtinsThroughRequire, viemByFile, cliLeavesOut, sourceModulesWithoutSideEffects],
  });
  for (const file of readdirSync(outdir)) {
    console.error(
      `bundle: ${join(outdir, file)} ${(statSync(join(outdir, file)).size / 1024).toFixed(1)} KiB`,
    );
  }
} else {
  await bundleAction();
}

async function bundleAction() {
  // Chunks of an earlier build must not linger in the committed folder.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...shared,
    entryPoints: [entry],
    outdir,
    entryNames: "index",
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    plugins: [builtinsThroughRequire, viemByFile, sourceModulesWithoutSideEffects],
  });
  const files = ["index.js", ...readdirSync(join(outdir, "chunks")).map((name) => `chunks/${name}`)];
  for (const file of files) {
    console.error(
      `bundle: ${join(outdir, file)} ${(statSync(join(outdir, file)).size / 1024).toFixed(1)} KiB`,
    );
  }
}
