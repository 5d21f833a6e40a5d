import type { VerificationResult } from "../verify/job.js";
import { statusWord } from "./statusWord.js";
import { neutraliseText } from "./terminalText.js";

// A failure stands out in capitals.
const statusLabel = (result: VerificationResult) =>
  result.status === "failed" || result.status === "timeout"
    ? statusWord(result).toUpperCase()
    : statusWord(result);

/**
 * Renders result records as a plain-text table for a terminal: contract, address, status, time, link, and the
 * message of each record that has one below the table; records on several chains get a Chain column after the
 * contract. Explorer text in them is neutralised for the terminal.
 *
 * @param results - the records
 * @returns the table, lines joined with `\n`
 */
export function formatResultsTable(results: readonly VerificationResult[]): string {
  const targets = [...new Set(results.map((r) => r.target ?? "blockscout"))];
  if (targets.length > 1) return formatTargetsTable(results, targets);
  const chain = chainColumn(results);
  const rows = groupedUnderFactories(results).map(({ result: r, label }) => [
    neutraliseText(label),
    ...chain.cells(r),
    neutraliseText(r.address),
    statusLabel(r),
    `${(r.durationMs / 1_000).toFixed(1)} s`,
    neutraliseText(r.url),
  ]);
  const header = ["Contract", ...chain.header, "Address", "Status", "Time", "Explorer"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const notes = notesOf(results, (r) => `${r.contract} (${r.address})`);
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
}

/**
 * Contracts a factory created follow their factory's row, indented; those whose factory has no row say who
 * created them.
 */
function groupedUnderFactories(
  results: readonly VerificationResult[],
): Array<{ result: VerificationResult; label: string }> {
  const addresses = new Set(results.map((r) => r.address.toLowerCase()));
  const children = new Map<string, VerificationResult[]>();
  for (const r of results) {
    const factory = r.createdBy?.factory.toLowerCase();
    if (factory && addresses.has(factory)) children.set(factory, [...(children.get(factory) ?? []), r]);
  }
  const grouped: Array<{ result: VerificationResult; label: string }> = [];
  const add = (r: VerificationResult, depth: number) => {
    const orphan = r.createdBy && !addresses.has(r.createdBy.factory.toLowerCase());
    const label = orphan ? `${r.contract} (created by ${r.createdBy?.factory})` : r.contract;
    grouped.push({ result: r, label: depth > 0 ? `${"  ".repeat(depth - 1)}└ ${label}` : label });
    if (depth < 8) for (const child of children.get(r.address.toLowerCase()) ?? []) add(child, depth + 1);
  };
  for (const r of results) {
    const factory = r.createdBy?.factory.toLowerCase();
    if (!factory || !addresses.has(factory)) add(r, 0);
  }
  return grouped;
}

/**
 * A run over several targets: a row per contract, a column per target with its status, then each contract's links,
 * one per target, and the messages.
 */
function formatTargetsTable(results: readonly VerificationResult[], targets: readonly string[]): string {
  const contracts = new Map<
    string,
    { label: string; address: string; first: VerificationResult; byTarget: Map<string, VerificationResult> }
  >();
  for (const r of results) {
    const key = `${r.chainId ?? ""} ${r.address.toLowerCase()} ${r.format === "proxy" ? "proxy" : ""}`;
    const row = contracts.get(key) ?? {
      label: r.contract,
      address: r.address,
      first: r,
      byTarget: new Map(),
    };
    row.byTarget.set(r.target ?? "blockscout", r);
    contracts.set(key, row);
  }
  const chain = chainColumn(results);
  const rows = [...contracts.values()].map((row) => [
    neutraliseText(row.label),
    ...chain.cells(row.first),
    neutraliseText(row.address),
    ...targets.map((target) => {
      const r = row.byTarget.get(target);
      return r ? statusLabel(r) : "-";
    }),
  ]);
  const header = ["Contract", ...chain.header, "Address", ...targets];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const links = [...contracts.values()].map((row) =>
    neutraliseText(
      `- ${row.label}: ${targets
        .flatMap((target) => {
          const url = row.byTarget.get(target)?.url;
          return url ? [`${target} ${url}`] : [];
        })
        .join("  ")}`,
    ),
  );
  const notes = notesOf(results, (r) => `${r.contract} (${r.address}) on ${r.target ?? "blockscout"}`);
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    ...links,
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
}

// Over several chains, the chain of each row; over one, no column.
function chainColumn(results: readonly VerificationResult[]): {
  header: string[];
  cells: (result: VerificationResult) => string[];
} {
  if (new Set(results.map((r) => r.chainId)).size <= 1) return { header: [], cells: () => [] };
  return { header: ["Chain"], cells: (r) => [r.chainId === undefined ? "-" : String(r.chainId)] };
}

// Each record's message below the table; a message that several records share (the ledger's word on a rerun, one
// service's refusal) is said once, with how many records it is about.
function notesOf(
  results: readonly VerificationResult[],
  name: (result: VerificationResult) => string,
): string[] {
  const byMessage = new Map<string, VerificationResult[]>();
  for (const r of results) if (r.message) byMessage.set(r.message, [...(byMessage.get(r.message) ?? []), r]);
  return [...byMessage].map(([message, records]) => {
    const [only] = records;
    if (records.length === 1 && only) return neutraliseText(`- ${name(only)}: ${message}`);
    const targets = [...new Set(records.map((r) => r.target ?? "blockscout"))];
    return neutraliseText(`- ${records.length} records (${targets.join(", ")}): ${message}`);
  });
}
