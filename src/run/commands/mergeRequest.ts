import { type MergeRequest, type MergeResults, mergeShards } from "../shards/mergeShards.js";

export type { MergeResults } from "../shards/mergeShards.js";

/**
 * One `merge`: the shards' folders into one ledger and one report, judged by their plan; nothing is sent.
 *
 * @param request - the shards' folders, the merged ledger, the reporter
 * @returns every record once, whether every shard reported, and those that did not
 */
export async function runMergeRequest(request: MergeRequest): Promise<MergeResults> {
  return mergeShards(request);
}
