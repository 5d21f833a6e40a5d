import { join, resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { BuildInfo } from "../../../src/inputs/buildInfo.js";
import { contractsOf } from "../../../src/inputs/compiledContracts.js";
import type { RequestedFormat } from "../../../src/options/verificationOptions.js";
import { addressJobs } from "../../../src/run/addressJobs.js";
import { createdJobsOf } from "../../../src/run/createdJobs.js";
import type { ProviderChain } from "../../../src/run/hardhat/providerChain.js";
import { ignitionJobs } from "../../../src/run/ignitionJobs.js";
import { interruptedExitCode } from "../../../src/run/interruption.js";
import type { RunReporter } from "../../../src/run/runReporter.js";
import { runSucceeded, runVerify } from "../../../src/run/runVerify.js";
import type { RunSettingValues } from "../../../src/run/settings.js";
import type { RunTargets } from "../../../src/run/targets.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import { loadDefaultExport } from "../../internal/cliArguments.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { buildProject, defaultBuildProfile, projectCompilers } from "../../internal/projectBuild.js";
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
  chain: ProviderChain;
  targets: RunTargets;
  reporter: RunReporter;
  /** The look before the build found the contract not verified: the engine's pre-check is not repeated. */
  checkedUnverified: boolean;
  /** The ledger file, if any. */
  ledger: string | undefined;
}

/**
 * Builds the project, hands the hall the address (or the Ignition deployment, or the factory) with the build and the
 * network's reads, and lets it verify and report.
 * @param run - the task's state
 */
export async function verifyBuilt(run: BuiltVerification): Promise<void> {
  const { hre, args, settings, connection, chain, targets, reporter, checkedUnverified, ledger } = run;
  let built: Promise<BuildInfo[]> | undefined;
  const build = () => {
    built ??= buildProject(hre).then(({ buildProfile, buildInfos }) => {
      const count = `${buildInfos.length} build${buildInfos.length === 1 ? "" : "s"}`;
      reporter.info(`Built with the "${buildProfile}" profile (${count})`);
      return buildInfos;
    });
    return built;
  };
  const contracts = async () => (await build()).flatMap(contractsOf);
  const found = await asUserErrors(async () =>
    args.createdBy
      ? { jobs: [], proxies: [] }
      : args.deployment
        ? { jobs: await deploymentJobs(hre, args.deployment), proxies: [] }
        : addressJobs({
            address: args.address,
            build,
            chain,
            contract: args.contract,
            constructorArguments: args.constructorArgsPath
              ? { values: await constructorValues(args.constructorArgsPath) }
              : { words: args.constructorArgs },
            libraries: args.librariesPath ? await libraryMap(resolve(args.librariesPath)) : {},
            format: args.format as RequestedFormat,
            proxy: args.proxy,
            naming: {
              chain: "this network",
              build: `with the "${hre.globalOptions.buildProfile ?? defaultBuildProfile}" profile`,
              check: "--contract, the network and --build-profile",
            },
          }),
  );
  const { jobs } = found;
  if (found.proxies.length > 0)
    reporter.info(
      `The proxy's own code at ${args.address} is not in this project's build: it is not verified here, only its parts, and linked (the explorer needs the proxy verified already).`,
    );
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
          ? createdJobsOf(
              {
                transactions:
                  args.createdBy && args.tx ? args.tx.split(",").map((hash) => hash.trim()) : undefined,
                ignitionDeployment: args.deployment && join(ignitionDeploymentsDir(hre), args.deployment),
                creationOf: args.address,
                createdBy: args.createdBy,
                contracts,
                chain,
              },
              jobs,
            )
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

// A hardhat-deploy or rocketh network folder, else an Ignition deployment's ID.
async function deploymentJobs(hre: HardhatRuntimeEnvironment, id: string): Promise<VerificationJob[]> {
  const folder = hardhatDeployFolder(hre, id);
  if (folder) return (await hardhatDeployTaskJobs(hre, id, folder)).jobs;
  return (await ignitionJobs(ignitionDeploymentsDir(hre), id, hre.config.paths.artifacts)).jobs;
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

async function constructorValues(path: string): Promise<unknown[]> {
  const values = await loadDefaultExport(resolve(path), "--constructor-args-path");
  if (!Array.isArray(values))
    throw userError("--constructor-args-path: the module's default export must be an array of arguments.");
  return values;
}

async function libraryMap(path: string): Promise<Record<string, string>> {
  const value = await loadDefaultExport(path, "--libraries-path");
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw userError("--libraries-path: the module's default export must map library names to addresses.");
  }
  return Object.fromEntries(Object.entries(value).map(([name, address]) => [name, String(address)]));
}
