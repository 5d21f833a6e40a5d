import { InvalidInputError } from "../errors/index.js";
import { isSameExecutableCode } from "../recompile/bytecodeTransformations.js";
import { recoverConstructorArguments } from "../verify/constructorArguments.js";
import type { CompiledContract } from "./compiledContracts.js";

/**
 * Whether a compiled contract is the one deployed with this runtime code: linked library addresses, immutable
 * values, a library's own address (call protection) and the metadata hash are ignored.
 *
 * @param contract - a compiled contract
 * @param runtimeCode - the code at the address, `0x` hex
 * @returns true when the executable code is the same
 */
export function isDeployedCodeOf(contract: CompiledContract, runtimeCode: string): boolean {
  return isSameExecutableCode(
    {
      object: contract.deployedBytecode,
      linkReferences: contract.deployedLinkReferences,
      immutableReferences: contract.immutableReferences,
    },
    runtimeCode,
  );
}

/**
 * Whether a creation input starts with a contract's creation code, library placeholders matching any address.
 *
 * @param contract - a compiled contract
 * @param creationInput - the creation input (init code), `0x` hex
 * @returns true when it does; false for a contract without creation code
 */
export function isCreationCodeOf(contract: CompiledContract, creationInput: string): boolean {
  if (contract.bytecode.replace(/^0x/, "") === "") return false;
  try {
    recoverConstructorArguments(contract.bytecode, creationInput);
    return true;
  } catch {
    return false;
  }
}

/** How messages tell the user to name a contract, and which build to check. */
export interface InferenceNaming {
  /** e.g. `--contract`, or `contracts[2].contract`. */
  contract: string;
  /** e.g. `the build profile the contract was deployed with (--build-profile)`. */
  build: string;
}

const taskNaming: InferenceNaming = {
  contract: "--contract",
  build: "the build profile the contract was deployed with (--build-profile)",
};

/**
 * Finds which compiled contract is deployed at an address, by its code.
 *
 * @param contracts - the candidates, e.g. every contract of the project's builds
 * @param runtimeCode - the code at the address
 * @param address - the address, for messages
 * @param naming - in messages: where the user names a contract, and which build to check; default the Hardhat
 *   task's `--contract` and `--build-profile`
 * @returns the one contract whose code matches
 * @throws {InvalidInputError} when none matches, or several do (naming them, so the user can choose)
 */
export function inferContract(
  contracts: readonly CompiledContract[],
  runtimeCode: string,
  address: string,
  naming: InferenceNaming = taskNaming,
): CompiledContract {
  if (runtimeCode === "0x" || runtimeCode === "") {
    throw new InvalidInputError("address", `There is no contract at ${address} on this network.`);
  }
  const matching = contractsMatching(contracts, runtimeCode);
  const [only, ...others] = matching;
  if (!only) {
    throw new InvalidInputError(
      "contract",
      `No contract of this project's build matches the code at ${address}. Check the network, and ${naming.build}, or name the contract with ${naming.contract}.`,
    );
  }
  if (others.length > 0) {
    const names = matching
      .map((contract) => contract.userFqn)
      .sort()
      .join(", ");
    throw new InvalidInputError(
      "contract",
      `More than one contract matches the code at ${address}: ${names}. Choose one with ${naming.contract}.`,
    );
  }
  return only;
}

/**
 * The compiled contracts whose code is deployed with this runtime code, each name once.
 *
 * @param contracts - the candidates
 * @param runtimeCode - the code at an address
 * @returns those that match (none, one, or several that compile to the same code)
 */
export function contractsMatching(
  contracts: readonly CompiledContract[],
  runtimeCode: string,
): CompiledContract[] {
  const byName = new Map<string, CompiledContract>();
  for (const contract of contracts) {
    if (isDeployedCodeOf(contract, runtimeCode) && !byName.has(contract.userFqn))
      byName.set(contract.userFqn, contract);
  }
  return [...byName.values()];
}
