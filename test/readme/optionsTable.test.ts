import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import {
  endMarker,
  optionsTable,
  readmePath,
  startMarker,
  withOptionsTable,
} from "../../scripts/optionsTable.js";
import { runSettings } from "../../src/run/settings.js";

// The README's table of the run's settings is written from their one declaration by scripts/optionsTable.ts.
describe("the README's options table", () => {
  const readme = readFileSync(readmePath, "utf8");

  it("is what `npx tsx scripts/optionsTable.ts --write` writes from src/run/settings.ts", () => {
    const table = readme.slice(
      readme.indexOf(startMarker) + startMarker.length + 1,
      readme.indexOf(endMarker),
    );
    expect(table).toBe(optionsTable());
    expect(withOptionsTable(readme)).toBe(readme);
  });

  it("has a row per setting, with its input, flag, default and help", () => {
    // A setting without a default shows an empty cell, not an empty code span.
    const rows = optionsTable().split("\n").slice(2, -1);
    expect(rows).toHaveLength(runSettings.length);
    const row = (name: string) => rows.find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row("timeoutSeconds")).toBe(
      "| `timeoutSeconds` | `timeout-seconds` | `--timeout` | `--timeout`, `explorerVerify.timeoutSeconds` | `300` | Time each contract may take, in seconds, from 1 to 86400: its submissions, the explorer's verdict, its proxy's link. It is the run's read budget too, unless that is given. |",
    );
    expect(row("wait")).toBe(
      "| `wait` | `wait` | `--no-wait` | `--no-wait` | `true` | Wait for each verdict (off: return after submitting, with status pending). |",
    );
    expect(row("optionalTargets")).toBe(
      "| `optionalTargets` | `optional-targets` | `--optional-targets` | `--optional-targets` |  | Targets whose failures warn instead of failing the run, comma-separated. |",
    );
  });

  it("replaces a stale table, and refuses a README without the markers", () => {
    const stale = `# x\n${startMarker}\n| old |\n${endMarker}\nafter\n`;
    expect(withOptionsTable(stale)).toBe(`# x\n${startMarker}\n${optionsTable()}${endMarker}\nafter\n`);
    expect(() => withOptionsTable("# x\n")).toThrow(
      "README.md has no <!-- options:start --> … <!-- options:end --> markers",
    );
  });
});
