import * as z from "../../kernel/zod.js";
import { isSuccess, type VerificationResult } from "../../verify/job.js";
import { type Service, services } from "../../verify/verifier.js";
import type { RunBudgets } from "./runBudgets.js";

/** A run's records, in job order, with what the run says of itself. */
export type RunResults = VerificationResult[] & {
  interruptedBy?: NodeJS.Signals | undefined;
  budgets?: RunBudgets | undefined;
  /** In a shard's run: the shard, the plan and the run's contracts, for the merge. */
  shard?: ShardReport | undefined;
};

/**
 * What a shard's results carry beside the records (the JSON document's `shard`): its name, the plan's digest and what
 * the plan is made of, so a merge works the plan out again, judges each shard by it, and names what a shard that
 * never reported would have verified.
 */
export const shardReportSchema = z.object({
  shard: z.string(),
  /** The plan's digest (`planDigest`): the same in every matrix row and shard of one plan. */
  plan: z.string(),
  services: z.array(z.enum(services)),
  requestsPerSecond: z.optional(z.number()),
  /** The keys' secrets, by name, as the setting `keySecrets` gave them. */
  keySecrets: z.optional(z.string()),
  contracts: z.array(
    z.object({ address: z.string(), contract: z.string(), chainId: z.optional(z.number()) }),
  ),
});
export type ShardReport = z.infer<typeof shardReportSchema>;

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
