import type { VerificationJob } from "../../verify/job.js";
import type { Service } from "../../verify/verifier.js";
import { displayName } from "../../verify/verifyContract.js";
import type { RunTargets } from "../targets.js";
import { type ShardId, shardIdText } from "./shardId.js";
import { explorerName, explorersOfJobs, planShards, type Shard } from "./shardPlan.js";

/**
 * What a shard's results carry beside the records (the JSON document's `shard`): its name, the whole plan and the
 * run's contracts, so a merge names what a shard that never reported would have verified.
 */
export interface ShardReport {
  shard: string;
  plan: Array<{ shard: string; explorers: Array<{ service: Service; chainId?: number | undefined }> }>;
  /** In a run on one chain, every explorer verifies every contract. */
  oneChain: boolean;
  contracts: Array<{ address: string; contract: string; chainId?: number | undefined }>;
}

/** A shard's part of a run: its targets, its share of each budget, and what its results say of it. */
export interface ShardOfRun {
  targets: RunTargets;
  shard: Shard;
  report: ShardReport;
}

/**
 * The part of a run one shard does: the plan is made again from the run's contracts and targets, as `plan` made it,
 * and the shard keeps its own explorers.
 *
 * @param jobs - the run's contracts, as its inputs name them (before discovery and proxies)
 * @param targets - the run's targets, resolved
 * @param id - the shard
 * @returns the shard's targets (the others' closed by nobody: the run closes them all), its plan entry and report
 */
export function shardOfRun(jobs: readonly VerificationJob[], targets: RunTargets, id: ShardId): ShardOfRun {
  const services = [...new Set(targets.targets.map((target) => target.service))];
  const { explorers, oneChain } = explorersOfJobs(jobs, services);
  const plan = planShards(explorers, id.of, oneChain);
  const shard = plan.shards[id.index - 1] as Shard;
  const mine = targets.targets.filter((target) =>
    shard.explorers.some(
      (explorer) => explorer.service === target.service && (oneChain || explorer.chainId === target.chainId),
    ),
  );
  return {
    targets: { ...targets, targets: mine, close: () => targets.close() },
    shard,
    report: {
      shard: shardIdText(id),
      plan: plan.shards.map((each) => ({
        shard: shardIdText(each.id),
        explorers: each.explorers.map(({ service, chainId }) => ({
          service,
          ...(chainId === undefined ? {} : { chainId }),
        })),
      })),
      oneChain,
      contracts: jobs.map((job) => ({
        address: job.address,
        contract: displayName(job),
        ...(job.chainId === undefined ? {} : { chainId: job.chainId }),
      })),
    },
  };
}

// The shard's first line: what it verifies of the plan, and its share of each divided budget.
export function shardLine({ shard, report }: ShardOfRun): string {
  if (shard.explorers.length === 0)
    return `shard       ${report.shard}: no explorer (the plan has fewer explorers than shards); nothing to do`;
  const shares = Object.entries(shard.budgetShares).map(
    ([service, of]) => `; 1/${of} of ${service}'s stated budget`,
  );
  return `shard       ${report.shard}: ${shard.explorers.map(explorerName).join(", ")}${shares.join("")}`;
}
