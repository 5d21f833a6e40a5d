import type { VerificationResult } from "../verify/job.js";
import { rowsOfResults, type StatusRow, spanOf } from "./statusRows.js";
import { neutraliseText } from "./terminalText.js";

/**
 * Renders result records as a plain-text table for a terminal (see {@link statusTableText}), and the message of each
 * record that has one below it. Explorer text in them is neutralised for the terminal.
 *
 * @param results - the records
 * @returns the table, lines joined with `\n`
 */
export function formatResultsTable(results: readonly VerificationResult[]): string {
  const rows = rowsOfResults(results);
  const notes = notesOf(rows);
  return [statusTableText(rows), ...(notes.length ? ["", ...notes] : [])].join("\n");
}

/**
 * Renders status rows as a plain-text table: contract, address, status (a failure in capitals) and link; a Chain
 * column when the rows span chains, a Target column when they span services, and the time and guid when rows have
 * them. Every cell is neutralised for the terminal.
 *
 * @param rows - the rows
 * @returns the table, lines joined with `\n`
 */
export function statusTableText(rows: readonly StatusRow[]): string {
  const time = (row: StatusRow) =>
    row.durationMs === undefined ? "" : `${(row.durationMs / 1_000).toFixed(1)} s`;
  const status = (row: StatusRow) =>
    row.status === "failed" || row.status === "timeout" ? row.word.toUpperCase() : row.word;
  const { services, chains } = spanOf(rows);
  const columns: Column[] = [
    ["Contract", (row) => row.contract],
    ...when(chains > 1, ["Chain", (row) => String(row.chainId ?? "-")]),
    ["Address", (row) => row.address],
    ...when(services.length > 1, ["Target", (row) => row.service]),
    ["Status", status],
    ...when(
      rows.some((row) => row.durationMs !== undefined),
      ["Time", time],
    ),
    ...when(
      rows.some((row) => row.guid),
      ["Guid", (row) => row.guid ?? ""],
    ),
    ["Link", (row) => row.link],
  ];
  const cells = rows.map((row) => columns.map(([, cell]) => neutraliseText(cell(row))));
  const header = columns.map(([title]) => title);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

type Column = readonly [title: string, cell: (row: StatusRow) => string];

const when = (shown: boolean, column: Column): Column[] => (shown ? [column] : []);

// Each row's message below the table; a message that several rows share (the ledger's word on a rerun, one
// service's refusal) is said once, with how many records it is about.
function notesOf(rows: readonly StatusRow[]): string[] {
  const { services, chains } = spanOf(rows);
  const where = (row: StatusRow) =>
    `${services.length > 1 ? ` on ${row.service}` : ""}${chains > 1 ? ` (chain ${row.chainId ?? "-"})` : ""}`;
  const byMessage = new Map<string, StatusRow[]>();
  for (const row of rows)
    if (row.message) byMessage.set(row.message, [...(byMessage.get(row.message) ?? []), row]);
  return [...byMessage].map(([message, about]) => {
    const [only] = about;
    if (about.length === 1 && only)
      return neutraliseText(
        `- ${only.contract.replace(/^\s*└ /, "")} (${only.address})${where(only)}: ${message}`,
      );
    return neutraliseText(`- ${about.length} records (${spanOf(about).services.join(", ")}): ${message}`);
  });
}
