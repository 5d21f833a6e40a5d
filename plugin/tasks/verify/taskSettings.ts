import type { HardhatConfig } from "hardhat/types/config";
import {
  type RunSettingName,
  type RunSettingValues,
  readRunSettings,
  readSetting,
  runSettings,
  type Setting,
} from "../../../src/run/settings.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/** The `explorerVerify` values that are run settings. */
export type ConfiguredSettings = Pick<
  HardhatConfig["explorerVerify"],
  "targets" | "timeoutSeconds" | "concurrency" | "requestsPerSecond" | "userAgent"
>;

/**
 * The run's settings as the task has them: an option given on the command line, else the config's `explorerVerify`
 * value, else the default; each checked against its range in the hall's words.
 *
 * @param given - each setting's option as the user typed it: a flag not given, an option not given or given empty
 *   mean "not given"
 * @param config - the config's `explorerVerify` section
 * @returns the settings
 * @throws {InvalidInputError} for a value out of its range
 */
export function taskSettings(
  given: Partial<Record<RunSettingName, string | boolean | undefined>>,
  config: ConfiguredSettings,
): RunSettingValues {
  // The settings the config takes are those of ConfiguredSettings; a list's text is its comma-separated values.
  const fromConfig = (setting: Setting) => {
    const value = setting.config ? config[setting.name as keyof ConfiguredSettings] : undefined;
    return value === undefined ? undefined : String(value);
  };
  const values = readRunSettings("task", (setting) => {
    const value = given[setting.name as RunSettingName];
    return value !== undefined && value !== false && value !== "" ? String(value) : fromConfig(setting);
  });
  // A setting only the config takes (concurrency): the command line offers no option for it, so it is not asked above.
  for (const setting of runSettings as readonly Setting[]) {
    const text = setting.option === undefined ? fromConfig(setting) : undefined;
    if (text !== undefined) Object.assign(values, { [setting.name]: readSetting(setting, text, "task") });
  }
  return values;
}

/**
 * Each run setting's option of the verify task, as the user typed it.
 *
 * @param args - the task's arguments
 * @returns the options by setting name
 */
export function givenSettings(
  args: VerifyTaskArguments,
): Partial<Record<RunSettingName, string | boolean | undefined>> {
  return Object.fromEntries(
    (runSettings as readonly Setting[]).flatMap(({ name, option }) => {
      if (option === undefined) return [];
      const value = args[option as keyof VerifyTaskArguments] as string | boolean | undefined;
      // A `no…` flag given turns its setting off (--no-wait: wait "false").
      return [[name, value === true && option.startsWith("no") ? "false" : value]];
    }),
  );
}
