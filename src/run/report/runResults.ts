import { isSuccess, type VerificationResult } from "../../verify/job.js";
import type { Service } from "../../verify/verifier.js";
import type { RunBudgets } from "./runBudgets.js";

/** A run's records, in job order, with what the run says of itself. */
export type RunResults = VerificationResult[] & {
  interruptedBy?: NodeJS.Signals | undefined;
  budgets?: RunBudgets | undefined;
  /** In a shard's run: the shard, the plan and the run's contracts, for the merge. */
  shard?: ShardReport | undefined;
};

/**
 * What a shard's results carry beside the records (the JSON document's `shard`): its name, the whole plan and the
 * run's contracts, so a merge names what a shard that never reported would have verified.
 */
export interface ShardReport {
  shard: string;
  plan: Array<{
    shard: string;
    explorers: Array<{
      service: Service;
      chainId?: number | undefined;
      /** A part of an explorer split across shards: its place and its contracts' addresses. */
      part?: { index: number; of: number; addresses: string[] } | undefined;
    }>;
  }>;
  /** In a run on one chain, every explorer verifies every contract. */
  oneChain: boolean;
  contracts: Array<{ address: string; contract: string; chainId?: number | undefined }>;
}

/**
 * Whether a run succeeded: every record is a success, or belongs to a target the user made optional (its failures
 * warn instead of failing the run).
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @returns true when the run succeeded
 */
export function runSucceeded(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[] = [],
): boolean {
  return results.every(
    (result) => isSuccess(result) || optionalTargets.includes(result.target ?? "blockscout"),
  );
}

/**
 * How a door's process ends after a run: the signal's code when it was interrupted, as a shell reports it (128 + the
 * signal's number), 1 when it failed, else 0.
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @returns the exit code
 */
export function runExitCode(results: RunResults, optionalTargets: readonly Service[] = []): number {
  if (results.interruptedBy) return results.interruptedBy === "SIGINT" ? 130 : 143;
  return runSucceeded(results, optionalTargets) ? 0 : 1;
}
