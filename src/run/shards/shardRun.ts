import { InvalidInputError } from "../../errors/index.js";
import type { Target } from "../../verifiers/target.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ShardReport } from "../report/runResults.js";
import type { RunTargets } from "../targets/targets.js";
import { planDifferences } from "./planDigest.js";
import { type Shard, type ShardExplorer, shardExplorerName } from "./shard.js";
import { type ShardId, shardIdText } from "./shardId.js";
import { planWords, runPlan } from "./shardPlan.js";
import { formatRate } from "./statedRates.js";

/** A shard's part of a run: its targets, its share of each budget and rate, and what its results say of it. */
export interface ShardOfRun {
  targets: RunTargets;
  shard: Shard;
  report: ShardReport;
  /**
   * A target's jobs in this shard: on a part of a split explorer, the part's contracts (and those the plan did not
   * know, a created contract or a proxy's part, in the first part); on a whole explorer, every job given.
   */
  jobsOf: (target: Target, jobs: readonly VerificationJob[]) => VerificationJob[];
  /** A target's share of its explorer's stated rate, in requests per second; unset: the run's rate. */
  paceOf: (target: Target) => number | undefined;
}

/**
 * The part of a run one shard does: the plan is made again from the run's contracts and targets, as `plan` made it,
 * and the shard keeps its own explorers.
 *
 * @param jobs - the run's contracts, as its inputs name them (before discovery and proxies)
 * @param settings - the stated rate and the keys' secrets, as `plan` took them
 * @param given - the plan's digest, as its matrix row gives it: another plan here is refused
 * @returns the shard's targets (the others' closed by nobody: the run closes them all), its plan entry and report
 * @throws {InvalidInputError} for a setting `keySecrets` that is not one, one naming a key, or another plan's digest
 */
export function shardOfRun(
  jobs: readonly VerificationJob[],
  targets: RunTargets,
  id: ShardId,
  settings: { requestsPerSecond?: number | undefined; keySecrets?: string | undefined } = {},
  given?: string,
): ShardOfRun {
  const services = [...new Set(targets.targets.map((target) => target.service))];
  // A key, and what a URL's `${VAR}` carried (foundry.toml's `[etherscan]` url): a secret's name equal to one is refused.
  const keys = targets.targets.flatMap((target) => [
    ...("apiKey" in target && target.apiKey ? [target.apiKey] : []),
    ...("secrets" in target ? target.secrets : []),
  ]);
  const [runChainId, ...more] = targets.chainIds;
  const request = { jobs, settings: { ...settings, targets: services }, shards: id.of, keys };
  const onChain = runPlan({ ...request, chainId: more.length === 0 ? runChainId : undefined });
  // A plan made with no chain named (none given, none recorded) holds its contracts on no chain: any shard's chain
  // is its. One that named a chain is that chain's alone.
  const chainless =
    given !== undefined && runChainId !== undefined && given.trim() !== onChain.digest
      ? runPlan(request)
      : undefined;
  const { explorers, plan, contracts, digest } =
    chainless && chainless.digest === given?.trim() ? chainless : onChain;
  const differs = given === undefined ? [] : planDifferences(given.trim(), digest);
  if (differs.length > 0)
    throw new InvalidInputError(
      "plan",
      `Shard ${shardIdText(id)} is of another plan than its matrix row's (${given?.trim()}): it differs in ${differs.join(", ")}. Give the shard the plan's contracts and settings; nothing was sent.`,
    );
  const shard = plan.shards[id.index - 1] as Shard;
  const explorerOf = (target: Target): ShardExplorer | undefined =>
    shard.explorers.find(
      (explorer) =>
        explorer.service === target.service && (plan.oneChain || explorer.chainId === target.chainId),
    );
  const planned = new Set(explorers.flatMap((explorer) => explorer.addresses));
  const mine = targets.targets.filter((target) => explorerOf(target) !== undefined);
  return {
    targets: { ...targets, targets: mine, close: () => targets.close() },
    shard,
    jobsOf: (target, given) => {
      const part = explorerOf(target)?.part;
      if (!part) return [...given];
      const own = new Set(part.addresses);
      return given.filter((job) => {
        const address = job.address.toLowerCase();
        return own.has(address) || (part.index === 1 && !planned.has(address));
      });
    },
    paceOf: (target) => explorerOf(target)?.requestsPerSecond,
    report: {
      shard: shardIdText(id),
      plan: digest,
      services,
      ...(settings.requestsPerSecond === undefined ? {} : { requestsPerSecond: settings.requestsPerSecond }),
      ...(settings.keySecrets ? { keySecrets: settings.keySecrets } : {}),
      contracts,
    },
  };
}

// The shard's first line: what it verifies of the plan, its share of each divided budget and of each split rate.
export function shardLine({ shard, report }: ShardOfRun): string {
  if (shard.explorers.length === 0)
    return `shard       ${report.shard}: no explorer (the plan has fewer explorers than shards); nothing to do`;
  const shares = Object.entries(shard.budgetShares).map(
    ([service, of]) => `; 1/${of} of ${service}'s stated budget`,
  );
  const rates = shard.explorers.flatMap((explorer) =>
    explorer.requestsPerSecond === undefined
      ? []
      : [`; ${formatRate(explorer.requestsPerSecond)} requests/s on ${shardExplorerName(explorer)}`],
  );
  return `shard       ${report.shard}: ${shard.explorers.map(shardExplorerName).join(", ")} (${planWords(shard)}; plan ${report.plan})${shares.join("")}${rates.join("")}`;
}
