import { groupedBy } from "../kernel/groupedBy.js";
import { isSuccess, type VerificationResult } from "../verify/job.js";
import { type Service, serviceTitles } from "../verify/verifier.js";
import { statusWord } from "./statusRows.js";

/** How one contract ended on a target, or over every target of a run. */
export type ContractOutcome = "verified" | "already-verified" | "failed" | "timeout" | "pending";

/** Contracts counted by how they ended. */
export interface ContractCounts {
  contracts: number;
  verified: number;
  alreadyVerified: number;
  /** Failed or timed out. */
  failed: number;
  pending: number;
}

// A contract is its chain and address: a proxy's link record (format "proxy") is about the proxy, not another one.
function contractKey(result: VerificationResult): string {
  return `${result.chainId ?? ""} ${result.address.toLowerCase()}`;
}

function outcomeOf(records: readonly VerificationResult[]): ContractOutcome {
  if (records.some((r) => r.status === "failed")) return "failed";
  if (records.some((r) => r.status === "timeout")) return "timeout";
  if (records.some((r) => r.status === "verified")) return "verified";
  if (records.every((r) => r.status === "already-verified")) return "already-verified";
  return "pending";
}

/**
 * How each of the run's contracts ended, once each whatever the number of targets and records: failed (or timed out)
 * on a target that is not optional, else verified by this run on one at least, else already verified everywhere, else
 * pending. A proxy's link is part of its proxy: a failed link fails the proxy, a link made verifies it.
 */
function contractOutcomes(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[] = [],
): ContractOutcome[] {
  return [...groupedBy(results, contractKey).values()].map((records) => {
    const required = records.filter((r) => !optionalTargets.includes(r.target ?? "blockscout"));
    return outcomeOf(required.length > 0 ? required : records);
  });
}

/**
 * The run's contracts counted once each (see {@link contractOutcomes}); `failed` counts the timed out too.
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @returns the counts
 */
export function contractCounts(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[] = [],
): ContractCounts {
  const outcomes = contractOutcomes(results, optionalTargets);
  return {
    contracts: outcomes.length,
    verified: outcomes.filter((o) => o === "verified").length,
    alreadyVerified: outcomes.filter((o) => o === "already-verified").length,
    failed: outcomes.filter((o) => o === "failed" || o === "timeout").length,
    pending: outcomes.filter((o) => o === "pending").length,
  };
}

/** One target's contracts, counted. */
export interface TargetCounts extends ContractCounts {
  target: Service;
  title: string;
}

/**
 * Per target, the contracts counted once each (see {@link contractCounts}).
 *
 * @param results - the run's records
 * @returns each target's counts, in the order targets first appear
 */
export function countsPerTarget(results: readonly VerificationResult[]): TargetCounts[] {
  return [...groupedBy(results, (r) => r.target ?? "blockscout")].map(([target, records]) => ({
    target,
    title: serviceTitles[target],
    ...contractCounts(records),
  }));
}

/**
 * The closing line of each target: how many of its contracts are verified (this run or before), the submissions it
 * sent, and for a target whose failures only warn, that it is optional.
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @returns a line per target, e.g. `blockscout: 7 of 8 contracts verified; 5 submissions sent.`
 */
export function verifiedLines(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[] = [],
): string[] {
  return countsPerTarget(results).map(({ target, contracts, verified, alreadyVerified, failed }) => {
    const records = results.filter((r) => (r.target ?? "blockscout") === target);
    const submissions = records.reduce((sum, r) => sum + r.attempts, 0);
    const optional = optionalTargets.includes(target) && failed > 0 ? " (optional target)" : "";
    return `${target}: ${verified + alreadyVerified} of ${contracts} contract${contracts === 1 ? "" : "s"} verified${failed > 0 ? `, ${failed} failed${optional}` : ""}; ${submissions} submission${submissions === 1 ? "" : "s"} sent.`;
  });
}

/**
 * The totals line: how many contracts (a proxy's link record is part of its proxy), and how many ended each way.
 *
 * @param results - the records
 * @returns e.g. `3 contracts: 2 verified, 1 failed`
 */
export function totalsLine(results: readonly VerificationResult[]): string {
  const outcomes = contractOutcomes(results);
  const byWord = groupedBy(outcomes, (status) => statusWord({ status }));
  const parts = [...byWord].map(([label, all]) => `${all.length} ${label}`);
  const total = `${outcomes.length} contract${outcomes.length === 1 ? "" : "s"}`;
  return parts.length === 0 ? total : `${total}: ${parts.join(", ")}`;
}

/**
 * The closing counts over several targets: the contracts once, then each target's own counts.
 *
 * @param results - the records of every target
 * @param targets - the targets, in the table's order
 * @param optionalTargets - the targets whose failures only warn
 * @returns e.g. `5 contracts on blockscout, etherscan: blockscout 5 verified; etherscan 3 verified, 2 failed`
 */
export function targetTotalsLine(
  results: readonly VerificationResult[],
  targets: readonly Service[],
  optionalTargets: readonly Service[] = [],
): string {
  const contracts = contractOutcomes(results).length;
  const perTarget = targets.map((target) => {
    const own = results.filter((r) => (r.target ?? "blockscout") === target);
    const optional = optionalTargets.includes(target) && !own.every(isSuccess) ? " (optional target)" : "";
    return `${target} ${totalsLine(own).replace(/^\d+ contracts?: /, "")}${optional}`;
  });
  return `${contracts} contract${contracts === 1 ? "" : "s"} on ${targets.join(", ")}: ${perTarget.join("; ")}`;
}

/**
 * The line a failed run ends with: over several targets a contract has a record per target, so it counts the
 * contracts on each target that failed.
 *
 * @param results - the records
 * @returns e.g. `1 of 3 contracts could not be verified.`
 */
export function failureLine(results: readonly VerificationResult[]): string {
  const perTarget = countsPerTarget(results);
  const [only] = perTarget;
  if (perTarget.length === 1 && only)
    return `${only.failed} of ${only.contracts} contract${only.contracts === 1 ? "" : "s"} could not be verified.`;
  const parts = perTarget.flatMap(({ target, contracts, failed }) =>
    failed === 0 ? [] : [`${failed} of ${contracts} on ${target}`],
  );
  return `Contracts that could not be verified: ${parts.join(", ")}.`;
}
