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
  const options = args as unknown as Record<string, unknown>;
  const config = hre.config.explorerVerify as unknown as Record<string, unknown>;
  const textOf = (setting: Setting): string | undefined => {
    const given = setting.option === undefined ? undefined : options[setting.option];
    if (given === true) return setting.option?.startsWith("no") ? "false" : "true";
    if (given !== undefined && given !== false && given !== 0 && given !== "") return String(given);
    const configured = setting.config ? config[setting.name] : undefined;
    return configured === undefined ? undefined : String(configured);
  };
  return asUserErrors(async () => readRunSettings("task", textOf));
}
