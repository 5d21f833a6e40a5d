import type { CompilerMetadata } from "../kernel/compilerMetadata.js";
import { librariesByFile } from "../kernel/libraries.js";
import type { StandardJsonInput } from "../verify/job.js";

// What a rebuilt input asks the compiler for: enough to match the deployed code and read its metadata.
const outputSelection = {
  "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object", "metadata"] },
};

/**
 * The standard JSON input a contract's compiler metadata describes: its language, the sources given, its settings
 * without the compilation target, its libraries (`path:Name` keys) grouped by file as the input takes them, and an
 * output selection.
 *
 * @param metadata - the contract's compiler metadata
 * @param sources - the sources the metadata lists, with their content
 * @returns the input
 */
export function inputOfMetadata(
  metadata: CompilerMetadata,
  sources: StandardJsonInput["sources"],
): StandardJsonInput {
  const { compilationTarget: _target, libraries, ...rest } = metadata.settings;
  const byFile = librariesByFile(libraries ?? {});
  const linked = Object.keys(byFile).length > 0 ? { libraries: byFile } : {};
  return { language: metadata.language, sources, settings: { ...rest, ...linked, outputSelection } };
}
