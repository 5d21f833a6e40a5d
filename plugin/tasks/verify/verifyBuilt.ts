import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { BuiltTaskRun } from "../../../src/run/hardhat/taskRuns.js";
import { loadDefaultExport } from "../../internal/cliArguments.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { buildProject, defaultBuildProfile, projectCompilers } from "../../internal/projectBuild.js";
import { endWith } from "../../internal/taskRun.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/** What the task has ready when the look before the build did not settle it. */
export type BuiltVerification = Omit<
  BuiltTaskRun,
  | "contracts"
  | "constructorValues"
  | "libraries"
  | "build"
  | "buildProfile"
  | "buildProfiles"
  | "networkName"
  | "rpc"
> & { hre: HardhatRuntimeEnvironment; args: VerifyTaskArguments; connection: NetworkConnection };

/**
 * Hands the hall the address (or the deployment, or the factory) with the project's build and the network's reads,
 * and ends as its run ended.
 * @param run - the task's state
 */
export async function verifyBuilt({ hre, args, connection, ...run }: BuiltVerification): Promise<void> {
  const { verifyBuiltTask } = await import("../../../src/run/hardhat/taskRuns.js");
  // A deployment or a factory names its contracts: the options of one ADDRESS are not read.
  const ownAddress = !args.createdBy && !args.deployment;
  const results = await asUserErrors(async () =>
    verifyBuiltTask({
      ...run,
      contracts: args,
      constructorValues:
        ownAddress && args.constructorArgsPath
          ? await constructorValues(args.constructorArgsPath)
          : undefined,
      libraries: ownAddress && args.librariesPath ? await libraryMap(resolve(args.librariesPath)) : {},
      build: (profile) => buildProject(hre, profile),
      buildProfile: hre.globalOptions.buildProfile ?? defaultBuildProfile,
      buildProfiles: Object.keys(hre.config.solidity.profiles),
      networkName: connection.networkName,
      // With an HTTP network, failures are explained by compiling locally against the deployed code.
      rpc:
        connection.networkConfig.type === "http"
          ? { rpcUrl: await connection.networkConfig.url.get(), compilers: projectCompilers(hre) }
          : undefined,
    }),
  );
  await endWith(results, run.settings.optionalTargets);
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
