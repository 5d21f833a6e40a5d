import type { CompilerMetadata } from "../kernel/compilerMetadata.js";
import { librariesByFile } from "../kernel/libraries.js";

// What a rebuilt input asks the compiler for: enough to match the deployed code and read its metadata.
const outputSelection = {
  "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object", "metadata"] },
};

/**
 * A standard JSON input's settings from a contract's compiler metadata: its settings without the compilation target,
 * its libraries (`path:Name` keys) grouped by file as the input takes them, and an output selection.
 *
 * @param settings - the metadata's settings
 * @returns the input's settings
 */
export function inputSettingsOfMetadata(settings: CompilerMetadata["settings"]): Record<string, unknown> {
  const { compilationTarget: _target, libraries, ...rest } = settings;
  const byFile = librariesByFile(libraries ?? {});
  return { ...rest, ...(Object.keys(byFile).length > 0 ? { libraries: byFile } : {}), outputSelection };
}
