import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { InvalidInputError, LedgerLockedError } from "../errors/index.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { readRegularFile, writeFileWhole } from "../kernel/regularFile.js";
import { errnoCode, fileProblem } from "../kernel/systemErrors.js";
import * as z from "../kernel/zod.js";
import { defaultTimeoutMs, maxAnswerBytes } from "../options/verificationOptions.js";

const entrySchema = z.object({
  explorer: z.string(),
  address: z.string(),
  chainId: z.optional(z.number()),
  contract: z.string(),
  format: z.enum(["standard-json", "single-file", "flattened", "vyper", "registry", "proxy"]),
  inputHash: z.string(),
  // `submitting`: recorded just before a submission is sent, and replaced when the explorer answers; one left in the
  // file means a run stopped with the request in flight (see `watchEarlierSubmission`).
  status: z.enum(["verified", "pending", "failed", "timeout", "submitting"]),
  guid: z.optional(z.string()),
  url: z.optional(z.string()),
  message: z.optional(z.string()),
  firstSeenAt: z.string(),
  /** When the last submission was sent (its intent recorded). */
  submittedAt: z.optional(z.string()),
  updatedAt: z.string(),
});

// A shard's ledger names its shard and its plan's digest, so a merge knows whose it is without its results.
const stampSchema = z.object({ shard: z.string(), plan: z.string() });

const fileSchema = z.object({
  version: z.literal(1),
  shard: z.optional(stampSchema),
  entries: z.array(entrySchema),
});

/** One contract (or proxy link) on one explorer, as the ledger remembers it. */
export type LedgerEntry = z.infer<typeof entrySchema>;

/** What a shard's ledger says it is: its shard and its plan's digest. */
export type LedgerStamp = z.infer<typeof stampSchema>;

/** A ledger file's content. */
export type LedgerDocument = Omit<z.infer<typeof fileSchema>, "version">;

/**
 * Reads a ledger file.
 * @param path - the file
 * @returns its entries; none when the file does not exist yet
 * @throws InvalidInputError when the file is not a ledger
 */
export function readLedgerFile(path: string): LedgerEntry[] {
  return readLedgerDocument(path).entries;
}

/**
 * Reads a ledger file whole: its entries and, in a shard's, its stamp.
 * @param path - the file
 * @returns its content; none when the file does not exist yet
 * @throws InvalidInputError when the file is not a ledger
 */
export function readLedgerDocument(path: string): LedgerDocument {
  let read: ReturnType<typeof readRegularFile>;
  try {
    // A ledger is committed, so a pull request can make it a link or a huge file: as a shard's files, it is read as
    // a regular file of at most 64 MiB.
    read = readRegularFile(path, maxAnswerBytes);
  } catch (error) {
    throw new InvalidInputError("ledger", `The ledger ${path} cannot be read: ${fileProblem(error)}.`);
  }
  if (read === undefined) return { entries: [] };
  if ("refused" in read) throw unusable(path, read.refused);
  return parseLedgerText(read.text, path);
}

function unusable(path: string, problem: string): InvalidInputError {
  return new InvalidInputError("ledger", `The ledger ${path} ${problem}: fix it or delete it to start over.`);
}

/**
 * @param text - a ledger file's text
 * @param path - the file, for the message
 * @returns its content
 * @throws InvalidInputError when the text is not a ledger
 */
export function parseLedgerText(text: string, path: string): LedgerDocument {
  const json = parsedJson(text);
  if (json === undefined) throw unusable(path, "is not JSON");
  const parsed = fileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw unusable(path, `is not a ledger file (${issue?.path.join(".") || "top level"}: ${issue?.message})`);
}

/**
 * Writes a ledger file atomically: the text goes to a temporary file beside it, flushed to disk, then renamed
 * over the old one, so a reader (or a process killed mid-write) never sees half a ledger.
 * @param path - the file
 * @param entries - every entry, sorted here by explorer then address
 * @param shard - a shard's ledger: its stamp
 */
export function writeLedgerFile(path: string, entries: LedgerEntry[], shard?: LedgerStamp): void {
  writeLedgerText(path, ledgerText(entries, shard));
}

/**
 * Writes a ledger's text (see {@link ledgerText}) atomically, as {@link writeLedgerFile} does.
 * @param path - the file
 * @param text - the ledger's text
 * @throws InvalidInputError when the text is larger than a run reads back
 */
export function writeLedgerText(path: string, text: string): void {
  // A ledger no run could read back is never written: the one on disk stays.
  if (!ledgerFits(text))
    throw new InvalidInputError(
      "ledger",
      `The ledger ${path} would hold ${Buffer.byteLength(text)} bytes, more than the ${maxAnswerBytes} a ledger may: it is left as it was.`,
    );
  writeFileWhole(path, text);
}

/**
 * @param entries - a ledger's entries
 * @param shard - a shard's stamp
 * @returns the ledger's text as written: entries sorted by explorer then address
 */
export function ledgerText(entries: readonly LedgerEntry[], shard?: LedgerStamp): string {
  const sorted = [...entries].sort(
    (a, b) => compare(a.explorer, b.explorer) || compare(entryKey(a), entryKey(b)),
  );
  return `${JSON.stringify({ version: 1, ...(shard ? { shard } : {}), entries: sorted }, null, 2)}\n`;
}

/** @param text - a ledger's text @returns whether a run can read it back (see {@link readLedgerDocument}) */
export function ledgerFits(text: string): boolean {
  return Buffer.byteLength(text) <= maxAnswerBytes;
}

/**
 * The key an entry is found by: explorer, lower-case address, and whether it is a proxy link.
 * @param entry - explorer, address and format
 * @returns the key
 */
export function entryKey(entry: Pick<LedgerEntry, "explorer" | "address" | "format">): string {
  return `${entry.explorer} ${entry.address.toLowerCase()}${entry.format === "proxy" ? " proxy" : ""}`;
}

/** How {@link withLedgerLock} treats a lock file it finds. */
export interface LedgerLockOptions {
  /**
   * A lock whose time is further than this from now, either way, is abandoned: a run holds the lock for one write,
   * and no run lasts longer than its deadline. Default: the engine's default deadline, 300 s.
   */
  staleLockMs?: number;
  /** Told, in a sentence, each time an abandoned lock is taken over. */
  onTakeover?: (warning: string) => void;
}

// How long a lock held by a live process is waited for before giving up.
const lockWaitMs = 5_000;
const pidlessLockGraceMs = 1_000;

/**
 * Runs `work` holding the ledger's lock file (`PATH.lock`, created exclusively), so two processes never
 * interleave read-merge-write. A lock left by a process that no longer runs, or dated further from now than
 * `staleLockMs`, is taken over (and `onTakeover` told why); a lock of a live process is waited for.
 * @param path - the ledger file
 * @param work - what to do under the lock
 * @param options - when a lock counts as abandoned, how long to wait for a live one, who hears of takeovers
 * @returns what `work` returns
 * @throws LedgerLockedError when a live process keeps the lock longer than `waitMs`
 * @throws InvalidInputError when the lock file cannot be created (its folder is not writable)
 */
export function withLedgerLock<T>(path: string, work: () => T, options: LedgerLockOptions = {}): T {
  const lockPath = `${path}.lock`;
  const staleLockMs = options.staleLockMs ?? defaultTimeoutMs;
  const giveUpAt = Date.now() + lockWaitMs;
  const notCreated = (error: unknown) =>
    new InvalidInputError(
      "ledger",
      `The ledger's lock file ${lockPath} cannot be created: ${fileProblem(error)}.`,
    );
  // Apart from the lock's own creation: a file where the folder should be fails here, never as a lock that exists.
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw notCreated(error);
  }
  let descriptor: number | undefined;
  for (let tries = 0; descriptor === undefined; tries++) {
    try {
      descriptor = openSync(lockPath, "wx");
    } catch (error) {
      if (errnoCode(error) !== "EEXIST") throw notCreated(error);
      const holder = readLock(lockPath);
      // Gone between the attempt and the look: try again at once.
      if (!holder) continue;
      const abandoned = whyAbandoned(holder, lockPath, staleLockMs);
      if (abandoned) {
        if (takeOver(lockPath, holder)) options.onTakeover?.(abandoned);
        continue;
      }
      if (Date.now() > giveUpAt) throw new LedgerLockedError(path, lockPath, holder.pid);
      // Written from event listeners, which are synchronous: a short blocking wait keeps the ledger's writes in order.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(50, 2 + tries));
    }
  }
  try {
    writeSync(descriptor, `${process.pid}\n`);
    closeSync(descriptor);
    return work();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

/**
 * Makes sure the ledger's lock can be taken, before a run sends anything: an abandoned lock is taken over now, and
 * a lock that cannot be taken fails the run here rather than each of its writes later. Nothing is created when
 * the ledger's folder does not exist yet (no lock can be in it).
 * @param path - the ledger file
 * @param options - as {@link withLedgerLock}
 * @throws LedgerLockedError or InvalidInputError, as {@link withLedgerLock}
 */
export function probeLedgerLock(path: string, options: LedgerLockOptions = {}): void {
  if (existsSync(dirname(path))) withLedgerLock(path, () => undefined, options);
}

interface LockHolder {
  /** The pid written in the file; undefined while its creator has not written it yet. */
  pid: number | undefined;
  mtimeMs: number;
  ino: number;
}

// A lock holds a pid and a line break: one that is a link, not a file, or longer is no run's, and is not read.
function readLock(lockPath: string): LockHolder | undefined {
  let read: ReturnType<typeof readRegularFile>;
  try {
    read = readRegularFile(lockPath, 64);
  } catch (error) {
    // One that cannot be read (permission denied) would be tried again and again.
    read = { refused: `cannot be read (${errnoCode(error) ?? String(error)})` };
  }
  // A lock being written (created empty, then its pid) is looked at again, as one gone meanwhile is.
  if (read === undefined || ("refused" in read && read.growing)) return undefined;
  if ("refused" in read)
    throw new InvalidInputError(
      "ledger",
      `The ledger's lock file ${lockPath} ${read.refused}: delete it (a run makes its own, and removes it).`,
    );
  const pid = Number.parseInt(read.text, 10);
  const { mtimeMs, ino } = read.stats;
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : undefined, mtimeMs, ino };
}

// Why a lock is no run's, in a sentence for the run's log; undefined while it may be a live run's.
function whyAbandoned(holder: LockHolder, lockPath: string, staleLockMs: number): string | undefined {
  const { pid } = holder;
  if (pid === process.pid) {
    // This process takes the lock only inside one synchronous call: a lock naming it is an earlier process's with
    // the same pid (pids start over in each container).
    return `the ledger's lock file ${lockPath} names this process (${pid}), which does not hold it: it was left by an earlier process with the same pid; taken over.`;
  }
  if (pid !== undefined && !isRunning(pid)) {
    return `the ledger's lock file ${lockPath} was left by process ${pid}, which no longer runs; taken over.`;
  }
  const ageMs = Date.now() - holder.mtimeMs;
  // A run writes its pid right after creating the lock: one that stays without a pid was left by a process killed
  // between the two.
  if (pid === undefined && ageMs > pidlessLockGraceMs) {
    return `the ledger's lock file ${lockPath} names no process: it was left by a run stopped as it took the lock; taken over.`;
  }
  if (Math.abs(ageMs) > staleLockMs) {
    const when =
      ageMs > 0
        ? `${Math.round(ageMs / 1_000)} s ago`
        : `${Math.round(-ageMs / 1_000)} s ahead of this machine's clock`;
    return `the ledger's lock file ${lockPath}${pid === undefined ? "" : ` (process ${pid})`} was written ${when}, further from now than the run's deadline (${Math.round(staleLockMs / 1_000)} s): no run holds the lock that long; taken over.`;
  }
  return undefined;
}

// Removed only if it is still the file that was judged: a run that took the lock since keeps it.
function takeOver(lockPath: string, judged: LockHolder): boolean {
  const now = readLock(lockPath);
  if (!now || now.ino !== judged.ino || now.mtimeMs !== judged.mtimeMs) return false;
  rmSync(lockPath, { force: true });
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
}

/** @param a - a text @param b - another @returns their order by code unit, the same on every machine */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
