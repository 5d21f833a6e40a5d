import { ExplorerClient } from "../client/explorerClient.js";
import { blockscoutTransportOptions, type TransportSettings } from "../verifiers/blockscoutVerifier.js";
import type { BlockscoutTarget } from "../verifiers/target.js";

/**
 * A reading client for a resolved Blockscout target, with its route, key and headers: what `fetch` reads through,
 * and what a run's discovery of created contracts reads.
 *
 * @param target - the explorer, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the client
 */
export function explorerClientFor(
  target: BlockscoutTarget,
  settings: TransportSettings = {},
): ExplorerClient {
  return new ExplorerClient({
    ...blockscoutTransportOptions(target, settings),
    pagesUrl: target.instanceUrl,
  });
}
