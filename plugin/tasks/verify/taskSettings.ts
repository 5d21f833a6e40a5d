import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { type RunSettingValues, readRunSettings, type Setting } from "../../../src/run/settings.js";
import { asUserErrors } from "../../internal/pluginError.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/**
 * The run's settings as the task has them: an option given on the command line, else the config's
 * `explorerVerify` value, else the default; each checked against its range in the hall's words.
 *
 * @param args - the task's arguments
 * @param hre - the Hardhat runtime (its config)
 * @returns the settings
 * @throws {HardhatPluginError} for a value out of its range
 */
export async function taskSettings(
  args: VerifyTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<RunSettingValues> {
  // Each setting's option as the user typed it: a flag not given, an option not given or given empty mean "not given".
  const given: Record<string, string | boolean | undefined> = {
    targets: args.targets,
    optionalTargets: args.optionalTargets,
    wait: args.noWait ? "false" : false,
    timeoutSeconds: args.timeout,
    requestsPerSecond: args.requestsPerSecond,
    userAgent: args.userAgent,
    force: args.force,
    sendUnlisted: args.sendUnlisted,
    preflight: args.preflight,
    includeCreated: args.includeCreated,
    maxCreated: args.maxCreated,
    includeProxies: args.includeProxies,
    recheck: args.recheck,
  };
  const config = hre.config.explorerVerify;
  const configured: Record<string, string | number | undefined> = {
    targets: config.targets.join(","),
    timeoutSeconds: config.timeoutSeconds,
    concurrency: config.concurrency,
    requestsPerSecond: config.requestsPerSecond,
    userAgent: config.userAgent,
  };
  const textOf = (setting: Setting): string | undefined => {
    const value = given[setting.name];
    if (value !== undefined && value !== false && value !== "") return String(value);
    const fromConfig = setting.config ? configured[setting.name] : undefined;
    return fromConfig === undefined ? undefined : String(fromConfig);
  };
  return asUserErrors(async () => readRunSettings("task", textOf));
}
