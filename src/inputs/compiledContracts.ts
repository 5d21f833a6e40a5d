import type { ImmutableReferences, LinkReferences } from "../recompile/bytecodeTransformations.js";
import type { StandardJsonInput } from "../verify/job.js";
import type { BuildInfo } from "./buildInfo.js";
import { type BuildOutputContract, metadataText, prefixedHex } from "./compilerJson.js";
import { userSourceName } from "./sourceNames.js";

/** One contract of a build, with everything verification needs. */
export interface CompiledContract {
  /** The source name as in the input: `project/contracts/Token.sol`. */
  sourceName: string;
  contractName: string;
  /** The fully qualified name as in the input, which explorers compile: `project/contracts/Token.sol:Token`. */
  inputFqn: string;
  /** The fully qualified name users write: `contracts/Token.sol:Token`. */
  userFqn: string;
  input: StandardJsonInput;
  /** See {@link BuildInfo.compilerVersion}. */
  compilerVersion: string;
  /** The contract's compiler metadata (JSON text), when the build selected it. */
  metadata: string | undefined;
  abi: readonly unknown[];
  /** Creation code, `0x`-prefixed; library placeholders (`__$…$__`) left in. */
  bytecode: string;
  /** Runtime code, `0x`-prefixed; library placeholders left in, immutables zeroed. */
  deployedBytecode: string;
  linkReferences: LinkReferences;
  deployedLinkReferences: LinkReferences;
  immutableReferences: ImmutableReferences;
  buildInfoId: string;
  buildInfoPath: string;
}

/**
 * Lists the contracts a build compiled (those of its output; none when the output was not kept).
 *
 * @param buildInfo - the build
 * @returns one entry per contract, abstract ones included
 */
export function contractsOf(buildInfo: BuildInfo): CompiledContract[] {
  return Object.entries(buildInfo.output?.contracts ?? {}).flatMap(([sourceName, byName]) =>
    Object.entries(byName).map(([contractName, output]) =>
      compiledContract(buildInfo, sourceName, contractName, output),
    ),
  );
}

/**
 * One contract of a build, from its compiler output (or what an artifact holds of it), named both ways: as the input
 * has it and as users write it.
 *
 * @param buildInfo - the build the contract belongs to
 * @param sourceName - the source name as in the input
 * @param contractName - the contract's name
 * @param output - the contract's output: ABI, metadata, creation and runtime code with their references
 * @returns the contract
 */
export function compiledContract(
  buildInfo: BuildInfo,
  sourceName: string,
  contractName: string,
  output: BuildOutputContract,
): CompiledContract {
  const bytecode = output.evm?.bytecode;
  const deployedBytecode = output.evm?.deployedBytecode;
  return {
    sourceName,
    contractName,
    inputFqn: `${sourceName}:${contractName}`,
    userFqn: `${userSourceName(sourceName, buildInfo.userSourceNames)}:${contractName}`,
    input: buildInfo.input,
    compilerVersion: buildInfo.compilerVersion,
    metadata: metadataText(output.metadata),
    abi: output.abi ?? [],
    bytecode: prefixedHex(bytecode?.object),
    deployedBytecode: prefixedHex(deployedBytecode?.object),
    linkReferences: bytecode?.linkReferences ?? {},
    deployedLinkReferences: deployedBytecode?.linkReferences ?? {},
    immutableReferences: deployedBytecode?.immutableReferences ?? {},
    buildInfoId: buildInfo.id,
    buildInfoPath: buildInfo.path,
  };
}
