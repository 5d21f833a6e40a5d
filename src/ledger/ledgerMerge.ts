import { groupedBy } from "../kernel/groupedBy.js";
import {
  entryKey,
  type LedgerEntry,
  type LedgerStamp,
  ledgerFits,
  ledgerText,
  readLedgerFile,
  withLedgerLock,
  writeLedgerFile,
  writeLedgerText,
} from "./ledgerFile.js";

// How far an entry got: a verified contract needs nothing more, a pending one only a poll of its guid, a submission
// in flight a look for its guid; a timeout keeps a guid worth polling, a failure nothing.
const progress: Record<LedgerEntry["status"], number> = {
  verified: 4,
  pending: 3,
  submitting: 2,
  timeout: 1,
  failed: 0,
};

/**
 * Which of two entries for the same contract on the same explorer a merged ledger keeps. For the same sources (one
 * input hash), the one that got further: verified over pending, pending over a submission in flight, over a timeout,
 * over a failure; at the same stage, the later. For other sources, the later: the contract's sources changed.
 */
function laterOrFurther(a: LedgerEntry, b: LedgerEntry): LedgerEntry {
  if (a.inputHash === b.inputHash && progress[a.status] !== progress[b.status])
    return progress[a.status] > progress[b.status] ? a : b;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}

/**
 * Merges ledgers' entries: one entry per contract (and proxy link) on each explorer, chosen by
 * {@link laterOrFurther}. Merging the same ledgers again gives the same entries.
 *
 * @param ledgers - each ledger's entries
 * @returns the merged entries
 */
export function mergeLedgerEntries(ledgers: ReadonlyArray<readonly LedgerEntry[]>): LedgerEntry[] {
  return [...groupedBy(ledgers.flat(), entryKey).values()].map((entries) => entries.reduce(laterOrFurther));
}

/**
 * Merges ledger files into one, under its lock: what the file holds already is merged too, so a merge run twice, or
 * over a ledger a run wrote since, loses nothing.
 *
 * @param path - the merged ledger, created when missing
 * @param ledgers - the other ledgers' entries
 * @param trim - what to keep of the other ledgers' entries when the merge would make a ledger no run can read back
 * @returns the merged entries, as written
 * @throws InvalidInputError when the file exists and is not a ledger, or the merged ledger would be too large
 * @throws LedgerLockedError when a live run holds its lock and does not let it go
 */
export function mergeIntoLedgerFile(
  path: string,
  ledgers: ReadonlyArray<readonly LedgerEntry[]>,
  trim?: (entries: LedgerEntry[]) => LedgerEntry[],
): LedgerEntry[] {
  return withLedgerLock(path, () => {
    const kept = readLedgerFile(path);
    let merged = mergeLedgerEntries([kept, ...ledgers]);
    let text = ledgerText(merged);
    // What the file held already stays: only the other ledgers' entries are trimmed.
    if (trim && !ledgerFits(text)) {
      merged = mergeLedgerEntries([kept, trim(mergeLedgerEntries(ledgers))]);
      text = ledgerText(merged);
    }
    writeLedgerText(path, text);
    return merged;
  });
}

/**
 * Stamps a shard's ledger with its shard and plan, under its lock, before the shard's run writes to it: a merge then
 * knows whose ledger it is even when the run left no results. Its entries are kept.
 *
 * @param path - the shard's ledger, created when missing
 * @param stamp - its shard and its plan's digest
 * @throws InvalidInputError when the file exists and is not a ledger
 */
export function stampLedgerFile(path: string, stamp: LedgerStamp): void {
  withLedgerLock(path, () => writeLedgerFile(path, readLedgerFile(path), stamp));
}
