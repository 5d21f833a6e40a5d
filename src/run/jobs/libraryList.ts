import { resolve } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import { readUtf8File } from "../../inputs/jsonFile.js";
import { isPlainObject, parsedJson } from "../../kernel/jsonValues.js";
import type { Libraries } from "../../kernel/libraries.js";

const forgeLibrary = /^([^:]+):([A-Za-z_$][\w$]*):(0x[0-9a-fA-F]{40})$/;

/**
 * Reads linked libraries as a user writes them: forge's `path/Lib.sol:Lib:0x…` (several separated by commas or
 * given again), a JSON object `{"path/Lib.sol:Lib": "0x…"}` or solc's `{"path/Lib.sol": {"Lib": "0x…"}}`, or a JSON
 * file holding one.
 *
 * @param values - the flag's values, in order
 * @param cwd - where a file's relative path starts
 * @param flag - the flag's name, for messages
 * @returns library names (`path:Name`) to addresses
 * @throws {InvalidInputError} naming the value that is none of these forms
 * @example
 * await libraryList(["src/MathLib.sol:MathLib:0x5FbDB2315678afecb367f032d93F642f64180aa3"], process.cwd(), "--libraries");
 */
export async function libraryList(values: readonly string[], cwd: string, flag: string): Promise<Libraries> {
  const libraries: Libraries = {};
  for (const value of values) {
    const text = value.trim();
    if (text.startsWith("{")) Object.assign(libraries, libraryObject(text, flag));
    else if (text.split(",").every((item) => forgeLibrary.test(item.trim()))) {
      for (const item of text.split(",")) {
        const [, path, name, address] = forgeLibrary.exec(item.trim()) as RegExpExecArray;
        libraries[`${path}:${name}`] = address as string;
      }
    } else {
      const path = resolve(cwd, text);
      // A file that names libraries is small: a larger one (a link to /dev/zero) is not read to its end.
      const content = await readUtf8File({ field: flag, what: "libraries file", path }, 1_048_576).catch(
        () => {
          throw new InvalidInputError(
            flag,
            `${flag} ${text}: not path/Lib.sol:Lib:0x… (forge's form), JSON, or a readable JSON file (${path}).`,
          );
        },
      );
      Object.assign(libraries, libraryObject(content.toString("utf8"), flag));
    }
  }
  return libraries;
}

function libraryObject(text: string, flag: string): Libraries {
  const parsed = parsedJson(text);
  if (parsed === undefined)
    throw new InvalidInputError(
      flag,
      `${flag} must be path/Lib.sol:Lib:0x… (forge's form) or JSON like {"src/Lib.sol:Lib":"0x…"} (or a file holding it).`,
    );
  if (!isPlainObject(parsed))
    throw new InvalidInputError(
      flag,
      `${flag} must map library names to addresses, like {"src/Lib.sol:Lib":"0x…"}.`,
    );
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([key, value]) =>
      // solc's own shape, by source file then name: {"src/Lib.sol":{"Lib":"0x…"}}.
      isPlainObject(value)
        ? Object.entries(value).map(([name, address]) => [key ? `${key}:${name}` : name, String(address)])
        : [[key, String(value)]],
    ),
  );
}
