import { resolve } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import { splitContractName } from "../../inputs/sourceNames.js";
import { readStandardJsonFile } from "../../inputs/standardJsonFile.js";
import type { Libraries } from "../../kernel/libraries.js";
import { assertAddress } from "../../kernel/validate.js";
import type { StandardJsonInput, VerificationJob } from "../../verify/job.js";

/** One ADDRESS from a standard JSON input file, as a door names it. */
export interface StandardJsonJobRequest {
  address: string;
  /** The input file, relative to `cwd`. */
  path: string;
  cwd: string;
  contract: string | undefined;
  compilerVersion: string | undefined;
  /** Constructor arguments as words: refused, the input has no ABI. */
  constructorWords: readonly string[];
  constructorArgsHex: string | undefined;
  libraries: Libraries;
}

/**
 * An address plus a standard JSON input becomes a job: the contract is the one the input declares under that name.
 *
 * @param request - the address, the input file and what describes the contract
 * @returns the job
 * @throws {InvalidInputError} when the contract or compiler is not named, or the input does not hold the contract
 */
export async function standardJsonJob(request: StandardJsonJobRequest): Promise<VerificationJob> {
  const { contract, compilerVersion, constructorArgsHex, libraries } = request;
  if (!contract)
    throw new InvalidInputError(
      "contract",
      "--standard-json needs --contract path/File.sol:Name: an input can hold many contracts.",
    );
  if (!compilerVersion)
    throw new InvalidInputError(
      "compilerVersion",
      "--standard-json needs --compiler-version, e.g. v0.8.28+commit.7893614a.",
    );
  if (request.constructorWords.length > 0) {
    throw new InvalidInputError(
      "constructorArguments",
      "With --standard-json, give constructor arguments ABI-encoded with --constructor-args-hex: the input has no ABI.",
    );
  }
  const input = await readStandardJsonFile(resolve(request.cwd, request.path), "--standard-json");
  const contractName = inputContractName(input, contract);
  return {
    address: assertAddress(request.address),
    contract,
    source: { format: "standard-json", input, compilerVersion, contractName },
    ...(constructorArgsHex === undefined ? {} : { constructorArguments: { hex: constructorArgsHex } }),
    ...(Object.keys(libraries).length ? { libraries } : {}),
  };
}

// `path/File.sol:Name`, or a bare `Name` declared in exactly one source of the input.
function inputContractName(input: StandardJsonInput, contract: string): string {
  const { sourceName, contractName } = splitContractName(contract);
  const names = Object.keys(input.sources);
  if (sourceName !== undefined) {
    const inputName = [sourceName, `project/${sourceName}`].find((name) => input.sources[name] !== undefined);
    if (inputName === undefined) {
      const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
      throw new InvalidInputError(
        "contract",
        `--contract ${contract}: the standard JSON input has no source "${sourceName}" (its sources: ${shown}).`,
      );
    }
    return `${inputName}:${contractName}`;
  }
  const declaration = new RegExp(`\\b(?:contract|library)\\s+${contractName.replace(/\W/g, "")}\\b`);
  const declaring = names.filter((name) => declaration.test(input.sources[name]?.content ?? ""));
  if (declaring.length !== 1) {
    throw new InvalidInputError(
      "contract",
      declaring.length === 0
        ? `--contract ${contract}: no source of the standard JSON input declares it; give path/File.sol:Name.`
        : `--contract ${contract} is declared in ${declaring.join(", ")}: give path/File.sol:Name.`,
    );
  }
  return `${declaring[0]}:${contractName}`;
}
