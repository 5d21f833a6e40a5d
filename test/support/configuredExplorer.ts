import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { ServedVerificationConfig } from "../../src/local-explorer/verificationConfig.js";
import { soljsonOf } from "./solcJsReleases.js";

/**
 * Runs `use` against a local explorer that serves the verification config given and builds with solc 0.8.31 (osaka by
 * default), counting every request it received; closes it after.
 *
 * @param rpcUrl - the chain
 * @param config - what the explorer's verification config lists, and the builds it fails
 * @param use - the test's part, given the explorer and its received requests
 * @returns what `use` returns
 */
export async function withConfiguredExplorer<T>(
  rpcUrl: string,
  config: ServedVerificationConfig,
  use: (explorer: LocalExplorer, requests: ReceivedRequest[]) => Promise<T>,
): Promise<T> {
  const requests: ReceivedRequest[] = [];
  const explorer = await startLocalExplorer({
    rpcUrl,
    stateFile: false,
    compilers: [soljsonOf("0.8.31")],
    verificationConfig: config,
    onRequest: (request) => requests.push(request),
  });
  try {
    return await use(explorer, requests);
  } finally {
    await explorer.close();
  }
}
