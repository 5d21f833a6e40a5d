import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import * as z from "../schemas/zod.js";

const entrySchema = z.object({
  explorer: z.string(),
  address: z.string(),
  chainId: z.optional(z.number()),
  contract: z.string(),
  format: z.enum(["standard-json", "single-file", "flattened", "vyper", "registry", "proxy"]),
  inputHash: z.string(),
  status: z.enum(["verified", "pending", "failed", "timeout"]),
  guid: z.optional(z.string()),
  url: z.optional(z.string()),
  message: z.optional(z.string()),
  firstSeenAt: z.string(),
  submittedAt: z.optional(z.string()),
  updatedAt: z.string(),
});

const fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });

/** One contract (or proxy link) on one explorer, as the ledger remembers it. */
export type LedgerEntry = z.infer<typeof entrySchema>;

/**
 * Reads a ledger file.
 * @param path - the file
 * @returns its entries; none when the file does not exist yet
 * @throws InvalidInputError when the file is not a ledger
 */
export function readLedgerFile(path: string): LedgerEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new InvalidInputError("ledger", `The ledger ${path} cannot be read: ${(error as Error).message}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidInputError(
      "ledger",
      `The ledger ${path} is not JSON: fix it or delete it to start over.`,
    );
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidInputError(
      "ledger",
      `The ledger ${path} is not a ledger file (${parsed.error.issues[0]?.path.join(".") || "top level"}: ${parsed.error.issues[0]?.message}): fix it or delete it to start over.`,
    );
  }
  return parsed.data.entries;
}

/**
 * Writes a ledger file atomically: the text goes to a temporary file beside it, flushed to disk, then renamed
 * over the old one, so a reader (or a process killed mid-write) never sees half a ledger.
 * @param path - the file
 * @param entries - every entry, sorted here by explorer then address
 */
export function writeLedgerFile(path: string, entries: LedgerEntry[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const sorted = [...entries].sort(
    (a, b) => compare(a.explorer, b.explorer) || compare(entryKey(a), entryKey(b)),
  );
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const descriptor = openSync(temporary, "w");
  try {
    writeSync(descriptor, `${JSON.stringify({ version: 1, entries: sorted }, null, 2)}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, path);
}

/**
 * The key an entry is found by: explorer, lower-case address, and whether it is a proxy link.
 * @param entry - explorer, address and format
 * @returns the key
 */
export function entryKey(entry: Pick<LedgerEntry, "explorer" | "address" | "format">): string {
  return `${entry.explorer} ${entry.address.toLowerCase()}${entry.format === "proxy" ? " proxy" : ""}`;
}

/**
 * Runs `work` holding the ledger's lock file (`PATH.lock`, created exclusively), so two processes never
 * interleave read-merge-write. A lock left by a process that no longer runs, or older than `staleLockMs`, is
 * taken over.
 * @param path - the ledger file
 * @param work - what to do under the lock
 * @param staleLockMs - age after which a lock counts as abandoned
 * @returns what `work` returns
 * @throws InvalidInputError when the lock cannot be had within `staleLockMs` twice over
 */
export function withLedgerLock<T>(path: string, work: () => T, staleLockMs = 10_000): T {
  const lockPath = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const giveUpAt = Date.now() + 2 * staleLockMs;
  let descriptor: number | undefined;
  for (let tries = 0; descriptor === undefined; tries++) {
    try {
      descriptor = openSync(lockPath, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (isAbandoned(lockPath, staleLockMs)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > giveUpAt) {
        throw new InvalidInputError(
          "ledger",
          `The ledger ${path} stays locked by another run (${lockPath}); delete the lock file if no run is going on.`,
        );
      }
      sleepSync(Math.min(50, 2 + tries));
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

function isAbandoned(lockPath: string, staleLockMs: number): boolean {
  try {
    const ageMs = Date.now() - statSync(lockPath).mtimeMs;
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    if (ageMs > staleLockMs) return true;
    // A lock of a process killed on this machine (its pid is gone) is not waited for.
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) return true;
    return false;
  } catch {
    // Gone between the attempt and the look: try again.
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

// The ledger is written from event listeners, which are synchronous: a short blocking wait keeps the write in order.
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
