import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { taskSettings as settingsOf } from "../../../src/run/hardhat/taskSettings.js";
import type { RunSettingValues } from "../../../src/run/settings.js";
import { asUserErrors } from "../../internal/pluginError.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/**
 * The run's settings as the task has them: the options, else the config's `explorerVerify` values, else the defaults.
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
  // Each setting's option as the user typed it.
  const given = {
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
  return asUserErrors(async () => settingsOf(given, hre.config.explorerVerify));
}
