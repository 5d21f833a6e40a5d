import { assertAddress } from "../../kernel/validate.js";
import { type HardhatRunWhere, onOneTarget, type RunWhere } from "./runWhere.js";

/**
 * One `fetch ADDRESS`: writes what the Blockscout explorer holds for a verified contract (its ABI, settings, sources
 * and creation) to a folder.
 *
 * @param request - the contract, the folder, where; `foundExplorer` told which explorer the network found
 * @param writeLine - told of each file written
 * @throws {InvalidInputError} for a malformed address, or one the explorer has no source for
 */
export async function runFetchRequest(
  request: {
    address: string;
    out: string;
    where: RunWhere | HardhatRunWhere;
    foundExplorer?: ((line: string) => void) | undefined;
  },
  writeLine: (line: string) => void,
): Promise<void> {
  assertAddress(request.address);
  await onOneTarget(request.where, "blockscout", request.foundExplorer, async (targets) => {
    const { runFetch } = await import("../runners/runFetch.js");
    await runFetch(targets, request.address, request.out, writeLine);
  });
}
