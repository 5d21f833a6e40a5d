import type { VerificationJob } from "../../verify/job.js";
import { type Service, services } from "../../verify/verifier.js";
import { displayName } from "../../verify/verifyContract.js";
import type { ShardReport } from "../report/runResults.js";
import { keySecretField, parseKeySecrets } from "./keySecrets.js";
import { planDigest } from "./planDigest.js";
import {
  explorerName,
  type PlannedExplorer,
  type PlanOptions,
  type Shard,
  type ShardPlan,
  shardExplorerName,
} from "./shard.js";
import { shardIdText } from "./shardId.js";
import { placeExplorers } from "./shardPlacement.js";
import { type ExplorerRate, formatRate, splitReason } from "./statedRates.js";

// The services whose key states a budget of submissions shared by every chain (Etherscan's `getapilimit`).
const servicesWithStatedBudget: readonly Service[] = ["etherscan"];

/**
 * A run's explorers: each service on each chain of the jobs, with the contracts it verifies there (in a run on one
 * chain, every job).
 *
 * @param jobs - the run's contracts, as its inputs name them
 * @returns the explorers, by chain then service
 */
export function explorersOfJobs(
  jobs: ReadonlyArray<{ address: string; chainId?: number | undefined }>,
  services: readonly Service[],
): { explorers: PlannedExplorer[]; oneChain: boolean } {
  const chains = [...new Set(jobs.map((job) => job.chainId))].sort(
    (a, b) => (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY),
  );
  const oneChain = chains.length <= 1;
  const own = new Map(chains.map((chainId) => [chainId, [] as string[]]));
  for (const job of jobs) own.get(oneChain ? chains[0] : job.chainId)?.push(job.address.toLowerCase());
  const explorers = chains.flatMap((chainId) => {
    const addresses = (own.get(chainId) ?? []).sort();
    return [...new Set(services)].map((service) => ({
      service,
      chainId,
      contracts: addresses.length,
      addresses,
    }));
  });
  return { explorers, oneChain };
}

/**
 * Splits a run into shards by chain × service, balanced by contract count: the explorers with the most contracts
 * first, each to the shard with the fewest so far. An explorer is split only where the balance asks for it and its
 * stated rate allows the parts at once, each part at its share of the rate: two shards on one explorer would
 * otherwise each send at the rate it allows, twice its rate together. A shard uses one key per service, so
 * explorers whose keys come from different secrets go to different shards; a key's stated budget is divided among
 * the shards that use it. The same explorers, count and options always give the same plan, so a shard's run
 * recomputes its own part.
 *
 * @param explorers - the run's explorers, as {@link explorersOfJobs} gives them
 * @returns the plan: `count` shards, those beyond the number of explorers empty
 * @throws {InvalidInputError} when the shards are too few to keep each secret's explorers apart
 */
export function planShards(
  explorers: readonly PlannedExplorer[],
  count: number,
  oneChain: boolean,
  options: PlanOptions = {},
): ShardPlan {
  const { shards, keyOf, rates } = placeExplorers(explorers, count, options);
  for (const service of servicesWithStatedBudget) {
    const sharing = shards.filter((shard) => keyOf.get(shard)?.has(service));
    for (const shard of sharing)
      shard.budgetShares[service] = sharing.filter(
        (other) => keyOf.get(other)?.get(service) === keyOf.get(shard)?.get(service),
      ).length;
  }
  for (const shard of shards)
    shard.explorers.sort(
      (a, b) =>
        (a.chainId ?? 0) - (b.chainId ?? 0) ||
        a.service.localeCompare(b.service) ||
        (a.part?.index ?? 0) - (b.part?.index ?? 0),
    );
  const notes =
    count === 1
      ? []
      : explorers.map((explorer, index) => {
          const holding = shards.filter((shard) =>
            shard.explorers.some((e) => e.service === explorer.service && e.chainId === explorer.chainId),
          );
          const reason = splitReason(
            rates[index] as ExplorerRate,
            holding.length,
            holding.map((shard) => shardIdText(shard.id)),
          );
          return `${explorerName(explorer)}: ${reason}`;
        });
  return { shards, oneChain, notes };
}

/** One row of a plan's matrix, as GitHub Actions hands it to a job (`matrix.shard`, `matrix.etherscan-key-secret`). */
export type MatrixRow = {
  shard: string;
  /** The plan's digest: a shard given it refuses to run another plan, and the merge judges by it. */
  plan: string;
  /** For a person: the explorers, comma-separated. */
  explorers: string;
  /** Its contracts (a chain and an address), each once. */
  contracts: number;
  /** Its verifications: a contract on an explorer, each once. */
  verifications: number;
  /** Per service whose budget is divided: this shard's share, as `1/3`. */
  budgetShare?: Partial<Record<Service, string>>;
  /** Per part of a split explorer: its share of the stated rate, as `5 of 20 requests/s`. */
  rateShare?: Record<string, string>;
} & Partial<Record<ReturnType<typeof keySecretField>, string>>;

function shardCounts(shard: Shard): { contracts: number; verifications: number } {
  const contracts = new Set(
    shard.explorers.flatMap((explorer) =>
      explorer.addresses.map((address) => `${explorer.chainId} ${address}`),
    ),
  );
  return { contracts: contracts.size, verifications: shard.contracts };
}

/**
 * @returns its work for a person: `4 contracts, 8 verifications`
 */
export function planWords(shard: Shard): string {
  const { contracts, verifications } = shardCounts(shard);
  return `${contracts} contract${contracts === 1 ? "" : "s"}, ${verifications} verification${verifications === 1 ? "" : "s"}`;
}

/** A plan as a GitHub Actions matrix (`strategy.matrix`): a row per shard with work; an empty shard has no job. */
function shardMatrix(plan: ShardPlan, digest: string, requestsPerSecond?: number): { include: MatrixRow[] } {
  return {
    include: plan.shards
      .filter((shard) => shard.explorers.length > 0)
      .map((shard) => {
        const shares = Object.entries(shard.budgetShares);
        const parts = shard.explorers.filter((explorer) => explorer.requestsPerSecond !== undefined);
        return {
          shard: shardIdText(shard.id),
          plan: digest,
          explorers: shard.explorers.map(shardExplorerName).join(", "),
          ...shardCounts(shard),
          ...(shares.length === 0
            ? {}
            : { budgetShare: Object.fromEntries(shares.map(([service, of]) => [service, `1/${of}`])) }),
          ...(parts.length === 0
            ? {}
            : {
                rateShare: Object.fromEntries(
                  parts.map((part) => [
                    shardExplorerName(part),
                    `${formatRate(part.requestsPerSecond as number)} of ${requestsPerSecond} requests/s`,
                  ]),
                ),
              }),
          ...Object.fromEntries(
            services.flatMap((service) => {
              const secret = shard.keySecrets[service];
              return secret === undefined ? [] : [[keySecretField(service), secret]];
            }),
          ),
        };
      }),
  };
}

/** A plan as a door asks for it: the run's contracts, the settings `plan` shares with `verify`, and the count. */
export interface PlanRequest {
  /** The run's contracts, as its inputs name them. */
  jobs: readonly VerificationJob[];
  settings: {
    targets: readonly Service[];
    requestsPerSecond?: number | undefined;
    keySecrets?: string | undefined;
  };
  shards: number;
  /** The keys the run was given: a secret's name equal to one is refused. */
  keys?: ReadonlyArray<string | undefined> | undefined;
  /** The run's one chain, as the user, the files and the RPC name it: the chain of every contract that records none. */
  chainId?: number | undefined;
}

/**
 * `plan`: a run's contracts and services split into shards, as a GitHub Actions matrix, and why each explorer was or
 * was not split. What `verify` with a shard of it recomputes from the same contracts and settings.
 *
 * @returns the matrix (a row per shard with work) and the notes, a line each
 * @throws {InvalidInputError} for a setting `keySecrets` that is not one, names a key, or too few shards for its secrets
 */
export function planRun(request: PlanRequest): { matrix: { include: MatrixRow[] }; notes: string[] } {
  const { plan, digest } = runPlan(request);
  return { matrix: shardMatrix(plan, digest, request.settings.requestsPerSecond), notes: plan.notes };
}

/**
 * A run's plan and its digest, as `plan` makes them and each shard's run makes them again. A contract that records
 * no chain is on the run's one chain, so that a shard on another chain is of another plan.
 *
 * @throws {InvalidInputError} for a setting `keySecrets` that is not one, names a key, or too few shards for its secrets
 */
export function runPlan({ jobs, settings, shards, keys, chainId: runChainId }: PlanRequest): {
  explorers: PlannedExplorer[];
  plan: ShardPlan;
  contracts: ShardReport["contracts"];
  digest: string;
} {
  const services = settings.targets;
  const onChain =
    runChainId === undefined ? jobs : jobs.map((job) => ({ ...job, chainId: job.chainId ?? runChainId }));
  const { explorers, oneChain } = explorersOfJobs(onChain, services);
  const plan = planShards(explorers, shards, oneChain, {
    requestsPerSecond: settings.requestsPerSecond,
    keySecrets: parseKeySecrets(settings.keySecrets, "key-secrets", keys),
  });
  const contracts = onChain.map((job) => ({
    address: job.address,
    contract: displayName(job),
    ...(job.chainId === undefined ? {} : { chainId: job.chainId }),
  }));
  const { requestsPerSecond, keySecrets } = settings;
  const digest = planDigest({ contracts, services, shards, requestsPerSecond, keySecrets });
  return { explorers, plan, contracts, digest };
}
