import { InvalidInputError } from "../errors/index.js";
import type { Libraries } from "../kernel/libraries.js";
import type { StandardJsonInput } from "../verify/job.js";
import { splitContractName } from "./sourceNames.js";

/**
 * A source's name as a standard JSON input has it: a Hardhat 3 input names project files `project/…`, and the name
 * users write for them is accepted too.
 */
function inputSourceName(input: StandardJsonInput, sourceName: string): string | undefined {
  if (input.sources[sourceName] !== undefined) return sourceName;
  const prefixed = `project/${sourceName}`;
  return input.sources[prefixed] === undefined ? undefined : prefixed;
}

/**
 * The contract's name as a standard JSON input spells it, its source name as the input has it.
 *
 * @param input - the standard JSON input
 * @param contract - the name the entry gave (`contracts/Token.sol:Token`)
 * @param contractField - the entry's field, for messages
 * @returns the fully qualified name in the input's spelling
 * @throws {InvalidInputError} for a name that is not fully qualified, or a source the input lacks
 */
export function inputContractName(input: StandardJsonInput, contract: string, contractField: string): string {
  const { sourceName, contractName } = splitContractName(contract);
  if (sourceName === undefined || contractName === "") {
    throw new InvalidInputError(
      contractField,
      `${contractField} ${JSON.stringify(contract)} must be a fully qualified name like contracts/Token.sol:Token: a standard JSON input can hold many contracts.`,
    );
  }
  const inputName = inputSourceName(input, sourceName);
  if (inputName === undefined) {
    const names = Object.keys(input.sources);
    const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
    throw new InvalidInputError(
      contractField,
      `${contractField} ${JSON.stringify(contract)}: the standard JSON input has no source "${sourceName}" (its sources: ${shown}).`,
    );
  }
  return `${inputName}:${contractName}`;
}

/**
 * Library names as a standard JSON input spells their sources.
 *
 * @param input - the standard JSON input
 * @param libraries - the entry's libraries
 * @returns the libraries, each name in the input's spelling when the input has its source
 */
export function inputLibraries(input: StandardJsonInput, libraries: Libraries): Libraries {
  const resolved: Libraries = {};
  for (const [name, address] of Object.entries(libraries)) {
    const { sourceName, contractName } = splitContractName(name);
    const inputName = sourceName === undefined ? undefined : inputSourceName(input, sourceName);
    resolved[inputName === undefined ? name : `${inputName}:${contractName}`] = address;
  }
  return resolved;
}
