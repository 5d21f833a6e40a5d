import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { parsedJson } from "../kernel/jsonValues.js";
import { readRegularFile, writeFileWhole } from "../kernel/regularFile.js";
import { errnoCode } from "../kernel/systemErrors.js";
import * as z from "../kernel/zod.js";
import { contractRecordSchema, type GuidState, guidStateSchema } from "./backend.js";

/**
 * Where the embedded explorer of a chain keeps its state in a cache folder.
 *
 * @param cacheDir - the folder
 * @param chainId - the chain
 * @returns the state file's path
 */
export function stateFileIn(cacheDir: string, chainId: number): string {
  return join(cacheDir, `local-explorer-${chainId}.json`);
}

/**
 * The state files embedded explorers left in a cache folder, one per chain.
 *
 * @param cacheDir - the folder
 * @returns their paths; none when the folder does not exist
 */
export function stateFilesIn(cacheDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /^local-explorer-\d+\.json$/.test(name))
    .sort()
    .map((name) => join(cacheDir, name));
}

const stateSchema = z.object({
  version: z.literal(1),
  chainId: z.number(),
  /** Verified contracts by lower-case address, with the hash of the code they were verified against. */
  contracts: z.record(z.string(), z.object({ codeHash: z.string(), record: contractRecordSchema })),
  guids: z.record(z.string(), z.object({ state: guidStateSchema, address: z.string() })),
  proxyGuids: z.record(
    z.string(),
    z.object({ state: guidStateSchema, proxy: z.string(), implementations: z.array(z.string()) }),
  ),
});

export type ExplorerState = z.infer<typeof stateSchema>;

/** The state file could not be written: the change is kept in memory, and the request that made it fails. */
export class StateSaveError extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `Could not save the local explorer's state to ${path}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`,
      { cause },
    );
  }
}

/** How long a writer waits for another one's lock before giving up on this save. */
const lockWaitMs = 2_000;
/** A lock older than this was left by a process that died while holding it. */
const staleLockMs = 10_000;

/**
 * The local explorer's memory: in a JSON file when given one (so reruns and `status` see earlier work), else in
 * memory. Several processes may share one file: each save takes a lock, merges what the others wrote (records are
 * only ever added, and a decided guid never goes back to pending) and replaces the file atomically. A file that
 * cannot be read as state is kept aside, renamed, and reported; it is never overwritten.
 */
export class StateStore {
  readonly #path: string | undefined;
  readonly #report: (message: string) => void;
  state: ExplorerState;

  /**
   * @param path - the state file; undefined keeps state in memory only
   * @param chainId - the chain this explorer serves; a file for another chain is kept aside and a new one begun
   * @param report - told of a file kept aside or a save that failed outside a request; default: a line on stderr
   */
  constructor(path: string | undefined, chainId: number, report?: (message: string) => void) {
    this.#path = path;
    this.#report = report ?? ((message) => console.error(message));
    this.state = { version: 1, chainId, contracts: {}, guids: {}, proxyGuids: {} };
    if (!path) return;
    const loaded = readState(path);
    if (loaded.kind === "state" && loaded.state.chainId === chainId) this.state = loaded.state;
    else if (loaded.kind !== "missing")
      this.#keepAside(path, loaded.kind === "state" ? "of another chain" : "unreadable");
  }

  /**
   * Writes the state, merged with what other processes wrote to the same file meanwhile (whose records this store
   * then sees too), atomically: a half-written file never replaces a good one.
   *
   * @throws {StateSaveError} when the file cannot be written; the state in memory keeps the change
   */
  save(): void {
    const path = this.#path;
    if (!path) return;
    try {
      mkdirSync(dirname(path), { recursive: true });
      withLock(`${path}.lock`, () => {
        const onDisk = readState(path);
        if (onDisk.kind === "state" && onDisk.state.chainId === this.state.chainId) {
          this.state = mergeStates(onDisk.state, this.state);
        } else if (onDisk.kind === "corrupt") {
          this.#keepAside(path, "unreadable");
        }
        writeFileWhole(path, JSON.stringify(this.state));
      });
    } catch (cause) {
      throw cause instanceof StateSaveError ? cause : new StateSaveError(path, cause);
    }
  }

  /** Saves for work no request waits on (a compile that ended later): a failure is reported, not thrown. */
  saveInBackground(): void {
    try {
      this.save();
    } catch (error) {
      this.#report(error instanceof Error ? error.message : String(error));
    }
  }

  /** Records a guid's state. @throws {StateSaveError} when the state file cannot be written */
  setGuid(guid: string, address: string, state: GuidState): void {
    this.state.guids[guid] = { state, address };
    this.save();
  }

  #keepAside(path: string, why: string): void {
    const aside = `${path}.${why === "unreadable" ? "corrupt" : "other-chain"}-${Date.now()}`;
    try {
      renameSync(path, aside);
      this.#report(
        `The local explorer's state file ${path} is ${why}: kept as ${aside}, and a new one begun.`,
      );
    } catch (cause) {
      throw new StateSaveError(path, cause);
    }
  }
}

type ReadResult = { kind: "missing" } | { kind: "corrupt" } | { kind: "state"; state: ExplorerState };

// The file lies in a cache folder others may write: a link, a device or a file past the cap is kept aside unread.
const maxStateBytes = 256 * 1_048_576;

function readState(path: string): ReadResult {
  let read: ReturnType<typeof readRegularFile>;
  try {
    read = readRegularFile(path, maxStateBytes);
  } catch (cause) {
    throw new StateSaveError(path, cause);
  }
  if (read === undefined) return { kind: "missing" };
  if ("refused" in read) return { kind: "corrupt" };
  const parsed = stateSchema.safeParse(parsedJson(read.text));
  return parsed.success ? { kind: "state", state: parsed.data } : { kind: "corrupt" };
}

const decidedness: Record<GuidState, number> = { unknown: 0, pending: 1, pass: 2, fail: 2 };

/** Merges two states of one chain: every record of either, and for a guid both know, the more decided state. */
function mergeStates(theirs: ExplorerState, ours: ExplorerState): ExplorerState {
  const pick = <T extends { state: GuidState }>(a: T | undefined, b: T): T =>
    a !== undefined && decidedness[a.state] > decidedness[b.state] ? a : b;
  const guids = { ...theirs.guids };
  for (const [guid, entry] of Object.entries(ours.guids)) guids[guid] = pick(theirs.guids[guid], entry);
  const proxyGuids = { ...theirs.proxyGuids };
  for (const [guid, entry] of Object.entries(ours.proxyGuids))
    proxyGuids[guid] = pick(theirs.proxyGuids[guid], entry);
  return { ...ours, contracts: { ...theirs.contracts, ...ours.contracts }, guids, proxyGuids };
}

// A lock file made with O_EXCL: only one process holds it. Saves are short and synchronous, so waiting spins on a
// shared-memory wait rather than the event loop.
function withLock(lockPath: string, work: () => void): void {
  const giveUpAt = Date.now() + lockWaitMs;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lockPath, "wx");
    } catch (cause) {
      if (errnoCode(cause) !== "EEXIST") throw cause;
      if (lockIsStale(lockPath)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > giveUpAt) throw new Error(`another process holds ${lockPath}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    work();
  } finally {
    closeSync(fd);
    rmSync(lockPath, { force: true });
  }
}

function lockIsStale(lockPath: string): boolean {
  try {
    return Date.now() - statSync(lockPath).mtimeMs > staleLockMs;
  } catch {
    return false;
  }
}
