import { InvalidInputError, isExplorerVerifyError } from "../errors/index.js";
import type { Libraries } from "../kernel/libraries.js";
import { assertAddress } from "../kernel/validate.js";
import { encodeConstructorArguments } from "../verify/constructorArguments.js";
import type { ConstructorArguments, VerificationJob } from "../verify/job.js";
import type { CompiledContract } from "./compiledContracts.js";
import { userSourceName } from "./sourceNames.js";

/** What a job needs besides the compiled contract. */
export interface ContractJobOptions {
  /** Where the contract is deployed. */
  address: string;
  /** Values (encoded with the contract's ABI) or the ABI-encoded hex. */
  constructorArguments?: { values: readonly unknown[] } | { hex: string };
  /** Linked libraries: `Name`, `path/File.sol:Name` or the input's fully qualified name → address. */
  libraries?: Libraries;
  /** Field path the options came from, for errors: `contracts[2]` gives `contracts[2].address`. */
  field?: string;
}

/** A library a contract links, named both ways. */
export interface LinkedLibrary {
  /** The input's fully qualified name, the key the engine puts in `settings.libraries`. */
  inputFqn: string;
  userFqn: string;
  name: string;
}

/**
 * Makes a standard-JSON verification job for a compiled contract.
 *
 * @param contract - the contract, e.g. from {@link findContract}
 * @param options - address, constructor arguments, libraries
 * @returns the job; its `contract` is the name users write and its source names the input's contract
 * @throws {InvalidInputError} for a malformed address, constructor values that do not fit the ABI, or libraries
 *   that do not match what the contract links
 * @example
 * const job = createContractJob(findContract(buildInfos, "Token"), {
 *   address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
 *   constructorArguments: { values: ["Name", "SYM", 1000n] },
 * });
 */
export function createContractJob(contract: CompiledContract, options: ContractJobOptions): VerificationJob {
  const prefix = options.field === undefined ? "" : `${options.field}.`;
  const address = assertAddress(options.address, `${prefix}address`);
  const constructorArguments = jobConstructorArguments(contract, options.constructorArguments, prefix);
  const libraries = resolveLibraries(contract, options.libraries ?? {}, `${prefix}libraries`);
  return {
    address,
    contract: contract.userFqn,
    source: {
      format: "standard-json",
      input: contract.input,
      compilerVersion: contract.compilerVersion,
      contractName: contract.inputFqn,
      ...(contract.metadata === undefined ? {} : { metadata: contract.metadata }),
    },
    ...(constructorArguments === undefined ? {} : { constructorArguments }),
    ...(libraries === undefined ? {} : { libraries }),
  };
}

/**
 * Matches given library addresses to the libraries a contract links, keyed by the input's fully qualified name.
 *
 * @param contract - the contract
 * @param libraries - name (bare, user FQN or input FQN) → address
 * @param field - the input field, for errors
 * @returns input FQN → address, or undefined when the contract links none
 * @throws {InvalidInputError} for a malformed address, a library the contract does not link, an ambiguous bare
 *   name, or a linked library left without an address
 */
export function resolveLibraries(
  contract: CompiledContract,
  libraries: Libraries,
  field: string,
): Libraries | undefined {
  const linked = linkedLibraries(contract);
  const resolved: Libraries = {};
  for (const [key, address] of Object.entries(libraries)) {
    assertAddress(address, `${field}["${key}"]`);
    const matches = linked.filter((library) =>
      [library.name, library.userFqn, library.inputFqn].includes(key),
    );
    if (matches.length > 1) {
      throw new InvalidInputError(
        field,
        `Library name "${key}" is ambiguous for ${contract.userFqn}: ${matches.map((library) => library.userFqn).join(", ")}. Give the fully qualified name.`,
      );
    }
    const [match] = matches;
    if (match === undefined) {
      const names = linked.map((library) => library.userFqn).join(", ");
      throw new InvalidInputError(
        field,
        `${contract.userFqn} links no library "${key}"; ${linked.length === 0 ? "it links none" : `it links ${names}`}.`,
      );
    }
    resolved[match.inputFqn] = address;
  }
  const missing = linked.filter((library) => resolved[library.inputFqn] === undefined);
  if (missing.length > 0) {
    throw new InvalidInputError(
      field,
      `${contract.userFqn} links ${missing.map((library) => library.userFqn).join(", ")}: give ${missing.length === 1 ? "its address" : "their addresses"} in libraries.`,
    );
  }
  return linked.length === 0 ? undefined : resolved;
}

/**
 * Lists the libraries a contract links (in its creation or runtime code).
 *
 * @param contract - the contract
 * @returns each library once, named as the input has it and as users write it
 */
export function linkedLibraries(contract: CompiledContract): LinkedLibrary[] {
  const byInputFqn = new Map<string, LinkedLibrary>();
  for (const references of [contract.linkReferences, contract.deployedLinkReferences]) {
    for (const [sourceName, names] of Object.entries(references)) {
      for (const name of Object.keys(names)) {
        const inputFqn = `${sourceName}:${name}`;
        byInputFqn.set(inputFqn, { inputFqn, userFqn: `${userSourceName(sourceName)}:${name}`, name });
      }
    }
  }
  return [...byInputFqn.values()];
}

function jobConstructorArguments(
  contract: CompiledContract,
  given: ContractJobOptions["constructorArguments"],
  prefix: string,
): ConstructorArguments | undefined {
  if (given === undefined) return undefined;
  if ("hex" in given) return { hex: given.hex };
  const args = { values: given.values, abi: contract.abi };
  try {
    encodeConstructorArguments(args);
  } catch (error) {
    if (!isExplorerVerifyError(error)) throw error;
    // Found here, before anything is sent, and reported on the field the values came from.
    throw new InvalidInputError(`${prefix}constructorArgs`, error.shortMessage, { cause: error });
  }
  return args;
}
