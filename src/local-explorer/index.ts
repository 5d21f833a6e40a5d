// Compile-and-match moved to src/recompile; these names stay reachable here until the public entry is redrawn.
export type { Compiler as SolidityCompiler } from "../recompile/compiler.js";
export { type CompilerResolver, localCompilerResolver } from "../recompile/compilerResolver.js";
export { type DeployedCode, type MatchOutcome, matchBytecode } from "../recompile/matchBytecode.js";
export type { ContractRecord, ExplorerBackend, Submission, VerificationDecision } from "./backend.js";
export { judgeSubmission, type SubmissionVerdict } from "./judgeSubmission.js";
export { type LocalExplorer, type LocalExplorerOptions, startLocalExplorer } from "./localExplorer.js";
