// Writes the README's table of the run's settings from their one declaration (src/run/settings.ts), between the
// markers `<!-- options:start -->` and `<!-- options:end -->`. test/readme/optionsTable.test.ts fails when the
// README's table is not what this writes.
//
//   npx tsx scripts/optionsTable.ts           # prints the table
//   npx tsx scripts/optionsTable.ts --write   # writes it into README.md
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nameIn, runSettings, type Setting } from "../src/run/settings.js";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..");
export const readmePath = join(repository, "README.md");
export const startMarker = "<!-- options:start -->";
export const endMarker = "<!-- options:end -->";

/** A cell's text: a pipe would end the cell. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

function code(text: string | undefined): string {
  return text === undefined ? "" : `\`${text}\``;
}

/** The task's spelling: its option, and `explorerVerify.<name>` where the config takes the setting. */
function taskCell(setting: Setting): string {
  const spellings = [
    ...(setting.option === undefined ? [] : [code(nameIn(setting, "task"))]),
    ...(setting.config ? [code(`explorerVerify.${setting.name}`)] : []),
  ];
  return spellings.join(", ");
}

/**
 * The table of the run's settings: one row per setting, with its name in each door, its default and its help.
 *
 * @returns the Markdown table, one line per row, ending with a line break
 */
export function optionsTable(): string {
  const rows = (runSettings as readonly Setting[]).map((setting) =>
    [
      code(setting.name),
      code(setting.input),
      setting.flag === undefined ? "" : code(nameIn(setting, "cli")),
      taskCell(setting),
      setting.default === undefined || setting.default === "" ? "" : code(String(setting.default)),
      cell(setting.help),
    ].join(" | "),
  );
  return [
    "| setting | Action input | CLI flag | task option, config | default | what it does |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
    "",
  ].join("\n");
}

/**
 * The README with the table between its markers replaced by {@link optionsTable}.
 *
 * @param readme - the README's text
 * @returns the text with the current table
 * @throws {Error} when the markers are missing or out of order
 */
export function withOptionsTable(readme: string): string {
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`README.md has no ${startMarker} … ${endMarker} markers`);
  return `${readme.slice(0, start + startMarker.length)}\n${optionsTable()}${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--write")) {
    await writeFile(readmePath, withOptionsTable(await readFile(readmePath, "utf8")));
    console.log(`wrote the options table into ${readmePath}`);
  } else {
    process.stdout.write(optionsTable());
  }
}
