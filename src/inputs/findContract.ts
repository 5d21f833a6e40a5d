import { InvalidInputError } from "../errors/index.js";
import type { BuildInfo } from "./buildInfo.js";
import { type CompiledContract, contractsOf } from "./compiledContracts.js";
import { splitContractName } from "./sourceNames.js";

const shownBuildInfos = 5;

/**
 * Finds a contract in a set of builds by its fully qualified name (`contracts/Token.sol:Token`, or the input's
 * `project/contracts/Token.sol:Token`) or by its bare name (`Token`). A contract compiled by several builds
 * (Hardhat's isolated production builds compile a file with each file that imports it) is taken from the build
 * with the fewest sources.
 *
 * @param buildInfos - the builds to search
 * @param name - fully qualified or bare contract name
 * @param field - the input field to report errors on
 * @returns the contract
 * @throws {InvalidInputError} when no build has it, or a bare name matches contracts of several files
 * @example
 * const token = findContract(await readBuildInfos("artifacts"), "contracts/Token.sol:Token");
 */
export function findContract(
  buildInfos: readonly BuildInfo[],
  name: string,
  field = "contract",
): CompiledContract {
  const { sourceName, contractName } = splitContractName(name);
  const byUserFqn = new Map<string, CompiledContract[]>();
  for (const contract of buildInfos.flatMap(contractsOf)) {
    const matches =
      sourceName === undefined
        ? contract.contractName === contractName
        : contract.userFqn === name || contract.inputFqn === name;
    if (!matches) continue;
    byUserFqn.set(contract.userFqn, [...(byUserFqn.get(contract.userFqn) ?? []), contract]);
  }
  if (byUserFqn.size > 1) {
    const candidates = [...byUserFqn.keys()].sort().join(", ");
    throw new InvalidInputError(
      field,
      `Contract name "${name}" is ambiguous: ${candidates}. Give the fully qualified name (path/File.sol:Name).`,
    );
  }
  const [builds] = byUserFqn.values();
  if (builds === undefined) {
    throw new InvalidInputError(
      field,
      `Contract "${name}" is in none of the build info files searched (${searched(buildInfos)}). Check the name, or build the project again.`,
    );
  }
  return builds.reduce((best, candidate) =>
    Object.keys(candidate.input.sources).length < Object.keys(best.input.sources).length ? candidate : best,
  );
}

function searched(buildInfos: readonly BuildInfo[]): string {
  if (buildInfos.length === 0) return "none were found";
  const paths = buildInfos.map((buildInfo) => buildInfo.path);
  const shown = paths.slice(0, shownBuildInfos).join(", ");
  const more = paths.length - shownBuildInfos;
  return more > 0 ? `${shown} and ${more} more` : shown;
}
