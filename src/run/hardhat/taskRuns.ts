import { resolve } from "node:path";
import type { ProxyChainReader } from "../../chain/proxyKinds.js";
import { InvalidInputError } from "../../errors/index.js";
import type { BuildInfo } from "../../inputs/buildInfo.js";
import type { CompiledContract } from "../../inputs/compiledContracts.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import type { RequestedFormat } from "../../options/verificationOptions.js";
import type { VerificationJob } from "../../verify/job.js";
import { addressJobs, chainAt } from "../jobs/addressJobs.js";
import type { CreatedSources } from "../jobs/createdJobs.js";
import type { ProxySources } from "../jobs/proxyJobs.js";
import type { RunReporter } from "../report/runReporter.js";
import type { RunResults } from "../report/runResults.js";
import { type RunVerifyRequest, runVerify } from "../runners/runVerify.js";
import type { RunSettingValues } from "../settings.js";
import type { NamedUrl, RunTargets } from "../targets/targets.js";
import { matchingBuild, type ProfileBuild } from "./matchingBuildProfile.js";
import type { TaskContracts } from "./taskArgumentChecks.js";
import type { TaskDeployment } from "./taskDeployments.js";

/** A run of the task on targets already resolved, as the task hands it to the hall. */
export interface TaskRun {
  settings: RunSettingValues;
  /** The run's read budget, made by the request. */
  reads: ReadsDeadline;
  targets: RunTargets;
  reporter: RunReporter;
  ledger: string | undefined;
  /** `--write-bundle FILE`. */
  writeBundle?: string | undefined;
}

/** What the task has when it verifies from the project's build: its arguments and the Hardhat facts. */
export interface BuiltTaskRun extends TaskRun {
  contracts: TaskContracts;
  /** `--constructor-args-path`'s values, loaded. */
  constructorValues?: readonly unknown[] | undefined;
  /** `--libraries-path`'s map, loaded. */
  libraries: Record<string, string>;
  /** The `--deployment` read already. */
  deployment?: TaskDeployment | undefined;
  /** Builds the project with a profile (default the one asked): the build infos of that build. */
  build: (profile?: string) => Promise<ProfileBuild>;
  /** The profile the build uses, for messages. */
  buildProfile: string;
  /** Every profile of the project: tried in turn when the asked one's build does not match the code at ADDRESS. */
  buildProfiles?: readonly string[] | undefined;
  /** The network's reads, through its provider. */
  chain: ProxyChainReader & Extract<CreatedSources, { chain: unknown }>["chain"];
  networkName: string;
  /** The network's URL and the project's compilers, for an HTTP network (local compiles explain failures). */
  rpc?: { rpcUrl: string; compilers: string[] } | undefined;
  /** The look before the build found the contract not verified: the engine's pre-check is not repeated. */
  checkedUnverified: boolean;
}

/**
 * Builds the project once asked, turns the address (or the deployment, or the factory's transactions) into jobs with
 * the build and the network's reads, and verifies them; every door's run, with the task's words.
 *
 * @param run - the task's arguments, the Hardhat facts and the run's targets
 * @returns the run's records
 * @throws {InvalidInputError} for `--preflight` on an in-process network, or what makes no jobs
 */
export async function verifyBuiltTask(run: BuiltTaskRun): Promise<RunResults> {
  const { contracts: args, settings, chain, reporter } = run;
  let built: Promise<BuildInfo[]> | undefined;
  // One ADDRESS whose own code is in the build: the profile it was built with is found by its code.
  const profiles = run.buildProfiles;
  const findProfile = profiles && args.address && !args.createdBy && !run.deployment && !args.proxy;
  const build = () => {
    built ??= (
      findProfile
        ? matchingBuild({
            address: args.address,
            contract: args.contract,
            chain,
            asked: run.buildProfile,
            profiles,
            build: run.build,
            onOtherProfile: (line) => reporter.info(line),
          })
        : run.build()
    ).then(({ buildProfile, buildInfos }) => {
      const count = `${buildInfos.length} build${buildInfos.length === 1 ? "" : "s"}`;
      reporter.info(`Built with the "${buildProfile}" profile (${count})`);
      return buildInfos;
    });
    return built;
  };
  const { contractsOf } = await import("../../inputs/compiledContracts.js");
  const contracts = async () => (await build()).flatMap(contractsOf);
  const found = args.createdBy
    ? { jobs: [], proxies: [] }
    : run.deployment
      ? { jobs: run.deployment.jobs, proxies: [] }
      : await addressJobs({
          address: args.address,
          creationTransaction: args.creationTxHash,
          build,
          chain,
          contract: args.contract,
          constructorArguments: run.constructorValues
            ? { values: run.constructorValues }
            : { words: [...args.constructorArgs] },
          libraries: run.libraries,
          format: args.format as RequestedFormat,
          proxy: args.proxy,
          naming: {
            chain: "this network",
            build: `with the "${run.buildProfile}" profile`,
            check: "--contract, the network and --build-profile",
          },
        });
  if (found.proxies.length > 0)
    reporter.info(
      `The proxy's own code at ${args.address} is not in this project's build: it is not verified here, only its parts, and linked (the explorer needs the proxy verified already).`,
    );
  if (settings.preflight && !run.rpc) {
    throw new InvalidInputError(
      "preflight",
      `--preflight needs a network reached over HTTP; "${run.networkName}" is Hardhat's in-process network.`,
    );
  }
  return verifyTask(run, found.jobs, {
    rpc: run.rpc,
    // Through the hall, as every door's: the run's deadline, max-created, the warning on what was left out.
    discoverCreated:
      settings.includeCreated || args.createdBy
        ? {
            transactions:
              args.createdBy && args.tx ? args.tx.split(",").map((hash) => hash.trim()) : undefined,
            ignitionDeployment: run.deployment?.ignitionFolder,
            creationOf: args.address,
            createdBy: args.createdBy,
            contracts,
            chain,
          }
        : undefined,
    proxies:
      args.proxy || settings.includeProxies
        ? {
            addresses: found.proxies,
            includeProxies: settings.includeProxies,
            chainOf: () => chain,
            contracts,
          }
        : undefined,
    // The look before the build was the pre-check.
    preChecked: run.checkedUnverified,
    // One network's run: its chain goes to the bundle's contracts.
    bundleChainId: run.targets.chainIds[0],
  });
}

/**
 * Verifies jobs read already (a bundle, several deployments), each on its own chain's targets, in one batch.
 *
 * @param run - the run's targets, settings and options
 * @param jobs - the contracts
 * @param more - what the run adds from a build and a network, and the chain of the bundle's contracts that say none
 * @returns the run's records
 */
export async function verifyTask(
  run: TaskRun,
  jobs: VerificationJob[],
  {
    bundleChainId,
    ...more
  }: Pick<RunVerifyRequest, "rpc" | "discoverCreated" | "proxies" | "preChecked"> & {
    bundleChainId?: number | undefined;
  } = {},
): Promise<RunResults> {
  const { settings, reporter, writeBundle } = run;
  return runVerify({
    ...run,
    jobs,
    ...more,
    ledger: run.ledger ? { path: run.ledger, recheck: settings.recheck } : undefined,
    interruptible: true,
    beforeVerifying: writeBundle
      ? (await import("../jobs/bundleWriter.js")).bundleWriterStep(
          { path: resolve(writeBundle), field: "--write-bundle", chainId: bundleChainId, askedFor: true },
          (line) => reporter.info(line),
        )
      : undefined,
  });
}

/**
 * Where `include-proxies` reads a run on several chains (deployments, a bundle): each chain from the network chosen for
 * it, the parts from the project's build, each read only when a proxy is looked at.
 *
 * @param networks - the HTTP network of each chain, as the targets chose them
 * @param build - builds the project
 * @returns the sources the hall reads
 */
export function proxiesOnChains(
  networks: Record<number, NamedUrl>,
  build: () => Promise<ProfileBuild>,
): ProxySources {
  const chains = new Map<number, ProxyChainReader>();
  let contracts: Promise<CompiledContract[]> | undefined;
  return {
    includeProxies: true,
    chainOf: ({ chainId }, endsAt) => {
      const network = chainId === undefined ? undefined : networks[chainId];
      if (chainId === undefined || !network) return undefined;
      const chain = chains.get(chainId) ?? chainAt(network.url, endsAt);
      chains.set(chainId, chain);
      return chain;
    },
    contracts: () => {
      contracts ??= Promise.all([build(), import("../../inputs/compiledContracts.js")]).then(
        ([{ buildInfos }, { contractsOf }]) => buildInfos.flatMap(contractsOf),
      );
      return contracts;
    },
  };
}

/**
 * The names of what was given beside `--bundle` that names contracts too (a bundle names them all): refused.
 *
 * @param args - the task's arguments, `--write-bundle` among them
 * @param settings - the run's settings
 * @returns the options, as the user typed them
 */
export function namedBesideBundle(
  args: TaskContracts & { writeBundle?: string | undefined },
  settings: RunSettingValues,
): string[] {
  return [
    ...(args.address || args.constructorArgs.length > 0 ? ["ADDRESS"] : []),
    ...(args.deployment ? ["--deployment"] : []),
    ...(args.contract ? ["--contract"] : []),
    ...(args.proxy ? ["--proxy"] : []),
    ...(args.creationTxHash ? ["--creation-tx-hash"] : []),
    ...(args.createdBy || args.tx ? ["--created-by"] : []),
    ...(args.writeBundle ? ["--write-bundle"] : []),
    ...(settings.includeCreated ? ["--include-created"] : []),
    ...(settings.preflight ? ["--preflight"] : []),
  ];
}
