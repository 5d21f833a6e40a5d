import {
  bareHex,
  linkCreationCode,
  type NormalisedRuntime,
  normaliseRuntime,
  sameOutsideMetadata,
  trailingMetadataHash,
  withoutTrailingMetadata,
} from "./bytecodeTransformations.js";
import type { CompilerOutputContract } from "./compiler.js";

/** What a compiled contract is compared with. */
export interface DeployedCode {
  /** The code at the address (`eth_getCode`). */
  runtimeCode: string;
  /** The input of the creation transaction, when it is known. */
  creationInput?: string | undefined;
}

/** Why a comparison failed. */
export type MismatchReason = "bytecode" | "constructor_arguments" | "no_bytecode";

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
  compiled: CompilerOutputContract,
  deployed: DeployedCode,
  submittedArguments?: string,
): MatchOutcome {
  const runtime = compiled.evm?.deployedBytecode;
  if (!runtime?.object || bareHex(deployed.runtimeCode) === "")
    return { match: "none", reason: "no_bytecode" };
  let normalised: NormalisedRuntime | undefined = normaliseRuntime(runtime, deployed.runtimeCode);
  // Deployed without a metadata block and submitted with one (or the reverse): the code before it may match. A
  // deployed block that hashes the metadata file has its length fixed by that hash, so code of another length is
  // another build (Sourcify: `bytecode_length_mismatch`), whatever precedes the block.
  let metadataDiffers = false;
  if (!normalised) {
    if (trailingMetadataHash(deployed.runtimeCode) !== undefined)
      return { match: "none", reason: "bytecode" };
    normalised = normaliseRuntime(
      { ...runtime, object: withoutTrailingMetadata(bareHex(runtime.object)) },
      withoutTrailingMetadata(bareHex(deployed.runtimeCode)),
    );
    if (!normalised || normalised.code !== normalised.deployed) return { match: "none", reason: "bytecode" };
    metadataDiffers = true;
  }
  const { libraries, immutables } = normalised;
  let match: "perfect" | "partial";
  if (metadataDiffers) match = "partial";
  else if (normalised.code === normalised.deployed) match = "perfect";
  else if (sameOutsideMetadata(normalised.code, normalised.deployed)) match = "partial";
  else return { match: "none", reason: "bytecode" };

  const submitted = submittedArguments === undefined ? undefined : bareHex(submittedArguments);
  // Without the metadata block the creation code differs too (it copies a runtime of another length).
  if (deployed.creationInput === undefined || metadataDiffers) {
    return { match, constructorArguments: submitted ?? "", libraries, immutables };
  }
  const recovered = recoverArguments(compiled, bareHex(deployed.creationInput), libraries);
  if (recovered === undefined) return { match: "none", reason: "bytecode" };
  if (submitted !== undefined && submitted !== "" && submitted !== recovered) {
    return { match: "none", reason: "constructor_arguments", recoveredArguments: recovered };
  }
  return { match, constructorArguments: recovered, libraries, immutables };
}

// The creation input is the creation code (libraries linked) followed by the arguments. With a partial match the
// metadata hashes inside differ, so only the lengths and the code outside the metadata are compared.
function recoverArguments(
  compiled: CompilerOutputContract,
  creationInput: string,
  libraries: Record<string, string>,
): string | undefined {
  const object = compiled.evm?.bytecode?.object;
  if (!object) return undefined;
  const creation = linkCreationCode(object, compiled.evm?.bytecode?.linkReferences, libraries);
  if (creationInput.length < creation.length) return undefined;
  const prefix = creationInput.slice(0, creation.length);
  if (prefix === creation || sameOutsideMetadata(creation, prefix))
    return creationInput.slice(creation.length);
  return undefined;
}
