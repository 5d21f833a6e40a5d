import { type Column, tableText } from "../report/resultsTable.js";
import type { StatusRow } from "../report/statusRows.js";
import { isService, type Service } from "../verify/verifier.js";
import { compare, type LedgerEntry } from "./ledgerFile.js";

// A failure stands out in capitals; a timeout's guid is still pending; a submission sent may have had no answer.
const words: Partial<Record<LedgerEntry["status"], string>> = {
  failed: "FAILED",
  timeout: "TIMEOUT (pending)",
  submitting: "sent, no answer yet",
};

const columns: ReadonlyArray<Column<StatusRow>> = [
  ["Contract", (row) => row.contract],
  ["Chain", (row) => String(row.chainId ?? "-")],
  ["Address", (row) => row.address],
  ["Target", (row) => `${row.service}${row.proxyLink ? " (proxy link)" : ""}`],
  ["State", (row) => row.word],
  ["Guid", (row) => row.guid ?? ""],
  ["Link", (row) => row.link],
];

/**
 * Renders a ledger as a plain-text table for a terminal (see {@link tableText}): every contract on every chain
 * and target with its state, its guid, and its link; one name per address (a proxy link's row takes its contract's);
 * sorted by name, then chain, then target.
 *
 * @param entries - the ledger's entries
 * @returns the table, lines joined with `\n`; a sentence when the ledger is empty
 */
export function formatLedgerTable(entries: readonly LedgerEntry[]): string {
  if (entries.length === 0) return "The ledger holds no contracts yet.";
  const names = namesByAddress(entries);
  const nameOf = (entry: LedgerEntry) =>
    names.get(`${entry.chainId ?? ""} ${entry.address.toLowerCase()}`) ?? entry.contract;
  const sorted = [...entries].sort(
    (a, b) =>
      compare(nameOf(a), nameOf(b)) ||
      (a.chainId ?? 0) - (b.chainId ?? 0) ||
      compare(serviceOfLedgerKey(a.explorer), serviceOfLedgerKey(b.explorer)) ||
      compare(a.format, b.format),
  );
  return tableText(
    sorted.map((entry) => ({
      chainId: entry.chainId,
      service: serviceOfLedgerKey(entry.explorer),
      contract: nameOf(entry),
      address: entry.address,
      status: entry.status === "submitting" ? "pending" : entry.status,
      word: words[entry.status] ?? entry.status,
      link: linkOf(entry),
      explorer: entry.explorer,
      proxyLink: entry.format === "proxy",
      guid: entry.guid,
    })),
    columns,
  );
}

// The embedded local explorer took an ephemeral port that closed with its run: its old link leads nowhere.
function linkOf(entry: LedgerEntry): string {
  if (entry.explorer.startsWith("local-explorer/")) return "none: the local explorer closed with its run";
  return entry.url ?? `${entry.explorer}/address/${entry.address}#code`;
}

// Etherscan's, Sourcify's and Routescan's ledger keys name the service (`etherscan/chain-1`); a Blockscout explorer
// is filed under its URL (or `local-explorer/chain-N`).
function serviceOfLedgerKey(key: string): Service {
  const named = /^(etherscan|sourcify|routescan)\//.exec(key)?.[1];
  return named !== undefined && isService(named) ? named : "blockscout";
}

// One name per address: the most qualified one its entries give (`contracts/A.sol:A` over `A`), never a proxy
// link's "proxy of …".
function namesByAddress(entries: readonly LedgerEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of entries) {
    if (entry.format === "proxy") continue;
    const key = `${entry.chainId ?? ""} ${entry.address.toLowerCase()}`;
    const known = names.get(key);
    if (!known || (!known.includes(":") && entry.contract.includes(":"))) names.set(key, entry.contract);
  }
  return names;
}
