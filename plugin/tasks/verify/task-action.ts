import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { RunReporter } from "../../../src/run/commands/runReport.js";
import { runVerifyRequest } from "../../../src/run/commands/verifyRequest.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { askedBuildProfile, buildProject } from "../../internal/projectBuild.js";
import { endWith, projectPaths } from "../../internal/taskRun.js";
import { withTaskWhere } from "../../internal/taskTargets.js";
import type { VerifyTaskArguments } from "./taskArguments.js";
import { givenSettings, taskSettings } from "./taskSettings.js";

export default async function verifyTaskAction(
  given: Omit<VerifyTaskArguments, "address" | "constructorArgs"> & {
    address: string | undefined;
    constructorArgs: Array<string | undefined> | undefined;
  },
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  // Declared without defaults, so that --help shows none: an argument not given is empty here.
  const args: VerifyTaskArguments = {
    ...given,
    address: given.address ?? "",
    constructorArgs: (given.constructorArgs ?? []).filter((value) => value !== undefined),
  };
  // Checked before anything is opened: a value out of range is one line, in the hall's words.
  const settings = await asUserErrors(async () =>
    taskSettings(givenSettings(args), hre.config.explorerVerify),
  );
  const buildProfile = askedBuildProfile(hre);
  // A module of arguments or libraries that does not load is a mistake, said before anything is opened or sent.
  const modules = {
    constructorValues: args.constructorArgsPath
      ? await constructorValues(args.constructorArgsPath)
      : undefined,
    libraries: args.librariesPath ? await libraryMap(args.librariesPath) : {},
  };
  const options = {
    explorerUrl: args.explorerUrl,
    userAgent: settings.userAgent,
    optionalTargets: settings.optionalTargets,
    network: true,
    readTimeoutSeconds: settings.readTimeoutSeconds,
  };
  await withTaskWhere(hre, options, async (where) => {
    const { results } = await runVerifyRequest(
      {
        task: args,
        settings,
        where,
        paths: projectPaths(hre),
        build: (profile) => buildProject(hre, profile ?? buildProfile),
        buildProfile,
        buildProfiles: Object.keys(hre.config.solidity.profiles),
        artifactNames: () => hre.artifacts.getAllFullyQualifiedNames(),
        constructorValues: async () => modules.constructorValues,
        libraries: async () => modules.libraries,
        untilInterrupted,
      },
      new RunReporter({ json: args.json, table: true }),
    );
    if (results) await endWith(results, settings.optionalTargets);
  });
}

// --serve: the explorer's pages stay reachable until Ctrl-C (or SIGTERM); then the task closes as usual.
function untilInterrupted(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

async function constructorValues(path: string): Promise<unknown[]> {
  const values = await loadDefaultExport(path, "--constructor-args-path");
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

// The default export of a module the user names; one that does not load is the user's mistake.
async function loadDefaultExport(given: string, option: string): Promise<unknown> {
  const path = resolve(given);
  try {
    const loaded: unknown = await import(pathToFileURL(path).href);
    return typeof loaded === "object" && loaded !== null && "default" in loaded ? loaded.default : undefined;
  } catch (cause) {
    throw userError(
      `${option}: cannot load ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
