import { isUtf8 } from "node:buffer";
import { closeSync, openSync, readSync } from "node:fs";
import { type JsonOrigin, notUtf8File, unreadableFile } from "./jsonFile.js";

/**
 * What to do with a value of a JSON text, chosen by its path (the member names leading to it; array elements are
 * never descended into): `parse` it whole, read the `members` of an object one by one (a value that is not an
 * object is parsed whole instead), or `skip` it.
 */
export type JsonSelection = "parse" | "members" | "skip";

/** Chooses, for the value at a path, what {@link readJsonFileSelection} does with it. */
export type JsonSelector = (path: readonly string[]) => JsonSelection;

const defaultChunkBytes = 1_048_576;

// What a skipped value reads as: nothing is kept of it.
const skipped: unique symbol = Symbol("skipped");

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const colon = 0x3a;
const primitiveEnds = new Set([comma, closeBrace, closeBracket]);

/**
 * Reads a JSON file a megabyte at a time and keeps only the values the selector asks for: what is skipped is never
 * held, so reading a build info of hundreds of megabytes (mostly ASTs, source maps and opcodes) takes about the
 * memory of what is kept. The whole file is checked to be UTF-8; skipped values are checked only for balance
 * (strings closed, brackets matched), kept ones whole by `JSON.parse`. Each member is an own property whatever its
 * name (`__proto__` included), and the last of a repeated name wins, as `JSON.parse` does.
 *
 * The file is read synchronously: each chunk is scanned as soon as it is read, and the scan is no shorter for
 * waiting between chunks.
 *
 * @param origin - the file, for reading and for errors
 * @param select - what to keep of each value, by its path
 * @param chunkBytes - how much to read at a time
 * @returns the value kept of the whole text
 * @throws {InvalidInputError} when the file cannot be read or is not UTF-8
 * @throws {SyntaxError} when the text is not well formed JSON
 */
export function readJsonFileSelection(
  origin: JsonOrigin,
  select: JsonSelector,
  chunkBytes = defaultChunkBytes,
): unknown {
  let fd: number;
  try {
    fd = openSync(origin.path, "r");
  } catch (cause) {
    throw unreadableFile(origin, cause);
  }
  try {
    const reader = new JsonChunks(fd, origin, chunkBytes);
    const value = reader.value([], select);
    reader.expectEnd();
    return value === skipped ? undefined : value;
  } finally {
    closeSync(fd);
  }
}

/** A JSON text read from a file in chunks: a cursor over the bytes at hand, refilled as it reaches their end. */
class JsonChunks {
  /** Holds the bytes at hand, and room to read more. */
  #store: Buffer;
  /** The bytes at hand: the start of `#store`. */
  #bytes: Buffer;
  #at = 0;
  /** The bytes before `#at` from here on are kept across a refill: a value being read whole. */
  #keepFrom: number | undefined;
  /** Offset in the file of `#bytes[0]`, for syntax errors. */
  #offset = 0;
  #ended = false;
  /** The next backslash at or after `#at`, or -1 when `#bytes` has none there; undefined when not looked for. */
  #nextBackslash: number | undefined;
  /** A character cut by the end of the last chunk, checked with the next one. */
  #utf8Carry: Buffer = Buffer.alloc(0);

  constructor(
    private readonly fd: number,
    private readonly origin: JsonOrigin,
    private readonly chunkBytes: number,
  ) {
    this.#store = Buffer.alloc(chunkBytes);
    this.#bytes = this.#store.subarray(0, 0);
  }

  /** Reads the value at the cursor as the selector says. */
  value(path: readonly string[], select: JsonSelector): unknown {
    this.#skipBlanks();
    const selection = select(path);
    if (selection === "skip") {
      this.#skipValue();
      return skipped;
    }
    if (selection === "members" && this.#byte() === openBrace) return this.#members(path, select);
    return this.#parseValue();
  }

  /** Checks that only blanks follow. */
  expectEnd(): void {
    this.#skipBlanks();
    if (this.#byte() !== undefined) throw this.#syntaxError("the end of the text");
  }

  #members(path: readonly string[], select: JsonSelector): Record<string, unknown> {
    const members: Record<string, unknown> = {};
    this.#at += 1;
    this.#skipBlanks();
    if (this.#byte() === closeBrace) {
      this.#at += 1;
      return members;
    }
    for (;;) {
      if (this.#byte() !== quote) throw this.#syntaxError("a member name");
      const key = this.#parseValue();
      this.#skipBlanks();
      if (this.#byte() !== colon) throw this.#syntaxError('":"');
      this.#at += 1;
      const name = String(key);
      const value = this.value([...path, name], select);
      if (value !== skipped)
        Object.defineProperty(members, name, { value, enumerable: true, writable: true, configurable: true });
      this.#skipBlanks();
      const separator = this.#byte();
      if (separator !== closeBrace && separator !== comma) throw this.#syntaxError('"," or "}"');
      this.#at += 1;
      if (separator === closeBrace) return members;
      this.#skipBlanks();
    }
  }

  #parseValue(): unknown {
    this.#keepFrom = this.#at;
    this.#skipValue();
    const text = this.#bytes.toString("utf8", this.#keepFrom, this.#at);
    this.#keepFrom = undefined;
    return JSON.parse(text);
  }

  /** The byte at the cursor, reading more when the bytes at hand are used up; undefined at the end of the file. */
  #byte(): number | undefined {
    if (this.#at >= this.#bytes.length && !this.#fill()) return undefined;
    return this.#bytes[this.#at];
  }

  #skipBlanks(): void {
    while (isBlank(this.#byte())) this.#at += 1;
  }

  #skipValue(): void {
    const first = this.#byte();
    if (first === quote) {
      this.#skipString();
      return;
    }
    if (first === openBrace || first === openBracket) {
      this.#skipContainer();
      return;
    }
    // A number, true, false or null: up to the next separator.
    const start = this.#offset + this.#at;
    for (;;) {
      const byte = this.#byte();
      if (byte === undefined || primitiveEnds.has(byte) || isBlank(byte)) {
        if (this.#offset + this.#at === start) throw this.#syntaxError("a value");
        return;
      }
      this.#at += 1;
    }
  }

  // From the opening quote to the byte after the closing one.
  #skipString(): void {
    this.#at += 1;
    for (;;) {
      if (this.#at >= this.#bytes.length && !this.#fill()) throw this.#syntaxError("the end of a string");
      const bytes = this.#bytes;
      const close = bytes.indexOf(quote, this.#at);
      if (this.#nextBackslash === undefined || (this.#nextBackslash !== -1 && this.#nextBackslash < this.#at))
        this.#nextBackslash = bytes.indexOf(backslash, this.#at);
      const escaping = this.#nextBackslash;
      if (escaping !== -1 && (close === -1 || escaping < close)) {
        // The escaped character is never a closing quote.
        this.#at = escaping + 1;
        if (this.#at >= bytes.length && !this.#fill()) throw this.#syntaxError("the end of a string");
        this.#at += 1;
        continue;
      }
      if (close !== -1) {
        this.#at = close + 1;
        return;
      }
      this.#at = bytes.length;
    }
  }

  #skipContainer(): void {
    const closers: number[] = [];
    for (;;) {
      if (this.#at >= this.#bytes.length && !this.#fill())
        throw this.#syntaxError("the end of an object or array");
      // The bytes at hand, scanned without a call per byte.
      const bytes = this.#bytes;
      let at = this.#at;
      while (at < bytes.length) {
        const byte = bytes[at];
        if (byte === quote) break;
        if (byte === openBrace) closers.push(closeBrace);
        else if (byte === openBracket) closers.push(closeBracket);
        else if (byte === closeBrace || byte === closeBracket) {
          if (closers.pop() !== byte) {
            this.#at = at;
            throw this.#syntaxError("a matching bracket");
          }
          if (closers.length === 0) {
            this.#at = at + 1;
            return;
          }
        }
        at += 1;
      }
      this.#at = at;
      if (at < bytes.length) this.#skipString();
    }
  }

  /** Reads the next chunk after the bytes at hand (keeping those of a value being read whole). */
  #fill(): boolean {
    if (this.#ended) return false;
    const keepFrom = this.#keepFrom ?? this.#bytes.length;
    const kept = this.#bytes.length - keepFrom;
    // A large value read whole grew the store: it goes back to a chunk's size once the value is done.
    const chunkBytes = this.chunkBytes;
    if (kept === 0 && this.#store.length > chunkBytes) this.#store = Buffer.alloc(chunkBytes);
    else if (this.#store.length < kept + chunkBytes) {
      const larger = Buffer.alloc(Math.max(this.#store.length * 2, kept + chunkBytes));
      this.#bytes.copy(larger, 0, keepFrom);
      this.#store = larger;
    } else if (kept > 0) this.#store.copyWithin(0, keepFrom, this.#bytes.length);
    let read: number;
    try {
      read = readSync(this.fd, this.#store, kept, chunkBytes, null);
    } catch (cause) {
      throw unreadableFile(this.origin, cause);
    }
    this.#offset += keepFrom;
    this.#at -= keepFrom;
    if (this.#keepFrom !== undefined) this.#keepFrom = 0;
    this.#nextBackslash = undefined;
    this.#bytes = this.#store.subarray(0, kept + read);
    this.#checkUtf8(this.#store.subarray(kept, kept + read));
    if (read === 0) this.#ended = true;
    return read > 0;
  }

  // A chunk's end may cut a character: its first bytes wait for the next chunk; at the end of the file none may wait.
  #checkUtf8(chunk: Buffer): void {
    let from = 0;
    if (this.#utf8Carry.length > 0) {
      from = sequenceLength(this.#utf8Carry[0] ?? 0) - this.#utf8Carry.length;
      if (chunk.length > 0 && chunk.length < from) {
        this.#utf8Carry = Buffer.concat([this.#utf8Carry, chunk]);
        return;
      }
      if (!isUtf8(Buffer.concat([this.#utf8Carry, chunk.subarray(0, from)]))) throw notUtf8File(this.origin);
      this.#utf8Carry = Buffer.alloc(0);
    }
    const cut = completeCharacters(chunk, from);
    if (!isUtf8(chunk.subarray(from, cut))) throw notUtf8File(this.origin);
    this.#utf8Carry = Buffer.from(chunk.subarray(cut));
  }

  #syntaxError(expected: string): SyntaxError {
    return new SyntaxError(`expected ${expected} at byte ${this.#offset + this.#at}`);
  }
}

function isBlank(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

// The bytes of a character starting with this byte (1 for a byte that cannot start one: the check refuses it).
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

// Where the last character that the chunk holds whole ends.
function completeCharacters(chunk: Buffer, from: number): number {
  for (let index = chunk.length - 1; index >= Math.max(from, chunk.length - 4); index -= 1) {
    const byte = chunk[index] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    return index + sequenceLength(byte) > chunk.length ? index : chunk.length;
  }
  return chunk.length;
}
