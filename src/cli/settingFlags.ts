import { runSettings, type Setting } from "../run/settings.js";

// The CLI's flags of the settings table: declared for parseArgs, read back as the table's text, listed in --help.

/**
 * The settings' flags `copy` does not take, of those `verify` takes: `--to` names the targets, and a copy builds
 * nothing and compiles nothing (no preflight, and no created contracts: they need a build to match).
 */
export const copyLeavesOut = ["targets", "preflight", "include-created", "max-created"];

/**
 * The CLI's `verify` flags of the settings, for `parseArgs`: a switch is a boolean flag, anything else a string.
 *
 * @returns the flags' declarations
 */
export function settingFlags(): Record<string, { type: "boolean" | "string" }> {
  return Object.fromEntries(
    (runSettings as readonly Setting[]).flatMap((setting) =>
      setting.flag ? [[setting.flag, { type: setting.type === "switch" ? "boolean" : "string" }]] : [],
    ),
  );
}

/**
 * The text of a CLI flag as {@link readSetting} reads it: a switch given is `true` (`false` for a `--no-…` flag).
 *
 * @param setting - the setting
 * @param values - the parsed flags
 * @returns the text, or undefined when the flag was not given
 */
export function flagText(setting: Setting, values: Record<string, unknown>): string | undefined {
  const value = setting.flag === undefined ? undefined : values[setting.flag];
  if (value === undefined || value === false) return undefined;
  if (value === true) return setting.flag?.startsWith("no-") ? "false" : "true";
  return String(value);
}

/**
 * The `--help` lines of the settings' flags.
 *
 * @param shown - which flags the usage lists (default all)
 * @returns one entry per flag (its lines, wrapped), aligned as the rest of the usage
 */
export function settingFlagLines(shown: (flag: string) => boolean = () => true): string[] {
  return (runSettings as readonly Setting[]).flatMap((setting) => {
    if (!setting.flag || !shown(setting.flag)) return [];
    const value =
      setting.type === "switch"
        ? ""
        : setting.type === "text"
          ? " TEXT"
          : setting.type === "list"
            ? " SERVICES"
            : setting.auto
              ? " N|auto"
              : setting.name.endsWith("TimeoutSeconds") || setting.name === "timeoutSeconds"
                ? " SECONDS"
                : " N";
    const shownDefault =
      setting.type !== "switch" && setting.default !== undefined && setting.default !== ""
        ? ` (default ${setting.default})`
        : "";
    const help = setting.flag.startsWith("no-") ? (setting.negatedHelp ?? setting.help) : setting.help;
    return [wrapped(`  --${setting.flag}${value}`.padEnd(30), help.replace(/\.$/, "") + shownDefault)];
  });
}

// A setting's help as the hand-written lines are: wrapped at 118 columns, each further line under the first's text.
function wrapped(head: string, text: string): string {
  const [first = "", ...words] = text.split(" ");
  const lines = [`${head}${first}`];
  for (const word of words) {
    const last = lines.length - 1;
    if ((lines[last] as string).length + 1 + word.length <= 118) lines[last] += ` ${word}`;
    else lines.push(`${" ".repeat(head.length)}${word}`);
  }
  return lines.join("\n");
}
