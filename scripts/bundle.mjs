// Bundles the GitHub Action (src/action/index.ts) into one ESM file, dist/index.js, and prints its size.
import { existsSync, statSync } from "node:fs";
import { build } from "esbuild";

const entry = "src/action/index.ts";
const outfile = "dist/index.js";

if (!existsSync(entry)) {
  console.error(`bundle: ${entry} does not exist yet; there is no Action to bundle.`);
  process.exit(1);
}

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  minify: true,
  legalComments: "none",
  // @actions/core 3 is ESM-only, but some bundled dependencies still call require().
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  logLevel: "warning",
});
console.log(`bundle: ${outfile} ${(statSync(outfile).size / 1024).toFixed(1)} KiB`);
