import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { run } from "./main.js";

export { run };

// The runner starts the Action as `node dist/index.js`: then this module is the entry point and runs it. A host
// that imports the module to call run() itself (@github/local-action) must not get a second run.
if (isEntryPoint(process.argv[1])) await run();

function isEntryPoint(script: string | undefined): boolean {
  if (!script) return false;
  const self = fileURLToPath(import.meta.url);
  try {
    // Node resolves links of the main module: the runner's path may be a link to the file this URL names.
    return realpathSync(script) === self;
  } catch {
    return script === self;
  }
}
