import { assertAddress } from "../../kernel/validate.js";
import { type HardhatRunWhere, type RunWhere, targetsOfRun, tellFoundExplorer } from "./runWhere.js";

/** One `fetch ADDRESS`, as a door hands it to the hall. */
export interface FetchRequest {
  address: string;
  /** The folder the files are written to. */
  out: string;
  where: RunWhere | HardhatRunWhere;
  /** Told which explorer was found for the network, when the user named none. */
  foundExplorer?: ((line: string) => void) | undefined;
}

/**
 * Writes what the Blockscout explorer holds for a verified contract: its ABI, settings, sources and creation.
 *
 * @param request - the contract, the folder, where
 * @param writeLine - told of each file written
 * @throws {InvalidInputError} for a malformed address, or one the explorer has no source for
 */
export async function runFetchRequest(
  request: FetchRequest,
  writeLine: (line: string) => void,
): Promise<void> {
  assertAddress(request.address);
  const targets = await targetsOfRun(request.where, ["blockscout"]);
  try {
    tellFoundExplorer(targets, request.where, request.foundExplorer);
    const { runFetch } = await import("../runners/runFetch.js");
    await runFetch(targets.targets, request.address, request.out, writeLine);
  } finally {
    await targets.close();
  }
}
