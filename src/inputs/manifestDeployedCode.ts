import { InvalidInputError } from "../errors/index.js";
import { linkedLibraryAddresses } from "../recompile/bytecodeTransformations.js";
import type { BuildInfo } from "./buildInfo.js";
import { type CompiledContract, contractsOf } from "./compiledContracts.js";
import { contractsMatching, inferContract } from "./inferContract.js";
import type { ManifestEntrySpec } from "./manifestEntries.js";

/** Reads the code deployed at an address (the Action's `rpc-url`). */
export type DeployedCodeReader = (address: string) => Promise<string>;

/**
 * The addresses of the libraries linked into the deployed code, where the compiler left its placeholders; the entry's
 * own `libraries` win over what the code says.
 *
 * @param entry - the manifest entry
 * @param contract - the compiled contract
 * @param deployedCode - reads the chain, when it is given
 * @returns the libraries by name, or undefined when the contract links none or the chain is not given
 * @throws {InvalidInputError} when the code cannot be read
 */
export async function librariesFromCode(
  entry: ManifestEntrySpec,
  contract: CompiledContract,
  deployedCode: DeployedCodeReader | undefined,
): Promise<Record<string, string> | undefined> {
  if (!deployedCode || Object.keys(contract.deployedLinkReferences).length === 0) return undefined;
  return linkedLibraryAddresses(contract.deployedLinkReferences, await readCode(entry, deployedCode));
}

async function readCode(entry: ManifestEntrySpec, deployedCode: DeployedCodeReader): Promise<string> {
  try {
    return await deployedCode(entry.address);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError(
      `${entry.field}.address`,
      `Could not read the code at ${entry.address} from the chain, to find which contract it is: ${reason}.`,
    );
  }
}

/**
 * Whether a proxy entry left to be inferred has code that is no contract of the build (a clone, a proxy built
 * elsewhere).
 *
 * @param entry - the manifest entry
 * @param buildInfos - the build's infos, read when first asked for
 * @param deployedCode - reads the chain, when it is given
 * @returns true for such a proxy; false for any other entry, or without the chain
 * @throws {InvalidInputError} when the code cannot be read
 */
export async function outsideBuild(
  entry: ManifestEntrySpec,
  buildInfos: () => Promise<BuildInfo[]>,
  deployedCode: DeployedCodeReader | undefined,
): Promise<boolean> {
  if (!entry.proxy || !deployedCode) return false;
  if (entry.kind !== "build-info" || entry.contract !== undefined) return false;
  const code = await readCode(entry, deployedCode);
  return code !== "0x" && contractsMatching((await buildInfos()).flatMap(contractsOf), code).length === 0;
}

/**
 * The contract of the build whose code is deployed at the entry's address.
 *
 * @param entry - the manifest entry, without `contract`
 * @param buildInfos - the build's infos, read when first asked for
 * @param deployedCode - reads the chain, when it is given
 * @returns the compiled contract
 * @throws {InvalidInputError} without the chain, when the code cannot be read, or when no one contract matches it
 */
export async function deployedContract(
  entry: ManifestEntrySpec,
  buildInfos: () => Promise<BuildInfo[]>,
  deployedCode: DeployedCodeReader | undefined,
): Promise<CompiledContract> {
  if (!deployedCode) throw contractRequired(entry);
  const code = await readCode(entry, deployedCode);
  return inferContract((await buildInfos()).flatMap(contractsOf), code, entry.address, {
    contract: `${entry.field}.contract`,
    build: "that the artifacts are the build the contract was deployed from",
  });
}

/**
 * The error for an entry without `contract` when there is no chain to infer it from.
 *
 * @param entry - the manifest entry
 * @returns the error to throw
 */
export function contractRequired(entry: ManifestEntrySpec): InvalidInputError {
  return new InvalidInputError(
    `${entry.field}.contract`,
    `${entry.field}.contract is required: name the contract (path/File.sol:Name), or give the chain (the Action's rpc-url) to infer it from the deployed code.`,
  );
}
