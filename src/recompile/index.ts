export {
  bareHex,
  type CompiledRuntime,
  isSameExecutableCode,
  type LinkReferences,
  linkedLibraryAddresses,
  metadataStart,
  normaliseRuntime,
} from "./bytecodeTransformations.js";
export { type Compiler, type CompilerOutput, loadNativeCompiler, loadSolcJsCompiler } from "./compiler.js";
export type { SubmittedSources } from "./compilerInput.js";
export {
  type CompilerResolver,
  type CompilerSearch,
  type CompilerUnavailable,
  isCompiler,
  localCompilerResolver,
} from "./compilerResolver.js";
export { type DeployedCode, type MatchOutcome, matchBytecode } from "./matchBytecode.js";
export {
  type RecompileRequest,
  type RecompileVerdict,
  recompileAndMatch,
  type VerdictCode,
} from "./recompileAndMatch.js";
