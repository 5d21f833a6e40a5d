import { isPlainObject } from "../kernel/jsonValues.js";
import { boundedJson, type JsonOrigin, parseJson, readTextFile } from "./jsonFile.js";
import { type JsonSelection, readJsonFileSelection } from "./jsonFileSelection.js";

/** Contracts to keep from a build's output, by bare name; undefined keeps them all. */
export type KeptContracts = ReadonlySet<string> | undefined;

/**
 * Reads a build info file (or Hardhat 3's `<id>.output.json`) as JSON, a megabyte at a time, keeping of its compiler
 * output only the contracts kept, and of each only what verification reads: ABI, metadata, and the creation and
 * runtime bytecode with their link and immutable references. The output's ASTs, the other contracts, source maps,
 * opcodes and the like are never held: a build info of hundreds of megabytes is mostly those, and holding its text
 * alone took its size again. A source of the output that keeps no contract is left out.
 *
 * @param origin - the file, for reading and for errors
 * @param kept - the contracts to keep
 * @param sources - `skip`: the input's sources are scanned, not held (they read as none)
 * @returns the file's JSON value, its `output` narrowed as above
 * @throws {InvalidInputError} when the file cannot be read, is not UTF-8, is not JSON, or what is kept of it nests too deep
 */
export async function readBuildInfoFile(
  origin: JsonOrigin,
  kept: KeptContracts,
  sources: "read" | "skip" = "read",
): Promise<unknown> {
  try {
    const value = withoutEmptySources(
      readJsonFileSelection(origin, (path) =>
        sources === "skip" && path[0] === "input"
          ? inputWithoutSources(path)
          : buildInfoSelection(path, kept),
      ),
    );
    // Sources left unread read as none: the caller reads the file again when it needs them.
    if (sources === "skip" && isPlainObject(value) && isPlainObject(value.input)) value.input.sources = {};
    // What is kept (the ASTs are not) is walked whole afterwards: hashed, compared, sent.
    return boundedJson(value, origin);
  } catch (cause) {
    if (!(cause instanceof SyntaxError)) throw cause;
    // The whole text parsed as usual says what is wrong in JSON.parse's words (and would take the file, were the
    // scan of it mistaken).
    return parseJson(await readTextFile(origin), origin);
  }
}

const contractFields = new Set(["abi", "metadata"]);
const codeFields = new Map<string, ReadonlySet<string>>([
  ["bytecode", new Set(["object", "linkReferences"])],
  ["deployedBytecode", new Set(["object", "linkReferences", "immutableReferences"])],
]);

// `output.contracts.<source>.<contract>.evm.bytecode.object`: what of each value verification reads. Everything
// beside `output` is parsed; a path is only ever asked for below a value read member by member.
function buildInfoSelection(path: readonly string[], kept: KeptContracts): JsonSelection {
  const [top, section, , contract = "", field = "", code = "", codeField = ""] = path;
  switch (path.length) {
    case 0:
      return "members";
    case 1:
      return top === "output" ? "members" : "parse";
    case 2:
      return section === "contracts" ? "members" : "skip";
    case 3:
      return "members";
    case 4:
      return kept === undefined || kept.has(contract) ? "members" : "skip";
    case 5:
      return contractFields.has(field) ? "parse" : field === "evm" ? "members" : "skip";
    case 6:
      return codeFields.has(code) ? "members" : "skip";
    default:
      return codeFields.get(code)?.has(codeField) ? "parse" : "skip";
  }
}

// `input` member by member, its sources skipped: the rest (language, settings) is small.
function inputWithoutSources(path: readonly string[]): JsonSelection {
  if (path.length === 1) return "members";
  return path[1] === "sources" ? "skip" : "parse";
}

// A source none of whose contracts is kept is left out of the output.
function withoutEmptySources(value: unknown): unknown {
  const contracts = isPlainObject(value) && isPlainObject(value.output) ? value.output.contracts : undefined;
  if (!isPlainObject(contracts)) return value;
  for (const [source, byName] of Object.entries(contracts))
    if (isPlainObject(byName) && Object.keys(byName).length === 0) delete contracts[source];
  return value;
}
