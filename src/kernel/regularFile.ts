import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { formatBytes } from "./byteSize.js";
import { errnoCode } from "./systemErrors.js";

/** A file read by {@link readRegularFile}: its text and what the file system says of it; or why it was not read. */
export type RegularFileRead = { text: string; stats: Stats } | { refused: string; growing?: true };

/**
 * Reads a file that others may have placed (a ledger committed in a pull request, a shard's file from an artifact
 * store, a cache file) as a regular file only, never through a link, and only up to a cap: a link to /dev/zero or a
 * file of gigabytes costs nothing.
 *
 * @param path - the file
 * @param maxBytes - the most bytes it may hold
 * @returns its text, or why it was refused in words that follow its name ("is a link, not a regular file");
 *   undefined when there is no such file
 * @throws the file system's error when it cannot be opened or read for another reason (permission denied)
 */
export function readRegularFile(path: string, maxBytes: number): RegularFileRead | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "ELOOP") return { refused: "is a link, not a regular file" };
    throw error;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { refused: "is not a regular file" };
    if (stats.size > maxBytes)
      return { refused: `is ${stats.size} bytes, over the ${formatBytes(maxBytes)} such a file may hold` };
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (let read = 1; read > 0 && length < buffer.length; length += read)
      read = readSync(descriptor, buffer, length, buffer.length - length, null);
    if (length > stats.size) return { refused: "grew while it was read", growing: true };
    return { text: buffer.toString("utf8", 0, length), stats };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Writes a file whole: the text goes to a new temporary file beside it (created afresh, never through a link left at
 * a name), flushed to disk, then renamed over the file, so a reader (or a process killed mid-write) never sees half
 * of it, and a link at the file's name is replaced, not followed.
 *
 * @param path - the file; its folder is made when missing
 * @param text - its text
 */
export function writeFileWhole(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const descriptor = openSync(temporary, "wx");
  try {
    try {
      writeSync(descriptor, text);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
