import type { CompiledContract } from "./solidityCompiler.js";

/** What a compiled contract is compared with. */
export interface DeployedCode {
  /** The code at the address (`eth_getCode`). */
  runtimeCode: string;
  /** The input of the creation transaction, when it is known. */
  creationInput?: string | undefined;
}

/** Why a comparison failed; the texts are the explorer's. */
export type MismatchReason = "bytecode" | "constructor-arguments" | "no-bytecode";

export type MatchOutcome =
  | {
      match: "perfect" | "partial";
      /** Hex without `0x`: recovered from the creation input, else as submitted. */
      constructorArguments: string;
      /** `file:Library` to address, read from the deployed code. */
      libraries: Record<string, string>;
      /** Immutable values by AST id, read from the deployed code. */
      immutables: Record<string, string>;
    }
  | { match: "none"; reason: MismatchReason; recoveredArguments?: string };

interface Span {
  start: number;
  length: number;
}

function hex(code: string): string {
  return code.replace(/^0x/, "").toLowerCase();
}

/**
 * Where the CBOR metadata at the end of some bytecode starts (its last two bytes give its length).
 * @param code - hex without `0x`
 * @returns the hex offset of the metadata, or the code's length when it has none
 */
export function metadataStart(code: string): number {
  if (code.length < 4) return code.length;
  const length = Number.parseInt(code.slice(-4), 16);
  const start = code.length - 4 - length * 2;
  // The metadata map begins with a CBOR map header (0xa1..0xa7); anything else is not metadata.
  if (start < 0 || !/^a[1-7]$/.test(code.slice(start, start + 2))) return code.length;
  return start;
}

function copySpans(compiled: string, deployed: string, spans: Span[]): { code: string; values: string[] } {
  let code = compiled;
  const values: string[] = [];
  for (const span of spans) {
    const from = span.start * 2;
    const to = from + span.length * 2;
    const value = deployed.slice(from, to);
    values.push(value);
    code = code.slice(0, from) + value + code.slice(to);
  }
  return { code, values };
}

/**
 * Compares a compiled contract with deployed code as a block explorer does: linked libraries and immutable
 * values are taken from the deployed code, a difference only in the metadata hash is a partial match, and
 * the constructor arguments are what the creation input holds after the creation code.
 *
 * @param compiled - the compiler's output for the contract
 * @param deployed - the code at the address, and the creation input when known
 * @param submittedArguments - constructor arguments the submission carried (hex without `0x`), if any
 * @returns the match, or why there is none
 */
export function matchBytecode(
  compiled: CompiledContract,
  deployed: DeployedCode,
  submittedArguments?: string,
): MatchOutcome {
  const runtimeObject = compiled.evm?.deployedBytecode?.object;
  const runtime = hex(deployed.runtimeCode);
  if (!runtimeObject || runtime === "") return { match: "none", reason: "no-bytecode" };
  const compiledRuntime = hex(runtimeObject);
  if (compiledRuntime.length !== runtime.length) return { match: "none", reason: "bytecode" };

  const libraries: Record<string, string> = {};
  const librarySpans: Span[] = [];
  for (const [file, byName] of Object.entries(compiled.evm?.deployedBytecode?.linkReferences ?? {})) {
    for (const [name, spans] of Object.entries(byName)) {
      const linked = copySpans(compiledRuntime, runtime, spans);
      libraries[`${file}:${name}`] = `0x${linked.values[0] ?? ""}`;
      librarySpans.push(...spans);
    }
  }
  const immutables: Record<string, string> = {};
  const immutableSpans: Span[] = [];
  for (const [id, spans] of Object.entries(compiled.evm?.deployedBytecode?.immutableReferences ?? {})) {
    immutables[id] = `0x${copySpans(compiledRuntime, runtime, spans).values[0] ?? ""}`;
    immutableSpans.push(...spans);
  }
  // A library's code starts with PUSH20 of its own address (call protection), zero until it is deployed.
  const callProtection = compiledRuntime.startsWith(`73${"00".repeat(20)}`) ? [{ start: 1, length: 20 }] : [];
  const normalised = copySpans(compiledRuntime, runtime, [
    ...librarySpans,
    ...immutableSpans,
    ...callProtection,
  ]).code;

  let match: "perfect" | "partial";
  if (normalised === runtime) match = "perfect";
  else {
    const cut = metadataStart(normalised);
    if (cut !== metadataStart(runtime) || normalised.slice(0, cut) !== runtime.slice(0, cut)) {
      return { match: "none", reason: "bytecode" };
    }
    match = "partial";
  }

  const submitted = submittedArguments === undefined ? undefined : hex(submittedArguments);
  if (deployed.creationInput === undefined) {
    return { match, constructorArguments: submitted ?? "", libraries, immutables };
  }
  const recovered = recoverArguments(compiled, hex(deployed.creationInput), libraries);
  if (recovered === undefined) return { match: "none", reason: "bytecode" };
  if (submitted !== undefined && submitted !== "" && submitted !== recovered) {
    return { match: "none", reason: "constructor-arguments", recoveredArguments: recovered };
  }
  return { match, constructorArguments: recovered, libraries, immutables };
}

// The creation input is the creation code (libraries linked) followed by the arguments. With a partial match the
// metadata hashes inside differ, so only the lengths and the code outside the metadata are compared.
function recoverArguments(
  compiled: CompiledContract,
  creationInput: string,
  libraries: Record<string, string>,
): string | undefined {
  const object = compiled.evm?.bytecode?.object;
  if (!object) return undefined;
  let creation = hex(object);
  for (const [file, byName] of Object.entries(compiled.evm?.bytecode?.linkReferences ?? {})) {
    for (const [name, spans] of Object.entries(byName)) {
      const address = hex(libraries[`${file}:${name}`] ?? "0".repeat(40));
      for (const span of spans) {
        creation =
          creation.slice(0, span.start * 2) + address + creation.slice((span.start + span.length) * 2);
      }
    }
  }
  if (creationInput.length < creation.length) return undefined;
  const prefix = creationInput.slice(0, creation.length);
  if (prefix === creation) return creationInput.slice(creation.length);
  const cut = metadataStart(creation);
  if (prefix.slice(0, cut) === creation.slice(0, cut)) return creationInput.slice(creation.length);
  return undefined;
}
