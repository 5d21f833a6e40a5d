import { type JsonOrigin, parseJson, readUtf8File } from "./jsonFile.js";
import { type JsonMember, jsonObjectMembers, parseJsonMember } from "./jsonMembers.js";

/** Contracts to keep from a build's output, by bare name; undefined keeps them all. */
export type KeptContracts = ReadonlySet<string> | undefined;

/**
 * Reads a build info file (or Hardhat 3's `<id>.output.json`) as JSON, parsing of its compiler output only the
 * contracts kept, and of each only what verification reads: ABI, metadata, and the creation and runtime bytecode
 * with their link and immutable references. The output's ASTs, the other contracts, source maps, opcodes and the
 * like are never parsed: a build info of hundreds of megabytes is mostly those, and a parse of it whole takes
 * about twice its size again. What is returned holds nothing of the file's text.
 *
 * @param origin - the file, for reading and for errors
 * @param kept - the contracts to keep
 * @returns the file's JSON value, its `output.contracts` narrowed as above
 * @throws {InvalidInputError} when the file cannot be read, is not UTF-8 or is not JSON
 */
export async function readBuildInfoFile(origin: JsonOrigin, kept: KeptContracts): Promise<unknown> {
  const bytes = await readUtf8File(origin);
  try {
    const members = jsonObjectMembers(bytes, 0, true);
    if (members === undefined) return parseJson(bytes.toString("utf8"), origin);
    const value: Record<string, unknown> = {};
    for (const member of members) {
      setMember(
        value,
        member.key,
        member.key === "output" ? outputOf(bytes, member, kept) : parseJsonMember(bytes, member),
      );
    }
    return value;
  } catch (cause) {
    if (!(cause instanceof SyntaxError)) throw cause;
    // The whole text parsed as usual says what is wrong in JSON.parse's words (and would take the file, were the
    // scan of it mistaken).
    return parseJson(bytes.toString("utf8"), origin);
  }
}

function outputOf(bytes: Uint8Array, output: JsonMember, kept: KeptContracts): unknown {
  const members = jsonObjectMembers(bytes, output.start);
  // Not an object: left whole, for the schema to say so.
  if (members === undefined) return parseJsonMember(bytes, output);
  const contractsMember = members.findLast((member) => member.key === "contracts");
  if (contractsMember === undefined) return {};
  const sources = jsonObjectMembers(bytes, contractsMember.start);
  if (sources === undefined) return { contracts: parseJsonMember(bytes, contractsMember) };
  const contracts: Record<string, unknown> = {};
  for (const source of sources) {
    const byName = jsonObjectMembers(bytes, source.start);
    if (byName === undefined) {
      setMember(contracts, source.key, parseJsonMember(bytes, source));
      continue;
    }
    const named: Record<string, unknown> = {};
    for (const contract of byName) {
      if (kept === undefined || kept.has(contract.key))
        setMember(named, contract.key, verificationFields(parseJsonMember(bytes, contract)));
    }
    if (Object.keys(named).length > 0) setMember(contracts, source.key, named);
  }
  return { contracts };
}

// What verification reads of a contract's output; anything not an object is left for the schema to report.
function verificationFields(contract: unknown): unknown {
  if (!isRecord(contract)) return contract;
  const evm = contract.evm;
  const fields = pick(contract, ["abi", "metadata"]);
  if (!isRecord(evm)) return evm === undefined ? fields : { ...fields, evm };
  return {
    ...fields,
    evm: {
      ...(evm.bytecode === undefined
        ? {}
        : { bytecode: pickIfRecord(evm.bytecode, ["object", "linkReferences"]) }),
      ...(evm.deployedBytecode === undefined
        ? {}
        : {
            deployedBytecode: pickIfRecord(evm.deployedBytecode, [
              "object",
              "linkReferences",
              "immutableReferences",
            ]),
          }),
    },
  };
}

function pickIfRecord(value: unknown, keys: readonly string[]): unknown {
  return isRecord(value) ? pick(value, keys) : value;
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(record, key)) picked[key] = record[key];
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// As JSON.parse does: an own property whatever the key (`__proto__` included), the last of a repeated key winning.
function setMember(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
