import type { VerificationResult } from "../verify/job.js";
import { neutraliseText } from "./terminalText.js";

const statusLabels: Record<VerificationResult["status"], string> = {
  verified: "verified",
  "already-verified": "already verified",
  pending: "pending",
  failed: "FAILED",
  timeout: "TIMEOUT",
};

/**
 * Renders result records as a plain-text table for a terminal: contract, address, status, time, link, and the
 * message of each record that has one below the table. Explorer text in them is neutralised for the terminal.
 *
 * @param results - the records
 * @returns the table, lines joined with `\n`
 */
export function formatResultsTable(results: readonly VerificationResult[]): string {
  const rows = groupedUnderFactories(results).map(({ result: r, label }) => [
    neutraliseText(label),
    neutraliseText(r.address),
    statusLabels[r.status],
    `${(r.durationMs / 1_000).toFixed(1)} s`,
    neutraliseText(r.url),
  ]);
  const header = ["Contract", "Address", "Status", "Time", "Explorer"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const notes = results
    .filter((r) => r.message)
    .map((r) => neutraliseText(`- ${r.contract} (${r.address}): ${r.message}`));
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
