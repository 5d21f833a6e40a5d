import { neutraliseText } from "../report/terminalText.js";
import type { LedgerEntry } from "./ledgerFile.js";

const stateLabels: Record<LedgerEntry["status"], string> = {
  verified: "verified",
  pending: "pending",
  failed: "FAILED",
  timeout: "TIMEOUT (pending)",
  submitting: "sent, no answer yet",
};

/**
 * Renders a ledger as a plain-text table for a terminal: every contract on every chain with its state, the guid
 * still awaited, and its explorer link; contracts sorted by name, then by chain.
 *
 * @param entries - the ledger's entries
 * @returns the table, lines joined with `\n`; a sentence when the ledger is empty
 */
export function formatLedgerTable(entries: readonly LedgerEntry[]): string {
  if (entries.length === 0) return "The ledger holds no contracts yet.";
  const sorted = [...entries].sort(
    (a, b) =>
      compare(a.contract, b.contract) ||
      (a.chainId ?? 0) - (b.chainId ?? 0) ||
      compare(a.explorer, b.explorer),
  );
  const rows = sorted.map((entry) => [
    neutraliseText(entry.contract),
    entry.chainId === undefined ? "-" : String(entry.chainId),
    neutraliseText(entry.address),
    stateLabels[entry.status],
    entry.status === "pending" || entry.status === "timeout" ? neutraliseText(entry.guid ?? "") : "",
    neutraliseText(entry.url ?? `${entry.explorer}/address/${entry.address}#code`),
  ]);
  const header = ["Contract", "Chain", "Address", "State", "Guid", "Explorer"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
