import { InvalidResponseError } from "../../errors/index.js";
import { nestsDeeperThan } from "../../kernel/jsonDepth.js";
import { isPlainObject, isTrue, parsedJson } from "../../kernel/jsonValues.js";
import * as z from "../../kernel/zod.js";
import type { SourceCodeItem } from "../../schemas/sourceCode.js";
import { isNotVerifiedAbi } from "../explorerTexts.js";
import type { ContractActionAnswer } from "./callContractAction.js";

/** What an explorer holds for a verified contract, in domain names. */
export interface VerifiedContract {
  address: string;
  contractName: string;
  compilerVersion: string;
  /** The main file's source (Blockscout), or the first source of an Etherscan standard-JSON answer. */
  sourceCode: string;
  /** Path of the main file, when the explorer knows it. */
  fileName: string | undefined;
  /** The other files of a multi-file verification. */
  additionalSources: Array<{ fileName: string; sourceCode: string }>;
  abi: unknown[] | undefined;
  optimizationUsed: boolean;
  optimizationRuns: number | undefined;
  evmVersion: string | undefined;
  /** Hex without `0x`, when the explorer stored some. */
  constructorArguments: string | undefined;
  externalLibraries: Array<{ name: string; address: string }>;
  isProxy: boolean;
  implementationAddresses: string[];
  compilerSettings: Record<string, unknown> | undefined;
  /**
   * Etherscan's `SimilarMatch`: the contract whose verified sources stand in for this one (same code, not verified
   * itself), when the item names one.
   */
  similarMatch?: string | undefined;
}

/**
 * Maps a `getsourcecode` item (or the contract object of a synchronous submission) to a {@link VerifiedContract}.
 * @returns the contract, or null when the item says the address is not verified (Blockscout's bare
 *   `{Address}`, an empty `SourceCode`, or Etherscan's `Contract source code not verified`)
 * @throws {InvalidResponseError} for Etherscan's double braces around something that is not JSON (a cut-short
 *   `{{…`): a Solidity file never starts with `{`, so it is not taken as one
 */
export function toVerifiedContract(
  item: SourceCodeItem,
  answer: ContractActionAnswer,
): VerifiedContract | null {
  const sourceCode = item.SourceCode ?? "";
  if (sourceCode === "" || isNotVerifiedAbi(item.ABI)) return null;
  const unwrapped = unwrapEtherscanStandardJson(sourceCode);
  if (unwrapped === "unreadable")
    throw new InvalidResponseError(
      `The explorer's answer cannot be read: the SourceCode it holds for ${item.Address ?? "the address"} starts with "{{" as a standard JSON input does, but is not one (a Solidity file never starts with "{").`,
      answer.request,
      answer.response.body,
    );
  const implementations = [
    ...(item.ImplementationAddresses ?? []),
    ...[item.ImplementationAddress, item.Implementation].filter((a): a is string => Boolean(a)),
  ].map((a) => a.toLowerCase());
  return {
    address: (item.Address ?? "").toLowerCase(),
    contractName: item.ContractName ?? "",
    compilerVersion: item.CompilerVersion ?? "",
    sourceCode: unwrapped ? unwrapped.main : sourceCode,
    // Blockscout 12 sends these names with a leading `/` (`/contracts/Lib.sol`), as it does for every name of a
    // contract imported from Sourcify; earlier releases as the compiler named them, the names that recompile together.
    fileName: (item.FileName || unwrapped?.mainName || "").replace(/^\/+/, "") || undefined,
    additionalSources: unwrapped
      ? unwrapped.others
      : listOf(item.AdditionalSources).map((s) => ({
          fileName: s.Filename.replace(/^\/+/, ""),
          sourceCode: s.SourceCode,
        })),
    abi: parseAbi(item.ABI),
    optimizationUsed: isTrue(item.OptimizationUsed),
    // zkSync sends its optimization mode here (`"z"`, `"3"`): a non-number is no run count.
    optimizationRuns: finiteNumber(item.OptimizationRuns ?? item.Runs),
    evmVersion: item.EVMVersion || undefined,
    constructorArguments: bareHex(item.ConstructorArguments),
    externalLibraries: listOf(item.ExternalLibraries).map((l) => ({ name: l.name, address: l.address_hash })),
    isProxy: isTrue(item.IsProxy ?? item.Proxy),
    implementationAddresses: [...new Set(implementations)],
    compilerSettings: parseSettings(item.CompilerSettings),
    similarMatch: item.SimilarMatch?.trim() || undefined,
  };
}

/**
 * Constructor arguments as the client hands them on, hex without `0x`: Blockscout 12 sends them with `0x` (RPC
 * `ConstructorArguments`, REST `constructor_args`), earlier releases and Etherscan without.
 *
 * @param hex - the wire value
 * @returns the hex without `0x`, or undefined when there is none
 */
export function bareHex(hex: string | null | undefined): string | undefined {
  const bare = hex?.replace(/^0x/i, "");
  return bare ? bare : undefined;
}

/** A number the explorer sent as a number or as text; undefined for none, empty text or a non-number. */
export function finiteNumber(value: string | number | null | undefined): number | undefined {
  const n = Number(value);
  return value === undefined || value === null || value === "" || !Number.isFinite(n) ? undefined : n;
}

// Older releases send `""` for an empty list.
function listOf<T>(value: T[] | string | null | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Parses an ABI sent as a JSON string.
 *
 * @param abi - the wire value
 * @returns the ABI array, or undefined when absent or not an ABI
 */
export function parseAbi(abi: string | null | undefined): unknown[] | undefined {
  if (!abi || isNotVerifiedAbi(abi)) return undefined;
  const parsed = parsedJson(abi);
  // Nested past any ABI's tuples: written and hashed by walking it, which such nesting would overflow.
  return Array.isArray(parsed) && !nestsDeeperThan(parsed) ? parsed : undefined;
}

// Compiler settings as a service stores them: an object, whatever its keys.
function parseSettings(value: SourceCodeItem["CompilerSettings"]): Record<string, unknown> | undefined {
  if (!value) return undefined;
  if (typeof value !== "string") return value;
  const parsed = parsedJson(value);
  return isPlainObject(parsed) && !nestsDeeperThan(parsed) ? parsed : undefined;
}

// The sources of a standard JSON input Etherscan wraps in double braces: each file's text, where it has one.
const wrappedInput = z.object({
  sources: z.record(z.string(), z.looseObject({ content: z.optional(z.unknown()) })),
});

// Etherscan returns standard-JSON verifications as `{{ ...input... }}`; Blockscout never does. Double braces around
// anything else are an answer cut short or garbled, not a file.
function unwrapEtherscanStandardJson(
  source: string,
):
  | { main: string; mainName: string; others: Array<{ fileName: string; sourceCode: string }> }
  | "unreadable"
  | undefined {
  if (!source.startsWith("{{")) return undefined;
  if (!source.endsWith("}}")) return "unreadable";
  const input = wrappedInput.safeParse(parsedJson(source.slice(1, -1)));
  if (!input.success) return "unreadable";
  const files = Object.entries(input.data.sources).map(([fileName, s]) => ({
    fileName,
    sourceCode: typeof s.content === "string" ? s.content : "",
  }));
  const [first, ...others] = files;
  if (!first) return "unreadable";
  return { main: first.sourceCode, mainName: first.fileName, others };
}
