import { InvalidInputError } from "../errors/index.js";
import { assertAddress } from "./validate.js";

/** Linked libraries: name (or `path:Name`) to deployed address. */
export type Libraries = Record<string, string>;

/**
 * Libraries as a standard JSON input's settings take them: by source file, then name (a bare name under the file "").
 *
 * @param libraries - `path:Name` (or a bare name) to address
 * @returns file to name to address
 */
export function librariesByFile(libraries: Libraries): Record<string, Record<string, string>> {
  const byFile: Record<string, Record<string, string>> = {};
  for (const [key, address] of Object.entries(libraries)) {
    const separator = key.lastIndexOf(":");
    const file = separator < 0 ? "" : key.slice(0, separator);
    byFile[file] = { ...byFile[file], [key.slice(separator + 1)]: address };
  }
  return byFile;
}

/**
 * Checks a library map and puts it in slot order.
 *
 * @param libraries - name to address
 * @param maxSlots - how many the action has room for
 * @param action - the wire action, for the message
 * @returns `[name, address]` pairs
 * @throws {InvalidInputError} for too many libraries, an empty name or a malformed address
 */
export function librarySlots(
  libraries: Libraries | undefined,
  maxSlots: number,
  action: string,
): Array<[string, string]> {
  const entries = Object.entries(libraries ?? {});
  if (entries.length > maxSlots) {
    throw new InvalidInputError(
      "libraries",
      `${action} has ${maxSlots} library slots, but ${entries.length} libraries were given. Verify with standard JSON input instead: it carries any number of libraries.`,
    );
  }
  for (const [name, address] of entries) {
    if (name.trim() === "") throw new InvalidInputError("libraries", "A library name is empty.");
    assertAddress(address, `libraries["${name}"]`);
  }
  return entries;
}
