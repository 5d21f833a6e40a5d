import { join, resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { resolveProxy } from "../../../src/chain/proxyKinds.js";
import type { ExplorerClient } from "../../../src/client/explorerClient.js";
import { type CreatedContractJobs, createdContractJobs } from "../../../src/discovery/createdContractJobs.js";
import { ignitionTransactionHashes } from "../../../src/discovery/deploymentTransactions.js";
import type { BuildInfo } from "../../../src/inputs/buildInfo.js";
import type { CompiledContract } from "../../../src/inputs/compiledContracts.js";
import { contractsOf } from "../../../src/inputs/compiledContracts.js";
import { constructorInputs, typedConstructorValues } from "../../../src/inputs/constructorValues.js";
import { createContractJob } from "../../../src/inputs/contractJob.js";
import { findContract } from "../../../src/inputs/findContract.js";
import { readIgnitionDeployment } from "../../../src/inputs/ignitionDeployment.js";
import { contractsMatching, inferContract, isDeployedCodeOf } from "../../../src/inputs/inferContract.js";
import { singleFileSourceOf } from "../../../src/inputs/singleFileSource.js";
import { linkedLibraryAddresses } from "../../../src/recompile/bytecodeTransformations.js";
import { interruptedExitCode } from "../../../src/run/interruption.js";
import type { ProxyAddress, ProxySources } from "../../../src/run/proxyJobs.js";
import type { RunReporter } from "../../../src/run/runReporter.js";
import { type DiscoveryLimits, runSucceeded, runVerify } from "../../../src/run/runVerify.js";
import type { RunSettingValues } from "../../../src/run/settings.js";
import type { RunTargets } from "../../../src/run/targets.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import { displayName } from "../../../src/verify/verifyContract.js";
import type { ChainAccess } from "../../internal/chainAccess.js";
import { loadDefaultExport } from "../../internal/cliArguments.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { buildProject, projectCompilers } from "../../internal/projectBuild.js";
import { bundleWriter } from "./bundleWriter.js";
import { hardhatDeployFolder, hardhatDeployTaskJobs } from "./hardhatDeployFolder.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/** What the task has ready when the look before the build did not settle it. */
export interface BuiltVerification {
  hre: HardhatRuntimeEnvironment;
  args: VerifyTaskArguments;
  /** The run's settings: the options, else the config, else the defaults. */
  settings: RunSettingValues;
  connection: NetworkConnection;
  chain: ChainAccess;
  targets: RunTargets;
  reporter: RunReporter;
  /** The look before the build found the contract not verified: the engine's pre-check is not repeated. */
  checkedUnverified: boolean;
  /** The ledger file, if any. */
  ledger: string | undefined;
}

/**
 * Builds the project, makes the jobs (one address, a proxy and its implementation, or an Ignition deployment),
 * verifies them and reports.
 * @param run - the task's state
 */
export async function verifyBuilt(run: BuiltVerification): Promise<void> {
  const { hre, args, settings, connection, chain, targets, reporter, checkedUnverified, ledger } = run;
  const found = await asUserErrors(
    async (): Promise<AddressJobs | { jobs: VerificationJob[]; proxies: []; contracts: undefined }> =>
      args.createdBy
        ? { jobs: [], proxies: [], contracts: undefined }
        : args.deployment
          ? { jobs: await deploymentJobs(hre, args.deployment), proxies: [], contracts: undefined }
          : addressJobs(hre, args, chain, reporter),
  );
  const { jobs } = found;
  const proxies: ProxySources | undefined =
    args.proxy || settings.includeProxies
      ? {
          addresses: found.proxies,
          includeProxies: settings.includeProxies,
          chainOf: () => chain,
          contracts: async () => found.contracts ?? (await buildProject(hre)).buildInfos.flatMap(contractsOf),
        }
      : undefined;
  // With an HTTP network, failures are explained by compiling locally against the deployed code.
  const rpc =
    connection.networkConfig.type === "http"
      ? { rpcUrl: await connection.networkConfig.url.get(), compilers: projectCompilers(hre) }
      : undefined;
  if (settings.preflight && !rpc) {
    throw userError(
      `--preflight needs a network reached over HTTP; "${connection.networkName}" is Hardhat's in-process network.`,
    );
  }
  const results = await asUserErrors(() =>
    runVerify({
      jobs,
      targets,
      settings,
      rpc,
      ledger: ledger ? { path: ledger, recheck: settings.recheck } : undefined,
      // Through the hall, as every door's: the run's deadline, max-created, the warning on what was left out.
      discoverCreated:
        settings.includeCreated || args.createdBy
          ? (client, limits) => createdJobs({ hre, args, connection, chain }, jobs, client, limits)
          : undefined,
      proxies,
      reporter,
      interruptible: true,
      // The look before the build was the pre-check.
      preChecked: checkedUnverified,
      beforeVerifying: bundleWriter(args.writeBundle, targets.chainIds[0], reporter),
    }),
  );
  // Interrupted: the table is printed; answers still in flight must not hold the process.
  if (results.interruptedBy) process.exit(interruptedExitCode(results.interruptedBy));
  if (!runSucceeded(results, settings.optionalTargets)) process.exitCode = 1;
}

/**
 * The jobs of an Ignition deployment, rows of one contract deployed several times named by their future.
 * @param hre - the Hardhat runtime
 * @param id - the deployment's ID (its folder under ignition/deployments)
 * @returns the jobs and the deployment's chain id
 */
export async function ignitionJobs(
  hre: HardhatRuntimeEnvironment,
  id: string,
): Promise<{ jobs: VerificationJob[]; chainId: number | undefined }> {
  const folder = hardhatDeployFolder(hre, id);
  if (folder) return hardhatDeployTaskJobs(hre, id, folder);
  const deployment = await readIgnitionDeployment(join(ignitionDeploymentsDir(hre), id), {
    artifactsDir: hre.config.paths.artifacts,
  });
  const label = displayName;
  const counts = new Map<string, number>();
  for (const { job } of deployment.contracts) counts.set(label(job), (counts.get(label(job)) ?? 0) + 1);
  const jobs = deployment.contracts.map(({ futureId, job }) =>
    (counts.get(label(job)) ?? 0) > 1 ? { ...job, contract: `${label(job)} (${futureId})` } : job,
  );
  const named = /^chain-(\d+)$/.exec(id);
  return { jobs, chainId: deployment.chainId ?? (named ? Number(named[1]) : undefined) };
}

/**
 * The project's `ignition/deployments` folder.
 * @param hre - the Hardhat runtime
 * @returns its path
 */
export function ignitionDeploymentsDir(hre: HardhatRuntimeEnvironment): string {
  const ignitionPaths =
    (hre.config.paths as { ignition?: string }).ignition ?? join(hre.config.paths.root, "ignition");
  return join(ignitionPaths, "deployments");
}

// The network's chain and the deployment's were checked when the targets were resolved.
async function deploymentJobs(hre: HardhatRuntimeEnvironment, id: string): Promise<VerificationJob[]> {
  const folder = hardhatDeployFolder(hre, id);
  if (folder) return (await hardhatDeployTaskJobs(hre, id, folder)).jobs;
  const ignitionPaths =
    (hre.config.paths as { ignition?: string }).ignition ?? join(hre.config.paths.root, "ignition");
  const deployment = await readIgnitionDeployment(join(ignitionPaths, "deployments", id), {
    artifactsDir: hre.config.paths.artifacts,
  });
  // Rows of one contract deployed several times say which future each is.
  const label = displayName;
  const counts = new Map<string, number>();
  for (const { job } of deployment.contracts) counts.set(label(job), (counts.get(label(job)) ?? 0) + 1);
  return deployment.contracts.map(({ futureId, job }) =>
    (counts.get(label(job)) ?? 0) > 1 ? { ...job, contract: `${label(job)} (${futureId})` } : job,
  );
}

/** The jobs of one ADDRESS, and with --proxy the proxy itself when its own code is not in the build. */
interface AddressJobs {
  jobs: VerificationJob[];
  /** A proxy named with --proxy that makes no job of its own (a clone, a proxy built elsewhere). */
  proxies: ProxyAddress[];
  /** The build's contracts, where the parts of a proxy are found. */
  contracts: CompiledContract[];
}

async function addressJobs(
  hre: HardhatRuntimeEnvironment,
  args: VerifyTaskArguments,
  chain: ChainAccess,
  reporter: RunReporter,
): Promise<AddressJobs> {
  const { buildProfile, buildInfos } = await buildProject(hre);
  reporter.info(
    `Built with the "${buildProfile}" profile (${buildInfos.length} build${buildInfos.length === 1 ? "" : "s"})`,
  );
  const contracts = buildInfos.flatMap(contractsOf);
  const libraries = args.librariesPath ? await libraryMap(resolve(args.librariesPath)) : {};
  if (!args.proxy) {
    const deployed = await deployedContract(buildInfos, chain, args.address, args.contract, buildProfile);
    return { jobs: [await job(deployed, args.address, args, libraries)], proxies: [], contracts };
  }
  // The hall reads the proxy's kind and adds its parts (implementations, beacon, facets, admin) as jobs of their own.
  const code = await chain.code(args.address);
  if (code === "0x") throw userError(`There is no contract at ${args.address} on this network.`);
  // --contract and the constructor arguments describe ADDRESS, the proxy, as without --proxy; a --contract that
  // names one of its parts' contracts is taken for that part instead (the codes differ: no ambiguity).
  const named = args.contract ? findContract(buildInfos, args.contract, "--contract") : undefined;
  if (named && !isDeployedCodeOf(named, code)) {
    const found = await resolveProxy(chain, args.address);
    const parts = [...(found?.implementations ?? []), ...(found?.beacon ? [found.beacon] : [])];
    for (const part of parts) {
      const partCode = await chain.code(part);
      if (!isDeployedCodeOf(named, partCode)) continue;
      const noArguments = {
        ...args,
        contract: undefined,
        constructorArgs: [],
        constructorArgsPath: undefined,
      };
      const own = await addressJobs(hre, noArguments, chain, reporter);
      return {
        ...own,
        jobs: [...own.jobs, await job({ contract: named, code: partCode }, part, args, libraries)],
      };
    }
    throw userError(
      `The code at ${args.address} is not ${named.userFqn} as built with the "${buildProfile}" profile, nor is any of its parts'. Check --contract, the network and --build-profile, or leave --contract out to infer it.`,
    );
  }
  if (!named && contractsMatching(contracts, code).length === 0) {
    reporter.info(
      `The proxy's own code at ${args.address} is not in this project's build: it is not verified here, only its parts, and linked (the explorer needs the proxy verified already).`,
    );
    return { jobs: [], proxies: [{ address: args.address }], contracts };
  }
  // Several contracts of the build with the proxy's code: inferContract says so and asks for --contract.
  const proxyContract = await deployedContract(buildInfos, chain, args.address, args.contract, buildProfile);
  return {
    jobs: [{ ...(await job(proxyContract, args.address, args, libraries)), proxyAddress: args.address }],
    proxies: [],
    contracts,
  };
}

async function deployedContract(
  buildInfos: BuildInfo[],
  chain: ChainAccess,
  address: string,
  name: string | undefined,
  buildProfile: string,
): Promise<DeployedContract> {
  const code = await chain.code(address);
  if (code === "0x") throw userError(`There is no contract at ${address} on this network.`);
  if (!name) return { contract: inferContract(buildInfos.flatMap(contractsOf), code, address), code };
  const contract = findContract(buildInfos, name, "--contract");
  if (!isDeployedCodeOf(contract, code)) {
    throw userError(
      `The code at ${address} is not ${contract.userFqn} as built with the "${buildProfile}" profile. Check --contract, the network and --build-profile, or leave --contract out to infer it.`,
    );
  }
  return { contract, code };
}

interface DeployedContract {
  contract: CompiledContract;
  /** The code at its address. */
  code: string;
}

async function job(
  { contract, code }: DeployedContract,
  address: string,
  args: Pick<VerifyTaskArguments, "constructorArgs" | "constructorArgsPath" | "format">,
  libraries: Record<string, string>,
): Promise<VerificationJob> {
  const linked = { ...linkedLibraryAddresses(contract.deployedLinkReferences, code), ...libraries };
  const base = createContractJob(contract, {
    address,
    ...(Object.keys(linked).length ? { libraries: linked } : {}),
    ...(await constructorArguments(contract, args)),
  });
  if (
    constructorInputs(contract.abi).length > 0 &&
    !args.constructorArgs.length &&
    !args.constructorArgsPath
  ) {
    // Read them from the explorer's creation data, after the compiled creation code.
    base.constructorArguments = { recoverFrom: { creationBytecode: contract.bytecode } };
  }
  if (args.format === "single-file" || args.format === "flattened") {
    base.source = singleFileSourceOf(contract, args.format);
    // These formats name a library by its bare name: the file it sat in is gone.
    if (base.libraries) {
      base.libraries = Object.fromEntries(
        Object.entries(base.libraries).map(([name, address]) => [
          name.slice(name.lastIndexOf(":") + 1),
          address,
        ]),
      );
    }
  }
  if (args.format === "registry") {
    if (!contract.metadata) {
      throw userError(
        `--format registry needs the compiler metadata of ${contract.userFqn}, which this build did not keep.`,
      );
    }
    const metadataSources = Object.keys(JSON.parse(contract.metadata).sources ?? {});
    base.source = {
      format: "registry",
      metadata: contract.metadata,
      sources: metadataSources.map((name) => ({
        name,
        content: contract.input.sources[name]?.content ?? "",
      })),
    };
  }
  return base;
}

async function constructorArguments(
  contract: CompiledContract,
  args: Pick<VerifyTaskArguments, "constructorArgs" | "constructorArgsPath">,
): Promise<{ constructorArguments?: { values: readonly unknown[] } }> {
  if (args.constructorArgsPath) {
    const values = await loadDefaultExport(resolve(args.constructorArgsPath), "--constructor-args-path");
    if (!Array.isArray(values))
      throw userError("--constructor-args-path: the module's default export must be an array of arguments.");
    return { constructorArguments: { values } };
  }
  if (args.constructorArgs.length > 0) {
    return { constructorArguments: { values: typedConstructorValues(contract.abi, args.constructorArgs) } };
  }
  return {};
}

async function libraryMap(path: string): Promise<Record<string, string>> {
  const value = await loadDefaultExport(path, "--libraries-path");
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw userError("--libraries-path: the module's default export must map library names to addresses.");
  }
  return Object.fromEntries(Object.entries(value).map(([name, address]) => [name, String(address)]));
}

/**
 * The jobs of the contracts created inside the deployment's transactions, ADDRESS's creation transaction, or the
 * --tx transactions (only those --created-by created); clones and contracts the build lacks are reported by the hall,
 * not verified.
 */
async function createdJobs(
  run: Pick<BuiltVerification, "hre" | "args" | "connection" | "chain">,
  ownJobs: readonly VerificationJob[],
  client: ExplorerClient,
  limits: DiscoveryLimits,
): Promise<CreatedContractJobs> {
  const { hre, args, connection, chain } = run;
  let transactions: string[];
  if (args.createdBy && args.tx) transactions = args.tx.split(",").map((hash) => hash.trim());
  else if (args.deployment)
    transactions = await ignitionTransactionHashes(ignitionDeploymentDir(hre, args.deployment));
  else {
    const [creation] = await client.getContractCreation({ addresses: [args.address] });
    if (!creation) {
      throw userError(
        `The explorer knows no creation transaction of ${args.address}, so the contracts it created cannot be found: give them with --created-by ${args.address} --tx HASH.`,
      );
    }
    transactions = [creation.txHash];
  }
  const { buildInfos } = await buildProject(hre);
  const outcome = await createdContractJobs(transactions, {
    contracts: buildInfos.flatMap(contractsOf),
    client,
    chain: {
      traceTransaction: (hash) =>
        connection.provider.request({
          method: "debug_traceTransaction",
          params: [hash, { tracer: "callTracer" }],
        }),
      code: (address) => chain.code(address),
    },
    exclude: ownJobs.map((job) => job.address),
    ...(limits.maxCreated === undefined ? {} : { maxCreated: limits.maxCreated }),
    deadline: limits.deadline,
    onWarning: limits.onWarning,
  });
  const factory = args.createdBy?.toLowerCase();
  const mine = <T extends { createdBy?: { factory: string } | undefined }>(items: T[] | undefined) =>
    (items ?? []).filter((item) => !factory || item.createdBy?.factory === factory);
  return {
    jobs: mine(outcome.jobs),
    clones: mine(outcome.clones),
    skipped: mine(outcome.skipped),
    twins: mine(outcome.twins),
  };
}

function ignitionDeploymentDir(hre: HardhatRuntimeEnvironment, id: string): string {
  const ignitionPaths =
    (hre.config.paths as { ignition?: string }).ignition ?? join(hre.config.paths.root, "ignition");
  return join(ignitionPaths, "deployments", id);
}
