import { describe, expect, it } from "@jest/globals";
import { progressLine } from "../../src/report/progressLine.js";
import { formatResultsTable } from "../../src/report/resultsTable.js";
import { neutraliseLines, neutraliseText } from "../../src/report/terminalText.js";

const hostile =
  "Fail\n::add-mask::verified\r\n::stop-commands::pwned\u2028::set-output name=x::y\u001b[2J\u001b[31mred\u001b[0m \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007\u0000\u202etxt";

describe("explorer text on a terminal or a runner", () => {
  it("removes escape sequences and controls, flattens line breaks, and keeps workflow commands off the line start", () => {
    expect(neutraliseText(hostile)).toBe(
      "Fail ::add-mask::verified ::stop-commands::pwned ::set-output name=x::yred linktxt",
    );
    expect(neutraliseText("::error::boom")).toBe("> ::error::boom");
    expect(neutraliseText("  ##[group]x")).toBe("  > ##[group]x");
  });

  it("keeps each line of a message a line of its own, none starting a workflow command", () => {
    expect(neutraliseLines("Short.\n\nDetails: ::warning::x\u001b[1m")).toBe(
      "Short.\n\nDetails: ::warning::x",
    );
    expect(neutraliseLines("a\n::add-mask::b")).toBe("a\n> ::add-mask::b");
  });

  it("is applied to progress lines and the results table", () => {
    const line = progressLine({
      type: "pending",
      address: "0x1",
      contract: "A",
      guid: "g",
      message: hostile,
    });
    expect(line).toBe(
      "pending     A: Fail ::add-mask::verified ::stop-commands::pwned ::set-output name=x::yred linktxt",
    );
    const table = formatResultsTable([
      {
        address: "0x1",
        contract: "A",
        explorer: "http://127.0.0.1",
        format: "standard-json",
        status: "failed",
        url: "http://127.0.0.1/address/0x1#code",
        attempts: 1,
        durationMs: 10,
        message: hostile,
      },
    ]);
    for (const row of table.split("\n")) {
      expect(row).not.toMatch(/^\s*::/);
      expect(row.includes("\u001b")).toBe(false);
    }
    expect(table.split("\n").at(-1)).toBe(
      "- A (0x1): Fail ::add-mask::verified ::stop-commands::pwned ::set-output name=x::yred linktxt",
    );
  });
});
