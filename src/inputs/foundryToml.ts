import { isUtf8 } from "node:buffer";
import { closeSync, openSync, readSync } from "node:fs";
import { parse, TomlError, type TomlTableWithoutBigInt } from "smol-toml";
import { InvalidInputError } from "../errors/index.js";
import { errnoCode, fileProblem } from "../kernel/systemErrors.js";

/** The largest `foundry.toml` read: forge's settings take a few kilobytes. */
export const maxFoundryTomlBytes = 1_048_576;

// Inline arrays and tables nested deeper than this are refused: forge's settings nest three levels at most.
const maxInlineDepth = 32;

/**
 * Reads and parses a `foundry.toml` with smol-toml: at most {@link maxFoundryTomlBytes} (read no further, so a
 * link to a device or an endless file costs nothing), UTF-8, no key named `__proto__` or `constructor` (the file
 * comes with the checkout, and a pull request can change it), inline arrays and tables nested at most 32 deep.
 * Synchronous: the file is small, and a caller that cannot wait reads it too.
 *
 * @param path - the file
 * @returns the document's root table, or undefined when there is no such file
 * @throws {InvalidInputError} naming the file (and the line) when it cannot be read, is too large or is not TOML
 */
export function readFoundryToml(path: string): TomlTableWithoutBigInt | undefined {
  let bytes: Buffer;
  try {
    const fd = openSync(path, "r");
    try {
      bytes = Buffer.alloc(maxFoundryTomlBytes + 1);
      let length = 0;
      for (let read = 1; read > 0 && length < bytes.length; length += read)
        read = readSync(fd, bytes, length, bytes.length - length, null);
      bytes = bytes.subarray(0, length);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw new InvalidInputError("foundry.toml", `Cannot read ${path}: ${fileProblem(error)}.`, {
      cause: error,
    });
  }
  if (bytes.length > maxFoundryTomlBytes)
    throw new InvalidInputError(
      "foundry.toml",
      `${path} is larger than 1 MiB: a foundry.toml that large is not read (forge's settings take a few kilobytes).`,
    );
  if (!isUtf8(bytes))
    throw new InvalidInputError("foundry.toml", `${path} is not valid UTF-8 text, as TOML must be.`);
  try {
    return parse(bytes.toString("utf8"), { maxDepth: maxInlineDepth, unsafeKeyBehaviour: "throw" });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new InvalidInputError("foundry.toml", `${path} line ${error.line}: ${reasonOf(error)}.`, {
      cause: error,
    });
  }
}

// smol-toml's message is "Invalid TOML document: <reason>" and then the lines around the fault, which may hold a
// key: only the reason is shown.
function reasonOf(error: TomlError): string {
  const reason = (error.message.split("\n")[0] ?? "")
    .replace(/^Invalid TOML document: /, "")
    .replace(/[.\s]+$/, "")
    .replace(/\. aborting$/, "");
  if (reason === "document contains an unsafe property")
    return "a key named __proto__ or constructor is not read";
  if (reason.startsWith("document contains excessively nested structures"))
    return `arrays or inline tables are nested more than ${maxInlineDepth} deep`;
  return reason;
}
