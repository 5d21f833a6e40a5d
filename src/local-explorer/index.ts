export type { ContractRecord, ExplorerBackend, Submission, VerificationDecision } from "./backend.js";
export { type DeployedCode, type MatchOutcome, matchBytecode } from "./bytecodeMatch.js";
export { type LocalExplorer, type LocalExplorerOptions, startLocalExplorer } from "./localExplorer.js";
export { type CompilerResolver, localCompilerResolver, type SolidityCompiler } from "./solidityCompiler.js";
export { type SubmissionVerdict, verifySubmission } from "./verifySubmission.js";
