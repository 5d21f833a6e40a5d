import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ExplorerClient } from "../../client/explorerClient.js";
import type { CreatedContractJobs, CreatedContractJobsOptions } from "../../discovery/createdContractJobs.js";
import type { DiscoveryWarning } from "../../discovery/internalTransactionWalk.js";
import { ChainError, InvalidInputError } from "../../errors/index.js";
import type { CompiledContract } from "../../inputs/compiledContracts.js";
import { appendAll } from "../../kernel/appendAll.js";
import type { VerificationJob } from "../../verify/job.js";
import type { RunReporter } from "../report/runReporter.js";

/**
 * Where a run finds what its contracts' transactions created: the deployments a door names with its build and RPC
 * (the Action's inputs, the CLI's flags), or, as the task knows it, given transactions, a deployment's, or one
 * contract's creation transaction (only those `createdBy` created).
 */
export type CreatedSources =
  | { deployments: readonly string[]; artifacts: string; rpcUrl?: string | undefined; workspace: string }
  | {
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
    };

/**
 * What the jobs' transactions created joins the run (once each), and what is not submitted is said.
 *
 * @param jobs - the run's jobs, added to (and left out of the created ones)
 * @param run - the most contracts looked at per factory, and where lines go
 * @param deadline - when discovery must end, in ms since the epoch
 */
export async function discoverCreatedJobs(
  jobs: VerificationJob[],
  sources: CreatedSources,
  client: ExplorerClient,
  run: { maxCreated: number | undefined; reporter: RunReporter },
  deadline: number,
): Promise<void> {
  const { reporter } = run;
  // Pages that never end cannot hold the run.
  const created = await createdJobsOf(sources, jobs, client, {
    deadline,
    maxCreated: run.maxCreated,
    onWarning: (warning) => reporter.info(`warning     ${warning.message}`),
  });
  for (const clone of created.clones)
    reporter.info(
      `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
    );
  for (const twin of created.twins ?? [])
    reporter.info(
      `twin        ${twin.address} (created by ${twin.createdBy.factory}): the same deployed code as ${twin.twinOf}, not submitted; the explorer shows it verified through its twin`,
    );
  for (const skipped of created.skipped)
    reporter.info(
      `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
    );
  const known = new Set(jobs.map((job) => job.address.toLowerCase()));
  for (const job of created.jobs) if (!known.has(job.address.toLowerCase())) jobs.push(job);
}

/**
 * The contracts created inside the sources' transactions, and (for a door's deployments) those every job's contract
 * created in any later call (its whole history on the explorer, else the chain's traces with `rpc-url`), at most
 * `maxCreated` per factory, matched against the build; clones, twins and contracts the build lacks are reported.
 *
 * @param ownJobs - the run's own jobs (left out of the created ones; for deployments, each one's history is read)
 * @param limits - the run's deadline (ms since the epoch), the cap per factory, and where discovery's warnings go
 * @returns jobs (with `createdBy`), clones, twins and skipped contracts
 * @throws {InvalidInputError} when a file cannot be read, the explorer knows no creation of `creationOf`, or
 *   nothing `createdBy` created is found (the node's refusal to trace said)
 */
export async function createdJobsOf(
  sources: CreatedSources,
  ownJobs: readonly VerificationJob[],
  explorer: ExplorerClient,
  limits: {
    deadline: number;
    maxCreated: number | undefined;
    onWarning: (warning: DiscoveryWarning) => void;
  },
): Promise<CreatedContractJobs> {
  const found: Required<CreatedContractJobs> = { jobs: [], clones: [], skipped: [], twins: [] };
  // The creations asked of the explorer too: one that never answers cannot hold the run past its deadline.
  const client = ExplorerClient.until(explorer, limits.deadline);
  // One deployment after the other, each read when its turn comes.
  const searches =
    "deployments" in sources
      ? (sources.deployments.length > 0 ? sources.deployments : [undefined]).map(
          (deployment) => () => deploymentSearch(sources, deployment, ownJobs, client),
        )
      : [() => taskSearch(sources, client)];
  // Loaded only with include-created: the first request does not wait for discovery.
  const { createdContractJobs } = await import("../../discovery/createdContractJobs.js");
  const asked = "createdBy" in sources ? sources : undefined;
  const factory = asked?.createdBy?.toLowerCase();
  const mine = <T extends { createdBy?: { factory: string } | undefined }>(items: T[] | undefined) =>
    (items ?? []).filter((item) => !factory || item.createdBy?.factory === factory);
  let untraced: ChainError | undefined;
  for (const search of searches) {
    const { transactions, ...options } = await search();
    if (transactions.length === 0 && !options.factories?.length) continue;
    // Discovery binds the client to the deadline itself.
    const created = await createdContractJobs(transactions, {
      ...options,
      client: explorer,
      exclude: ownJobs.map((job) => job.address),
      ...(limits.maxCreated === undefined ? {} : { maxCreated: limits.maxCreated }),
      deadline: limits.deadline,
      onWarning: limits.onWarning,
    }).catch((error: unknown) => {
      // A trace the node refused (an unknown hash, no debug_traceTransaction) is why --created-by finds nothing.
      const refused = error instanceof ChainError && error.method === "debug_traceTransaction";
      if (!factory || !refused || error.unreachable) throw error;
      untraced = error;
    });
    appendAll(found.jobs, mine(created?.jobs));
    appendAll(found.clones, mine(created?.clones));
    appendAll(found.skipped, mine(created?.skipped));
    appendAll(found.twins, mine(created?.twins));
  }
  if (asked?.createdBy && Object.values(found).every((list) => list.length === 0)) {
    const where = `No contract created by ${asked.createdBy} was found in --tx ${asked.transactions?.join(",")}`;
    throw new InvalidInputError(
      "created-by",
      untraced
        ? `${where}: the network did not trace it (${untraced.shortMessage.replace(/\.$/, "")}). Check --tx, or use a network whose node answers debug_traceTransaction (an archive node).`
        : `${where}: check --created-by and --tx.`,
    );
  }
  return found;
}

type Search = Pick<CreatedContractJobsOptions, "contracts" | "chain" | "factories"> & {
  transactions: string[];
};

// One deployment's transactions (a Foundry broadcast's, an Ignition journal's), or none, and every job as a factory.
async function deploymentSearch(
  sources: Extract<CreatedSources, { deployments: unknown }>,
  deployment: string | undefined,
  ownJobs: readonly VerificationJob[],
  client: ExplorerClient,
): Promise<Search> {
  const { workspace } = sources;
  const transactions: string[] = [];
  let buildDir = resolve(workspace, sources.artifacts);
  const [hashes, { isHardhatDeployFolder }, { readBuildInfos }, { contractsOf }, { creationChainFromRpc }] =
    await Promise.all([
      import("../../discovery/deploymentTransactions.js"),
      import("../../inputs/hardhatDeployFiles.js"),
      import("../../inputs/buildInfo.js"),
      import("../../inputs/compiledContracts.js"),
      import("../../discovery/createdContracts.js"),
    ]);
  if (deployment) {
    const path = resolve(workspace, deployment);
    if (path.endsWith(".json")) appendAll(transactions, await hashes.foundryBroadcastTransactionHashes(path));
    // A hardhat-deploy folder's contracts are jobs already: their creations are read below.
    else if (!isHardhatDeployFolder(path)) {
      appendAll(transactions, await hashes.ignitionTransactionHashes(path));
      if (!existsSync(buildDir)) buildDir = join(path, "build-info");
    }
  }
  const deployed = [...new Set(ownJobs.map((job) => job.address.toLowerCase()))];
  const creations = deployed.length > 0 ? await client.getContractCreation({ addresses: deployed }) : [];
  for (const creation of creations) transactions.push(creation.txHash);
  if (transactions.length === 0 && deployed.length === 0) return { transactions, contracts: [] };
  const createdIn = new Map(
    creations.map((creation) => [creation.contractAddress.toLowerCase(), creation.txHash]),
  );
  return {
    transactions: [...new Set(transactions)],
    contracts: (await readBuildInfos(buildDir, "artifacts", { root: workspace })).flatMap(contractsOf),
    ...(sources.rpcUrl ? { chain: creationChainFromRpc(sources.rpcUrl) } : {}),
    factories: deployed.map((address) => ({ address, creationTransaction: createdIn.get(address) })),
  };
}

// The task's transactions: given, an Ignition deployment's, or the explorer's creation of one contract.
async function taskSearch(
  sources: Exclude<CreatedSources, { deployments: unknown }>,
  client: ExplorerClient,
): Promise<Search> {
  const chain = {
    traceTransaction: (hash: string) => sources.chain.traceTransaction(hash),
    code: (address: string) => sources.chain.getCode(address),
  };
  const search = async (transactions: string[]) => ({
    transactions,
    contracts: await sources.contracts(),
    chain,
  });
  if (sources.transactions) return search([...sources.transactions]);
  if (sources.ignitionDeployment) {
    const { ignitionTransactionHashes } = await import("../../discovery/deploymentTransactions.js");
    return search(await ignitionTransactionHashes(sources.ignitionDeployment));
  }
  const address = sources.creationOf ?? "";
  const [creation] = await client.getContractCreation({ addresses: [address] });
  if (!creation) {
    throw new InvalidInputError(
      "address",
      `The explorer knows no creation transaction of ${address}, so the contracts it created cannot be found: give them with --created-by ${address} --tx HASH.`,
    );
  }
  return search([creation.txHash]);
}
