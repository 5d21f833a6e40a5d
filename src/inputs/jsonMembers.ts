/** Where one member of a JSON object lies in the bytes of its text. */
export interface JsonMember {
  key: string;
  /** The first byte of the value. */
  start: number;
  /** The byte after the value. */
  end: number;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const colon = 0x3a;

/**
 * Lists the members of the JSON object that starts at `start` (after blanks), finding where each value ends without
 * parsing it: a build info's AST can be most of its hundreds of megabytes, and what is never parsed costs no memory.
 * Skipped values are checked only for balance (strings closed, brackets matched); a value that is parsed later is
 * checked whole by `JSON.parse`.
 *
 * @param bytes - UTF-8 JSON text
 * @param start - where the object starts (blanks before it allowed)
 * @param whole - the object is the whole text: only blanks may follow it
 * @returns the members in text order (a repeated key appears twice; the last one is the one JSON.parse keeps), or
 *   undefined when the text there is not an object
 * @throws {SyntaxError} when the object is not well formed
 */
export function jsonObjectMembers(bytes: Uint8Array, start = 0, whole = false): JsonMember[] | undefined {
  let at = skipBlanks(bytes, start);
  if (bytes[at] !== openBrace) return undefined;
  at = skipBlanks(bytes, at + 1);
  const members: JsonMember[] = [];
  const close = (brace: number): JsonMember[] => {
    if (whole && skipBlanks(bytes, brace + 1) !== bytes.length)
      throw syntaxError("the end of the text", brace + 1);
    return members;
  };
  if (bytes[at] === closeBrace) return close(at);
  for (;;) {
    if (bytes[at] !== quote) throw syntaxError("a member name", at);
    const keyEnd = skipString(bytes, at);
    const key = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + at, keyEnd - at).toString("utf8"));
    at = skipBlanks(bytes, keyEnd);
    if (bytes[at] !== colon) throw syntaxError('":"', at);
    const valueStart = skipBlanks(bytes, at + 1);
    const valueEnd = skipValue(bytes, valueStart);
    members.push({ key: String(key), start: valueStart, end: valueEnd });
    at = skipBlanks(bytes, valueEnd);
    if (bytes[at] === closeBrace) return close(at);
    if (bytes[at] !== comma) throw syntaxError('"," or "}"', at);
    at = skipBlanks(bytes, at + 1);
  }
}

/**
 * Parses one value of a JSON text held as bytes.
 *
 * @param bytes - UTF-8 JSON text
 * @param member - where the value lies
 * @returns the parsed value
 * @throws {SyntaxError} when the value is not JSON
 */
export function parseJsonMember(bytes: Uint8Array, member: Pick<JsonMember, "start" | "end">): unknown {
  return JSON.parse(
    Buffer.from(bytes.buffer, bytes.byteOffset + member.start, member.end - member.start).toString("utf8"),
  );
}

function skipBlanks(bytes: Uint8Array, at: number): number {
  let index = at;
  for (;;) {
    const byte = bytes[index];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return index;
    index += 1;
  }
}

// From the opening quote to the byte after the closing one.
function skipString(bytes: Uint8Array, at: number): number {
  let index = at + 1;
  for (;;) {
    const next = bytes.indexOf(quote, index);
    if (next === -1) throw syntaxError("the end of a string", bytes.length);
    let backslashes = 0;
    while (bytes[next - 1 - backslashes] === backslash) backslashes += 1;
    if (backslashes % 2 === 0) return next + 1;
    index = next + 1;
  }
}

function skipValue(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === quote) return skipString(bytes, at);
  if (first !== openBrace && first !== openBracket) {
    // A number, true, false or null: up to the next separator.
    let index = at;
    for (;;) {
      const byte = bytes[index];
      if (
        byte === undefined ||
        byte === comma ||
        byte === closeBrace ||
        byte === closeBracket ||
        byte === 0x20 ||
        byte === 0x0a ||
        byte === 0x0d ||
        byte === 0x09
      ) {
        if (index === at) throw syntaxError("a value", at);
        return index;
      }
      index += 1;
    }
  }
  const closers: number[] = [];
  let index = at;
  while (index < bytes.length) {
    const byte = bytes[index];
    if (byte === quote) {
      index = skipString(bytes, index);
      continue;
    }
    if (byte === openBrace) closers.push(closeBrace);
    else if (byte === openBracket) closers.push(closeBracket);
    else if (byte === closeBrace || byte === closeBracket) {
      if (closers.pop() !== byte) throw syntaxError("a matching bracket", index);
      if (closers.length === 0) return index + 1;
    }
    index += 1;
  }
  throw syntaxError("the end of an object or array", bytes.length);
}

function syntaxError(expected: string, at: number): SyntaxError {
  return new SyntaxError(`expected ${expected} at byte ${at}`);
}
