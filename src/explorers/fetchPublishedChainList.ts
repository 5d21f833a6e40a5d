import { fetchListJson } from "./fetchListJson.js";
import type { KnownExplorer } from "./knownExplorer.js";
import { type ChainListTrust, maxChainListBytes, parsePublishedChainList } from "./publishedChainList.js";

/**
 * Reads Blockscout's published list of instances, the whole answer within the time limit.
 *
 * @param listUrl - the list's URL
 * @param timeoutMs - the time limit, body included
 * @param trust - whether loopback `http://` instances are accepted
 * @returns the instances by chain id
 * @throws {Error} with a short reason: timed out, connection failure, HTTP status, not JSON, not the list's shape
 */
export async function fetchPublishedChainList(
  listUrl: string,
  timeoutMs: number,
  trust: ChainListTrust = {},
): Promise<Map<number, KnownExplorer>> {
  return parsePublishedChainList(await fetchListJson(listUrl, timeoutMs, maxChainListBytes), trust);
}
