import type { BadManifestEntry } from "../../inputs/manifest.js";
import type { Target } from "../../verifiers/target.js";
import type { ResultError, VerificationJob, VerificationResult } from "../../verify/job.js";
import { serviceRecord } from "../../verify/jobRecord.js";
import type { Verifier } from "../../verify/verifier.js";
import { displayName } from "../../verify/verifyContract.js";

/** A contract the run names but sends nowhere, and why: a failed record on each target. */
export interface UnsentContract {
  address: string;
  /** How records show it. */
  contract: string;
  chainId?: number | undefined;
  /** Why, for a person. */
  message: string;
  error: ResultError;
  /** The record's format: `proxy` for a proxy's link never attempted. Default `standard-json`. */
  format?: VerificationResult["format"] | undefined;
}

/**
 * The record of a contract the run sends nowhere, on one target: failed, with why.
 *
 * @param verifier - the target's verifier, for its pages
 */
export function unsentRecord(
  contract: UnsentContract,
  target: Target,
  verifier: Verifier,
): VerificationResult {
  return serviceRecord(verifier, contract.address, contract.contract, {
    format: contract.format ?? "standard-json",
    status: "failed",
    message: contract.message,
    error: contract.error,
    ...(target.chainId === undefined ? {} : { chainId: target.chainId }),
    target: target.service,
  });
}

/**
 * The record of a job a signal stopped: failed, with what a rerun does (its caller names its chain and service).
 *
 * @param verifier - the target's verifier, for its pages
 * @param guid - the submission's guid, when one was sent
 */
export function interruptedRecord(
  job: VerificationJob,
  verifier: Verifier,
  signal: NodeJS.Signals,
  guid: string | undefined,
): VerificationResult {
  return serviceRecord(verifier, job.address, displayName(job), {
    format: job.source.format,
    status: "failed",
    ...(guid ? { guid } : {}),
    attempts: guid ? 1 : 0,
    message: guid
      ? `Interrupted (${signal}) before the explorer's verdict; the guid ${guid} is in the ledger, and a rerun polls it.`
      : `Interrupted (${signal}) before its submission was sent; a rerun sends it.`,
    error: { code: "interrupted" },
  });
}

// The refusals that stop a target's work, each with what lets a rerun take its contracts up where they were left
// (the ledger keeps what was done).
const resumedBy = new Map<string, string>([
  ["quota_exhausted", "a rerun with the ledger after the quota resets resumes them"],
  ["plan_required", "a rerun with a key whose plan covers this chain resumes them"],
  ["invalid_api_key", "a rerun with a valid key resumes them"],
  ["bot_protection", "a rerun with either way out resumes them"],
]);

/**
 * A service that stopped the run's work on it (a used-up quota, a plan, a refused key) is said once, in one line.
 *
 * @returns one line per stopped service
 */
export function stoppedTargetLines(results: readonly VerificationResult[]): string[] {
  const stopped = new Map<string, { message: string; resumed: string; count: number }>();
  for (const result of results) {
    const resumed = result.error && resumedBy.get(result.error.code);
    if (!result.target || !result.error || !resumed) continue;
    const seen = stopped.get(result.target);
    stopped.set(result.target, {
      message: seen?.message ?? result.message ?? result.error.code,
      resumed: seen?.resumed ?? resumed,
      count: (seen?.count ?? 0) + 1,
    });
  }
  return [...stopped].map(
    ([service, { message, resumed, count }]) =>
      `stopped     ${service}: ${message} (${count} contract${count === 1 ? "" : "s"} not verified there; ${resumed})`,
  );
}

/**
 * A manifest entry (or a deployment's contract) that could not become a job, as a contract the run sends nowhere.
 *
 * @param entry - the entry and why
 */
export function unsentEntry(entry: BadManifestEntry): UnsentContract {
  const { address, contract, format, error } = entry;
  return {
    address,
    contract: contract ?? address,
    format,
    message: error.shortMessage,
    error: { code: error.code },
  };
}
