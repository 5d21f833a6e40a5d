import { groupedBy } from "../kernel/groupedBy.js";
import type { VerificationResult } from "../verify/job.js";
import { type ContractLine, contractLines, rowsOfResults, type StatusRow, spanOf } from "./statusRows.js";
import { neutraliseText } from "./terminalText.js";

/**
 * Renders result records as a plain-text table for a terminal: contract, address, status, time, link, and the
 * message of each record that has one below the table; over several targets, a row per contract and a column per
 * target with its status, each contract's links below; records on several chains get a Chain column after the
 * contract. Explorer text in them is neutralised for the terminal.
 *
 * @param results - the records
 * @returns the table, lines joined with `\n`
 */
export function formatResultsTable(results: readonly VerificationResult[]): string {
  const rows = rowsOfResults(results);
  const { services, chains } = spanOf(rows);
  const chainOf = (row: StatusRow) => String(row.chainId ?? "-");
  const notes = notesOf(rows);
  const tail = notes.length ? ["", ...notes] : [];
  if (services.length <= 1)
    return [
      tableText(rows, [
        ["Contract", (row) => row.contract],
        ...when(chains > 1, ["Chain", chainOf]),
        ["Address", (row) => row.address],
        ["Status", statusLabel],
        ["Time", (row) => `${((row.durationMs ?? 0) / 1_000).toFixed(1)} s`],
        ["Explorer", (row) => row.link],
      ]),
      ...tail,
    ].join("\n");
  const lines = contractLines(rows);
  const table = tableText(lines, [
    ["Contract", ([first]) => first.contract],
    ...when<ContractLine>(chains > 1, ["Chain", ([first]) => chainOf(first)]),
    ["Address", ([first]) => first.address],
    ...services.map((service): Column<ContractLine> => [service, ([, by]) => statusLabel(by.get(service))]),
  ]);
  const links = lines.map(([first, by]) => {
    const pages = services.flatMap((service) =>
      by.get(service)?.link ? [`${service} ${by.get(service)?.link}`] : [],
    );
    return neutraliseText(`- ${nameOf(first)}: ${pages.join("  ")}`);
  });
  return [table, "", ...links, ...tail].join("\n");
}

/** A column of a terminal table: its title, and the text of its cell in an item's row. */
export type Column<T> = readonly [title: string, cell: (item: T) => string];

/**
 * Renders items as a plain-text table, a row each: the columns' titles, a rule, and the cells, each neutralised for
 * the terminal and padded to its column's width.
 *
 * @param items - the rows' items
 * @param columns - the columns
 * @returns the table, lines joined with `\n`
 */
export function tableText<T>(items: readonly T[], columns: ReadonlyArray<Column<T>>): string {
  const cells = items.map((item) => columns.map(([, cell]) => neutraliseText(cell(item))));
  const header = columns.map(([title]) => title);
  // Folded, not spread: a spread of one argument per row overflows the stack past about 125,000 rows.
  const widths = header.map((title, column) =>
    cells.reduce((widest, row) => Math.max(widest, row[column]?.length ?? 0), title.length),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

const when = <T>(shown: boolean, column: Column<T>): Column<T>[] => (shown ? [column] : []);

// The contract's name alone, without its place under its factory, in the lines below the table.
const nameOf = (row: StatusRow) => row.contract.replace(/^\s*└ | \(created by [^)]*\)$/g, "");

// A failure stands out in capitals; a service without the contract has a dash.
const statusLabel = (row: StatusRow | undefined) =>
  !row ? "-" : row.status === "failed" || row.status === "timeout" ? row.word.toUpperCase() : row.word;

// Each row's message below the table; a message that several rows share (the ledger's word on a rerun, one
// service's refusal) is said once, with how many records it is about.
function notesOf(rows: readonly StatusRow[]): string[] {
  const { services, chains } = spanOf(rows);
  const where = (row: StatusRow) =>
    `${services.length > 1 ? ` on ${row.service}` : ""}${chains > 1 ? ` (chain ${row.chainId ?? "-"})` : ""}`;
  const byMessage = groupedBy(
    rows.filter((row) => row.message),
    (row) => row.message ?? "",
  );
  return [...byMessage].map(([message, about]) => {
    const [only] = about;
    if (about.length === 1 && only)
      return neutraliseText(`- ${nameOf(only)} (${only.address})${where(only)}: ${message}`);
    return neutraliseText(`- ${about.length} records (${spanOf(about).services.join(", ")}): ${message}`);
  });
}
