import type { VerificationJob } from "../../verify/job.js";
import type { Service } from "../../verify/verifier.js";
import { type ShardId, shardIdText } from "./shardId.js";

/** One explorer of a run (a chain on a service), and how many of the run's contracts it verifies. */
export interface PlannedExplorer {
  service: Service;
  /** Unset in a run whose chain nothing names. */
  chainId: number | undefined;
  contracts: number;
}

/** One shard of a plan: the explorers it verifies on, whole, and its share of each budget it shares with others. */
export interface Shard {
  id: ShardId;
  explorers: PlannedExplorer[];
  /** Its explorers' contracts, added up. */
  contracts: number;
  /**
   * Per service whose key has a stated budget (Etherscan's `getapilimit`): how many shards share the key. The shard
   * spends at most that fraction of what the service states is left.
   */
  budgetShares: Partial<Record<Service, number>>;
}

/** A run split into shards: every shard of the count asked for, the empty ones too (more shards than explorers). */
export interface ShardPlan {
  shards: Shard[];
  /** A run on one chain: its explorers are told apart by service only. */
  oneChain: boolean;
}

// The services whose key states a budget of submissions shared by every chain (Etherscan's `getapilimit`).
const servicesWithStatedBudget: readonly Service[] = ["etherscan"];

/**
 * A run's explorers: each service on each chain of the jobs, with the contracts it verifies there (in a run on one
 * chain, every job).
 *
 * @param jobs - the run's contracts, as its inputs name them
 * @param services - where they go
 * @returns the explorers, by chain then service
 */
export function explorersOfJobs(
  jobs: readonly VerificationJob[],
  services: readonly Service[],
): { explorers: PlannedExplorer[]; oneChain: boolean } {
  const chains = [...new Set(jobs.map((job) => job.chainId))].sort(
    (a, b) => (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY),
  );
  const oneChain = chains.length <= 1;
  const explorers = chains.flatMap((chainId) =>
    [...new Set(services)].map((service) => ({
      service,
      chainId,
      contracts: oneChain ? jobs.length : jobs.filter((job) => job.chainId === chainId).length,
    })),
  );
  return { explorers, oneChain };
}

/**
 * Splits a run into shards by chain × service, balanced by contract count: the explorers with the most contracts
 * first, each to the shard with the fewest so far. An explorer is never split: two shards on one explorer would
 * each send at the rate it allows, twice its rate together. A key's stated budget is divided among the shards that
 * use it. The same explorers and count always give the same plan, so a shard's run recomputes its own part.
 *
 * @param explorers - the run's explorers, as {@link explorersOfJobs} gives them
 * @param count - how many shards
 * @param oneChain - the run is on one chain
 * @returns the plan: `count` shards, those beyond the number of explorers empty
 */
export function planShards(
  explorers: readonly PlannedExplorer[],
  count: number,
  oneChain: boolean,
): ShardPlan {
  const shards: Shard[] = Array.from({ length: count }, (_, index) => ({
    id: { index: index + 1, of: count },
    explorers: [],
    contracts: 0,
    budgetShares: {},
  }));
  const largestFirst = [...explorers].sort(
    (a, b) => b.contracts - a.contracts || explorerName(a).localeCompare(explorerName(b)),
  );
  for (const explorer of largestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.contracts < best.contracts ? shard : best));
    lightest.explorers.push(explorer);
    lightest.contracts += explorer.contracts;
  }
  for (const service of servicesWithStatedBudget) {
    const sharing = shards.filter((shard) => shard.explorers.some((e) => e.service === service));
    for (const shard of sharing) shard.budgetShares[service] = sharing.length;
  }
  for (const shard of shards)
    shard.explorers.sort((a, b) => (a.chainId ?? 0) - (b.chainId ?? 0) || a.service.localeCompare(b.service));
  return { shards, oneChain };
}

/**
 * @param explorer - a chain on a service
 * @returns its name for a person and a matrix: `etherscan on chain 10`, or the service alone when no chain is named
 */
export function explorerName(explorer: { service: Service; chainId?: number | undefined }): string {
  return explorer.chainId === undefined
    ? explorer.service
    : `${explorer.service} on chain ${explorer.chainId}`;
}

/** One row of a plan's matrix, as GitHub Actions hands it to a job (`matrix.shard`). */
export interface MatrixRow {
  shard: string;
  /** For a person: the explorers, comma-separated. */
  explorers: string;
  contracts: number;
  /** Per service whose budget is divided: this shard's share, as `1/3`. */
  budgetShare?: Partial<Record<Service, string>>;
}

/**
 * A plan as a GitHub Actions matrix (`strategy.matrix`): a row per shard with work; an empty shard has no job.
 *
 * @param plan - the plan
 * @returns `{ include: [...] }`
 */
export function shardMatrix(plan: ShardPlan): { include: MatrixRow[] } {
  return {
    include: plan.shards
      .filter((shard) => shard.explorers.length > 0)
      .map((shard) => {
        const shares = Object.entries(shard.budgetShares);
        return {
          shard: shardIdText(shard.id),
          explorers: shard.explorers.map(explorerName).join(", "),
          contracts: shard.contracts,
          ...(shares.length === 0
            ? {}
            : { budgetShare: Object.fromEntries(shares.map(([service, of]) => [service, `1/${of}`])) }),
        };
      }),
  };
}

/**
 * `plan`: a run's contracts and services split into `count` shards, as a GitHub Actions matrix. What `verify` with
 * a shard of it recomputes from the same contracts and services.
 *
 * @param jobs - the run's contracts, as its inputs name them
 * @param services - where they go
 * @param count - how many shards
 * @returns the matrix, a row per shard with work
 */
export function planMatrix(
  jobs: readonly VerificationJob[],
  services: readonly Service[],
  count: number,
): { include: MatrixRow[] } {
  const { explorers, oneChain } = explorersOfJobs(jobs, services);
  return shardMatrix(planShards(explorers, count, oneChain));
}
