import * as contract from "../client/contract/index.js";
import { isProxyNotVerified, onlyOneAttemptWaitMs } from "../client/explorerTexts.js";
import type { Transport } from "../client/transport.js";
import { ExplorerError, ProxyLinkRefusedError } from "../errors/index.js";
import type { SubmitOutcome } from "../verify/verifier.js";

/**
 * Asks an explorer of the Etherscan API's shape (`verifyproxycontract`) to link a proxy, and reads a refusal's words
 * into the engine's: a proxy not verified itself, or a link asked too soon after another.
 *
 * @param transport - the explorer's transport
 * @param proxy - the proxy, and the implementation the link must find when the service reads one
 * @returns the link's receipt
 * @throws {ProxyLinkRefusedError} for a refusal the engine acts on; the explorer's other errors as they came
 */
export async function submitProxyLink(
  transport: Transport,
  proxy: { address: string; expectedImplementation?: string | undefined },
): Promise<SubmitOutcome> {
  try {
    const id = await contract.verifyProxyContract(transport, {
      address: proxy.address,
      ...(proxy.expectedImplementation ? { expectedImplementation: proxy.expectedImplementation } : {}),
    });
    return { kind: "receipt", receipt: { id, of: "proxy-link" } };
  } catch (error) {
    if (!(error instanceof ExplorerError)) throw error;
    const waitMs = onlyOneAttemptWaitMs(error.explorerMessage);
    if (waitMs !== undefined) throw new ProxyLinkRefusedError(error, "try_again", waitMs);
    if (isProxyNotVerified(error.explorerMessage))
      throw new ProxyLinkRefusedError(error, "proxy_not_verified");
    throw error;
  }
}
