import { isPlainObject } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";

/** A Solidity standard JSON input, as a verified contract's answer rebuilds it. */
export interface RebuiltInput {
  language: "Solidity";
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/** What a service verified a contract with: enough to verify it again elsewhere, with no build and no compiler. */
export interface VerifiedInput {
  address: string;
  /** `path/File.sol:Name`, the path as the input names the source. */
  contractName: string;
  /** `v0.8.28+commit.7893614a`. */
  compilerVersion: string;
  input: RebuiltInput;
  /** ABI-encoded, hex without `0x`, when the service stored some. */
  constructorArguments: string | undefined;
  /** The libraries the service says were linked: name (or `path:Name`) to address. */
  libraries: Record<string, string>;
  /** `partial`: the service matched the code but not its metadata (another file name, comments, settings). */
  match: "exact" | "partial";
}

/**
 * Why a service's answer is not a verification of the address's own to copy:
 * - `unverified`: it holds no sources for the address;
 * - `bytecode-twin`, `minimal-proxy`: the sources are another contract's (same code; an EIP-1167 clone's implementation);
 * - `bytecode-database`: the explorer verified it itself from an identical contract's sources, not from a submission;
 * - `unconfirmed`: the explorer cannot say whose the sources are;
 * - `vyper`: Vyper sources (copy rebuilds Solidity standard JSON inputs).
 */
export type NotCopiedStanding =
  | "unverified"
  | "bytecode-twin"
  | "minimal-proxy"
  | "bytecode-database"
  | "unconfirmed"
  | "vyper";

/** What a service holds for an address, for copying it elsewhere. */
export type VerifiedInputReading =
  | { found: true; verified: VerifiedInput }
  | {
      found: false;
      standing: NotCopiedStanding;
      /** One sentence saying why, for a person. */
      reason: string;
    };

/** A reading with nothing to copy, and why. */
export function notCopied(standing: NotCopiedStanding, reason: string): VerifiedInputReading {
  return { found: false, standing, reason };
}

/**
 * Why an answer about another contract is nothing to copy: a service that names another address than the one asked
 * about holds, as far as the answer says, no sources of this one's.
 *
 * @param address - the address asked about
 * @param named - the address the answer names
 * @returns the sentence
 */
export function anotherContractReason(address: string, named: string): string {
  return `The service's answer for ${address} is about another contract (${named}): it holds no verified sources of ${address}'s to copy.`;
}

/** What every output selection must hold for a verifier to read the code; services mostly set their own. */
const outputSelection = { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode", "metadata"] } };

/**
 * The compiler settings of an input rebuilt from a service's answer: metadata's `compilationTarget` left out (the
 * compiler refuses it in an input), metadata-style libraries (`{"path:Name": address}`) turned into the input's
 * (`{path: {Name: address}}`), and an output selection where none was kept. None of these changes the code.
 *
 * @param settings - the settings the service stored
 * @returns settings a compiler takes
 */
export function inputSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const { compilationTarget: _target, libraries, ...rest } = settings;
  const result: Record<string, unknown> = { ...rest };
  const linked = inputLibraries(libraries);
  if (linked) result.libraries = linked;
  if (result.outputSelection === undefined) result.outputSelection = outputSelection;
  return result;
}

const fileLibrariesSchema = z.record(z.string(), z.string());

// Libraries in a service's stored settings: metadata's `{"path:Name": address}`, or the input's `{path: {Name: address}}`.
function inputLibraries(libraries: unknown): Record<string, Record<string, string>> | undefined {
  if (!isPlainObject(libraries)) return undefined;
  const entries = Object.entries(libraries);
  if (entries.length === 0) return undefined;
  const result: Record<string, Record<string, string>> = {};
  for (const [key, value] of entries) {
    if (typeof value === "string") {
      // Metadata's form: `path:Name` → address.
      const cut = key.lastIndexOf(":");
      const file = cut < 0 ? "" : key.slice(0, cut);
      result[file] = { ...result[file], [key.slice(cut + 1)]: value };
      continue;
    }
    const inFile = fileLibrariesSchema.safeParse(value);
    if (inFile.success) result[key] = { ...result[key], ...inFile.data };
  }
  return result;
}

/** A contract verified from one file (a single file, a flattened source). */
export interface OneSource {
  /** The file's name, when the service kept one; else `Name.sol`. */
  fileName: string | undefined;
  sourceCode: string;
  contractName: string;
  optimizer: { enabled: boolean; runs?: number | undefined };
  evmVersion?: string | undefined;
}

/**
 * A flattened or single-file verification as a one-source standard JSON input.
 *
 * @param source - the file and its settings
 * @returns the input and the contract's `path:Name`
 */
export function oneSourceInput(source: OneSource): { input: RebuiltInput; contractName: string } {
  const fileName = source.fileName || `${source.contractName}.sol`;
  const { enabled, runs } = source.optimizer;
  const settings = inputSettings(statedSettings(enabled, runs, source.evmVersion));
  return {
    input: { language: "Solidity", sources: { [fileName]: { content: source.sourceCode } }, settings },
    contractName: `${fileName}:${source.contractName}`,
  };
}

/** The settings a service states beside its sources: the optimizer (200 runs unless said) and an EVM target. */
export function statedSettings(
  enabled: boolean,
  runs: number | undefined,
  evmVersion: string | null | undefined,
): Record<string, unknown> {
  return {
    optimizer: { enabled, runs: runs ?? 200 },
    ...(evmVersion && evmVersion.toLowerCase() !== "default" ? { evmVersion } : {}),
  };
}

/**
 * A compiler version in the form explorers take: `v` first.
 *
 * @param version - `0.8.28+commit.7893614a` or `v0.8.28+commit.7893614a`
 * @returns `v0.8.28+commit.7893614a`
 */
export function withV(version: string): string {
  return version.startsWith("v") ? version : `v${version}`;
}
