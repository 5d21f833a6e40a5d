import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { InvalidInputError } from "../errors/index.js";
import { maxJsonDepth, nestsDeeperThan, textNestsDeeperThan } from "../kernel/jsonDepth.js";
import { fileProblem } from "../kernel/systemErrors.js";
import type * as z from "../kernel/zod.js";

/** Where a JSON text came from, for error messages. */
export interface JsonOrigin {
  /** The input field the error is reported on, e.g. `artifacts`, `deployment`, `contracts[2].metadata`. */
  field: string;
  /** What the file is, e.g. `build info`, `Ignition journal`. */
  what: string;
  /** The file's path (shown as given). */
  path: string;
}

/**
 * Renders a zod issue path the way users write field paths: `contracts[2].address`, `sources["a.sol"]`.
 *
 * @param path - the issue's path
 * @returns the field path, empty for the root
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) text += text === "" ? key : `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text;
}

/**
 * Reads a file as UTF-8 text, turning a file-system failure into an error a person can act on. Bytes that are not
 * UTF-8 are refused rather than replaced by U+FFFD: what is read here is compiled and sent to the explorer, and a
 * source changed on the way would be verified against code it was not built from, or fail for a reason no one sees.
 *
 * @param origin - what the file is and which input named it
 * @param maxBytes - the most bytes read, from a pipe or a device too (a larger file is refused)
 * @returns the file's text
 * @throws {InvalidInputError} when the file cannot be read, is larger than `maxBytes`, or is not valid UTF-8
 */
export async function readTextFile(origin: JsonOrigin, maxBytes?: number): Promise<string> {
  return (await readUtf8File(origin, maxBytes)).toString("utf8");
}

/**
 * Reads a file's bytes and checks that they are UTF-8 text (see {@link readTextFile}), for a reader that parses
 * only parts of a large file.
 *
 * @param origin - what the file is and which input named it
 * @param maxBytes - the most bytes read (a larger file is refused); about the longest string V8 holds by default
 * @returns the file's bytes
 * @throws {InvalidInputError} when the file cannot be read, is a device, is larger than `maxBytes`, or is not UTF-8
 */
export async function readUtf8File(origin: JsonOrigin, maxBytes = maxTextFileBytes): Promise<Buffer> {
  let bytes: Buffer | undefined;
  let device = false;
  try {
    const file = await stat(origin.path);
    // A regular file is weighed before it is read; a pipe (`<(jq …)`) only as it is read; a device or a socket (a
    // committed link to /dev/zero) not at all.
    device = file.isCharacterDevice() || file.isBlockDevice() || file.isSocket();
    bytes = file.isFile()
      ? file.size <= maxBytes
        ? await readFile(origin.path)
        : undefined
      : device
        ? undefined
        : await readAtMost(origin.path, maxBytes);
  } catch (cause) {
    throw unreadableFile(origin, cause);
  }
  if (device) throw fileError(origin, "is a device or a socket, not a file: name a file.");
  if (bytes === undefined)
    throw fileError(
      origin,
      `is larger than ${maxBytes / 1_048_576} MiB, more than a text this program reads.`,
    );
  if (!isUtf8(bytes)) throw notUtf8File(origin);
  return bytes;
}

// The longest string V8 holds is about 512 MiB: a larger text could not be parsed anyway.
const maxTextFileBytes = 512 * 1_048_576;

async function readAtMost(path: string, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1_048_576 })) {
    const bytes = Buffer.from(chunk);
    size += bytes.length;
    if (size > maxBytes) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The error for a file that cannot be read, in words a person can act on.
 *
 * @param origin - what the file is and which input named it
 * @param cause - the file system's error
 * @returns the error to throw
 */
export function unreadableFile(origin: JsonOrigin, cause: unknown): InvalidInputError {
  return new InvalidInputError(
    origin.field,
    `Cannot read the ${origin.what} ${origin.path}: ${fileProblem(cause)}.`,
    { cause },
  );
}

/**
 * The error for a file whose bytes are not UTF-8 (see {@link readTextFile} for why it is refused).
 *
 * @param origin - what the file is and which input named it
 * @returns the error to throw
 */
export function notUtf8File(origin: JsonOrigin): InvalidInputError {
  return fileError(
    origin,
    "is not valid UTF-8 text: save it as UTF-8 (explorers and compilers read sources as UTF-8).",
  );
}

// An input error about a file, its message starting with what and where the file is.
function fileError(origin: JsonOrigin, rest: string, options?: { cause: unknown }): InvalidInputError {
  return new InvalidInputError(origin.field, `The ${origin.what} ${origin.path} ${rest}`, options);
}

/** Refuses a file larger than a bound before it is read; gives the file's size. */
export async function assertAtMost(origin: JsonOrigin, maxBytes: number): Promise<number> {
  const { size } = await stat(origin.path).catch((cause: unknown) => {
    throw unreadableFile(origin, cause);
  });
  if (size > maxBytes) {
    throw fileError(origin, `is ${size} bytes, more than the ${maxBytes} this reader takes.`);
  }
  return size;
}

/**
 * Parses JSON text.
 *
 * @param text - the JSON text
 * @param origin - what the text is, for error messages
 * @returns the parsed value, not yet checked
 * @throws {InvalidInputError} naming the file when the text is not JSON
 */
export function parseJson(text: string, origin: JsonOrigin): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    // In words that quote none of the text: Node's message shows the bytes around the fault, and a file named by
    // mistake (a link to a key file) must not reach a log that way.
    throw fileError(origin, `is not valid JSON: ${jsonSyntaxReason(cause)}.`);
  }
}

// V8's messages with a position name the grammar only ("Expected ',' or '}' after property value"); those without
// one quote the text ("Unexpected token 'g', ...\"{\"token\": ghp_\"..."): only the kind of fault is kept of them.
function jsonSyntaxReason(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : "";
  const positioned = /^(.+?) in JSON at position (\d+)(?: \(line (\d+) column (\d+)\))?$/.exec(message);
  if (positioned && !positioned[1]?.startsWith("Unexpected token") && !positioned[1]?.includes('"')) {
    const [, what = "", offset = "0", line, column] = positioned;
    const where = line ? `line ${line}, column ${column}` : `character ${Number(offset) + 1}`;
    return `${what} at ${where}`;
  }
  if (message.startsWith("Unexpected end of JSON input")) return "it ends before its last value does";
  return "it holds a character JSON does not allow there";
}

/**
 * Parses JSON text that comes from someone else and is walked whole afterwards (hashed, compared, written again):
 * nesting past {@link maxJsonDepth} is refused before any walk, counted in the text before it is parsed.
 *
 * @param text - the JSON text
 * @param origin - what the text is, for error messages
 * @returns the parsed value, not yet checked
 * @throws {InvalidInputError} naming the file when the text is not JSON, or nests too deep
 */
export function parseBoundedJson(text: string, origin: JsonOrigin): unknown {
  if (textNestsDeeperThan(text)) throw nestsTooDeep(origin);
  return parseJson(text, origin);
}

/** {@link parseBoundedJson}'s refusal, of a value parsed otherwise (in parts, in a larger value); returns it. */
export function boundedJson(value: unknown, origin: JsonOrigin): unknown {
  if (nestsDeeperThan(value)) throw nestsTooDeep(origin);
  return value;
}

function nestsTooDeep(origin: JsonOrigin): InvalidInputError {
  return fileError(
    origin,
    `nests objects and arrays more than ${maxJsonDepth} deep, which no ${origin.what} does: it is not read.`,
  );
}

/**
 * Checks a parsed value with a schema.
 *
 * @param value - the parsed JSON value
 * @param schema - the shape it must have
 * @param origin - what the value is, for error messages
 * @returns the value as the schema gives it
 * @throws {InvalidInputError} naming the file and the first wrong field
 */
export function parseWithSchema<Schema extends z.ZodMiniType>(
  value: unknown,
  schema: Schema,
  origin: JsonOrigin,
): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? formatIssuePath(issue.path) : "";
  const problem = issue?.message ?? "unexpected shape";
  throw fileError(origin, `is not in the expected format: ${where === "" ? "" : `${where}: `}${problem}.`, {
    cause: result.error,
  });
}

/**
 * Reads a JSON file and checks it with a schema.
 *
 * @param schema - the shape the file must have
 * @param origin - what the file is and which input named it
 * @returns the parsed file
 * @throws {InvalidInputError} when the file cannot be read, is not JSON, or is not of the shape
 */
export async function readJsonFile<Schema extends z.ZodMiniType>(
  schema: Schema,
  origin: JsonOrigin,
): Promise<z.infer<Schema>> {
  return parseWithSchema(parseJson(await readTextFile(origin), origin), schema, origin);
}
