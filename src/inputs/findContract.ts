import { join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import { groupedBy } from "../kernel/groupedBy.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { readRegularFile } from "../kernel/regularFile.js";
import * as z from "../kernel/zod.js";
import { maxAnswerBytes } from "../options/verificationOptions.js";
import { trailingMetadataHash } from "../recompile/bytecodeTransformations.js";
import type { BuildInfo } from "./buildInfo.js";
import { type CompiledContract, contractsOf } from "./compiledContracts.js";
import { isDeployedCodeOf } from "./inferContract.js";
import { splitContractName } from "./sourceNames.js";

/**
 * Finds a contract in a set of builds by its fully qualified name (`contracts/Token.sol:Token`, or the input's
 * `project/contracts/Token.sol:Token`) or by its bare name (`Token`). Of several builds of it (Hardhat's isolated
 * builds compile a file with each importer; a partial build leaves another profile's), the one whose code is deployed
 * is taken (and whose metadata hash is, when several builds have that code), else the one its Hardhat 3 artifact
 * names (`buildInfoId`), else the one with the fewest sources.
 *
 * @param buildInfos - the builds to search
 * @param name - fully qualified or bare contract name
 * @param field - the input field to report errors on
 * @param deployedCode - the code at the contract's address, when the chain was read
 * @returns the contract
 * @throws {InvalidInputError} when no build has it, or a bare name matches contracts of several files
 * @example
 * const token = findContract(await readBuildInfos("artifacts"), "contracts/Token.sol:Token");
 */
export function findContract(
  buildInfos: readonly BuildInfo[],
  name: string,
  field = "contract",
  deployedCode?: string,
): CompiledContract {
  const { sourceName, contractName } = splitContractName(name);
  const matches = (contract: CompiledContract) =>
    sourceName === undefined
      ? contract.contractName === contractName
      : contract.userFqn === name || contract.inputFqn === name;
  const byUserFqn = groupedBy(
    buildInfos.flatMap(contractsOf).filter(matches),
    (contract) => contract.userFqn,
  );
  if (byUserFqn.size > 1)
    throw new InvalidInputError(
      field,
      `Contract name "${name}" is ambiguous: ${[...byUserFqn.keys()].sort().join(", ")}. Give the fully qualified name (path/File.sol:Name).`,
    );
  const [builds] = byUserFqn.values();
  if (builds === undefined)
    throw new InvalidInputError(
      field,
      `Contract "${name}" is in none of the build info files searched (${searched(buildInfos)}). Check the name, or build the project again.`,
    );
  const deployed = builds.filter((build) => deployedCode && isDeployedCodeOf(build, deployedCode));
  // Two builds of the same code (two compiler releases, other settings) differ in the metadata hash it ends with.
  const hash = deployedCode && trailingMetadataHash(deployedCode)?.hash;
  const exact = deployed.filter(
    (build) => hash && trailingMetadataHash(build.deployedBytecode)?.hash === hash,
  );
  const matching = exact.length > 0 ? exact : deployed.length > 0 ? deployed : builds;
  const named = matching.length > 1 && artifactBuildInfoId(matching[0] as CompiledContract);
  const candidates = matching.filter((build) => build.buildInfoId === named);
  return (candidates.length > 0 ? candidates : matching).reduce((best, candidate) =>
    Object.keys(candidate.input.sources).length < Object.keys(best.input.sources).length ? candidate : best,
  );
}

const artifactSchema = z.looseObject({ buildInfoId: z.string() });

// Hardhat 3's artifacts/<source>/<Name>.json names its build; an artifact missing, refused or unreadable names none.
function artifactBuildInfoId({ userFqn, buildInfoPath }: CompiledContract): string | undefined {
  const path = join(buildInfoPath, "../..", `${userFqn.replace(/:(?!.*:)/, "/")}.json`);
  try {
    const read = readRegularFile(path, maxAnswerBytes);
    return read && "text" in read
      ? artifactSchema.safeParse(parsedJson(read.text)).data?.buildInfoId
      : undefined;
  } catch {
    return undefined;
  }
}

function searched(buildInfos: readonly BuildInfo[]): string {
  const paths = buildInfos.map((buildInfo) => buildInfo.path);
  if (paths.length === 0) return "none were found";
  return paths.slice(0, 5).join(", ") + (paths.length > 5 ? ` and ${paths.length - 5} more` : "");
}
