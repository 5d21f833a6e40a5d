import type { ExplorerClient } from "../../src/client/ExplorerClient.js";
import { getSmartContractStatusIfSupported } from "../../src/client/rest/getSmartContractStatus.js";
import { isExplorerVerifyError } from "../../src/errors/index.js";

/** What the explorer says of an address before anything is built: verified (with its name), not, or can't tell. */
export type EarlyLook = { state: "verified"; name: string | null } | { state: "unverified" | "unknown" };

/**
 * Asks the explorer whether an address is verified before the project is built, as `hardhat verify` does, so a
 * rerun over verified contracts costs one request and no build. Only the smart-contract status endpoint can
 * answer this without knowing the contract: `getsourcecode` may answer with a bytecode twin's data.
 *
 * @param client - the explorer
 * @param address - the contract's address
 * @returns verified (fully), unverified (or only partially), or unknown (no status endpoint, or the explorer
 *   could not answer now: the engine's own pre-check asks again after the build)
 */
export async function lookBeforeBuilding(client: ExplorerClient, address: string): Promise<EarlyLook> {
  try {
    const answer = await getSmartContractStatusIfSupported(client.transport, { address });
    if (!answer.supported) return { state: "unknown" };
    if (answer.status?.isFullyVerified) return { state: "verified", name: answer.status.name };
    return { state: "unverified" };
  } catch (error) {
    if (isExplorerVerifyError(error)) return { state: "unknown" };
    throw error;
  }
}
