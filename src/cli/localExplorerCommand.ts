import { exitCodes } from "./cliErrors.js";
import { usage } from "./usage.js";

/**
 * `explorer-verify local-explorer --rpc URL [--port N] …`: runs the package's local-explorer server (the
 * `explorer-verify-local-explorer` bin) in this process until it is interrupted. That module reads its flags from
 * `process.argv`, so they are put where it looks.
 *
 * @returns 0; the server keeps the process alive, and the module exits by itself on a mistake or a signal
 */
export async function localExplorerCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(usage.localExplorer);
    return exitCodes.ok;
  }
  process.argv = [...process.argv.slice(0, 2), ...argv];
  await import("../local-explorer/cli.js");
  return exitCodes.ok;
}
