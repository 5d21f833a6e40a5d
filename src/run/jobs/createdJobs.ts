import type { ExplorerClient } from "../../client/explorerClient.js";
import type { CreatedContractJobs } from "../../discovery/createdContractJobs.js";
import { InvalidInputError } from "../../errors/index.js";
import type { CompiledContract } from "../../inputs/compiledContracts.js";
import type { VerificationJob } from "../../verify/job.js";
import type { DiscoveryLimits } from "./createdJobsOfRun.js";

/** Where a run finds what one contract's or one deployment's transactions created, as the task knows it. */
export interface CreatedSources {
  /** The transactions to look in (`--tx`); else an Ignition deployment's; else `creationOf`'s creation. */
  transactions?: readonly string[] | undefined;
  /** An Ignition deployment's folder: its journal's transactions. */
  ignitionDeployment?: string | undefined;
  /** The contract whose creation transaction the explorer names. */
  creationOf?: string | undefined;
  /** Only what this factory created (`--created-by`). */
  createdBy?: string | undefined;
  /** The build the created contracts are matched against. */
  contracts: () => Promise<CompiledContract[]>;
  /** The chain's traces (`debug_traceTransaction` with the call tracer) and code. */
  chain: { traceTransaction(hash: string): Promise<unknown>; getCode(address: string): Promise<string> };
}

/**
 * How a run discovers the contracts created inside given transactions, a deployment's, or one contract's creation
 * transaction (only those `createdBy` created); clones and contracts the build lacks are reported, not verified.
 *
 * @param sources - where the transactions, the build and the chain are
 * @param ownJobs - the run's own jobs, left out of the created ones
 * @returns the discovery the run calls with its explorer and deadline
 */
export function createdJobsOf(
  sources: CreatedSources,
  ownJobs: readonly VerificationJob[],
): (client: ExplorerClient, limits: DiscoveryLimits) => Promise<CreatedContractJobs> {
  return async (client, limits) => {
    const transactions = await transactionsOf(sources, client);
    const { createdContractJobs } = await import("../../discovery/createdContractJobs.js");
    const outcome = await createdContractJobs(transactions, {
      contracts: await sources.contracts(),
      client,
      chain: {
        traceTransaction: (hash) => sources.chain.traceTransaction(hash),
        code: (address) => sources.chain.getCode(address),
      },
      exclude: ownJobs.map((job) => job.address),
      ...(limits.maxCreated === undefined ? {} : { maxCreated: limits.maxCreated }),
      deadline: limits.deadline,
      onWarning: limits.onWarning,
    });
    const factory = sources.createdBy?.toLowerCase();
    const mine = <T extends { createdBy?: { factory: string } | undefined }>(items: T[] | undefined) =>
      (items ?? []).filter((item) => !factory || item.createdBy?.factory === factory);
    return {
      jobs: mine(outcome.jobs),
      clones: mine(outcome.clones),
      skipped: mine(outcome.skipped),
      twins: mine(outcome.twins),
    };
  };
}

async function transactionsOf(sources: CreatedSources, client: ExplorerClient): Promise<string[]> {
  if (sources.transactions) return [...sources.transactions];
  if (sources.ignitionDeployment) {
    const { ignitionTransactionHashes } = await import("../../discovery/deploymentTransactions.js");
    return ignitionTransactionHashes(sources.ignitionDeployment);
  }
  const address = sources.creationOf ?? "";
  const [creation] = await client.getContractCreation({ addresses: [address] });
  if (!creation) {
    throw new InvalidInputError(
      "address",
      `The explorer knows no creation transaction of ${address}, so the contracts it created cannot be found: give them with --created-by ${address} --tx HASH.`,
    );
  }
  return [creation.txHash];
}
