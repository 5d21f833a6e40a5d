import { resolve } from "node:path";
import { LedgerLockedError } from "../errors/index.js";
import {
  compare,
  entryKey,
  type LedgerEntry,
  type LedgerLockOptions,
  type LedgerStamp,
  probeLedgerLock,
  readLedgerDocument,
  withLedgerLock,
  writeLedgerFile,
} from "./ledgerFile.js";

/** How a ledger treats its lock file. */
export type LedgerOptions = Pick<LedgerLockOptions, "staleLockMs">;

/** What a change to an entry gives; the ledger fills in the times. */
export type LedgerUpdate = Omit<LedgerEntry, "firstSeenAt" | "updatedAt" | "submittedAt"> & {
  /** Set when this update records a new submission. */
  submitted?: boolean;
};

/**
 * The record of where each contract was submitted and how it ended, kept in a JSON file so that a rerun (after a
 * cancelled job, a crash, or on purpose) resumes instead of starting over. Every change is written at once,
 * atomically, under a lock file, and merged into what is on disk then: two runs sharing a ledger lose nothing. A
 * submission is recorded before it is sent (status `submitting`), and its guid when the explorer answers.
 *
 * @example
 * const ledger = new Ledger(".explorer-verify/ledger.json");
 * await verifyBatch(jobs, { explorerUrl, ledger });
 */
export class Ledger {
  /** The file, absolute. */
  readonly path: string;
  readonly #entries = new Map<string, LedgerEntry>();
  readonly #lock: LedgerLockOptions;
  readonly #warnings: string[] = [];
  /** A shard's ledger keeps its stamp through every write. */
  #stamp: LedgerStamp | undefined;
  /** Set once the lock could not be had: later changes fail at once instead of each waiting for it again. */
  #locked: LedgerLockedError | undefined;

  /**
   * Opens (reads) a ledger file; a missing file is an empty ledger, created at the first change. Its lock is
   * looked at now: an abandoned one is taken over (see {@link Ledger.takeWarnings}), and one that cannot be taken
   * fails here, before anything is sent.
   * @param path - the file
   * @param options - when a lock file counts as abandoned
   * @throws InvalidInputError when the file exists and is not a ledger, or its lock file cannot be created
   * @throws LedgerLockedError when a live run holds the lock and does not let it go
   */
  constructor(path: string, options: LedgerOptions = {}) {
    this.path = resolve(path);
    this.#lock = { staleLockMs: options.staleLockMs, onTakeover: (warning) => this.#warnings.push(warning) };
    this.reload();
    probeLedgerLock(this.path, this.#lock);
  }

  /**
   * The warnings not yet taken (abandoned lock files taken over), oldest first; each is given once.
   * @returns sentences for the run's log
   */
  takeWarnings(): string[] {
    return this.#warnings.splice(0);
  }

  /**
   * The entry for a contract (or, with `format: "proxy"`, a proxy link) on an explorer, as of the last read or write.
   * @param explorer - the explorer's base URL
   * @param address - the contract
   * @param format - `proxy` for the proxy link's entry; anything else for the contract's
   * @returns the entry, if any
   */
  entry(explorer: string, address: string, format?: LedgerEntry["format"]): LedgerEntry | undefined {
    return this.#entries.get(entryKey({ explorer, address, format: format ?? "standard-json" }));
  }

  /** Every entry, sorted by explorer and address, as of the last read or write. */
  entries(): LedgerEntry[] {
    return [...this.#entries.values()].sort(
      (a, b) => compare(a.explorer, b.explorer) || compare(a.address.toLowerCase(), b.address.toLowerCase()),
    );
  }

  /** Reads the file again (other runs may have written to it). */
  reload(): void {
    const { entries, shard } = readLedgerDocument(this.path);
    this.#stamp = shard;
    this.#entries.clear();
    for (const entry of entries) this.#entries.set(entryKey(entry), entry);
  }

  /**
   * Records a change and writes the file before returning: re-read under the lock, this entry replaced, written
   * atomically.
   * @param update - the entry's new state
   * @returns the entry as written
   * @throws LedgerLockedError when a live run holds the lock and does not let it go, or did so at an earlier change
   */
  record(update: LedgerUpdate): LedgerEntry {
    if (this.#locked) throw this.#locked;
    const now = new Date().toISOString();
    const { submitted, ...fields } = update;
    try {
      return withLedgerLock(
        this.path,
        () => {
          this.reload();
          const key = entryKey(fields);
          const previous = this.#entries.get(key);
          const submittedAt = submitted ? now : previous?.submittedAt;
          const entry: LedgerEntry = {
            ...fields,
            firstSeenAt: previous?.firstSeenAt ?? now,
            ...(submittedAt ? { submittedAt } : {}),
            updatedAt: now,
          };
          this.#entries.set(key, entry);
          writeLedgerFile(this.path, [...this.#entries.values()], this.#stamp);
          return entry;
        },
        this.#lock,
      );
    } catch (error) {
      if (error instanceof LedgerLockedError) this.#locked = error;
      throw error;
    }
  }
}
