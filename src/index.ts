// The front door, held to a budget (test/layout/frontDoor.test.ts): the engine, the seam it works through with the
// factory of its verifiers and the targets they are built from, the reading client, the readers that turn files into
// jobs, the verification bundle (its schema, its reader, its writer), the errors, and the types of jobs and results.
// The REST v2 reads are `explorer-verify/rest`, the local explorer `explorer-verify/local-explorer`, the Hardhat plugin
// `explorer-verify/plugin`.
export { ExplorerClient, type ExplorerClientOptions } from "./client/explorerClient.js";
export { createdContractJobs } from "./discovery/createdContractJobs.js";
export {
  ChainError,
  CompilerError,
  type ErrorCode,
  ExplorerError,
  ExplorerVerifyError,
  HttpError,
  InvalidInputError,
  InvalidResponseError,
  isExplorerVerifyError,
  NetworkError,
  NotAContractError,
  RateLimitedError,
  TimeoutError,
} from "./errors/index.js";
export { findExplorerByChainId } from "./explorers/index.js";
export { type VerificationBundle, verificationBundleSchema } from "./inputs/bundleSchema.js";
export {
  type BuildInfo,
  type CompiledContract,
  createContractJob,
  findContract,
  inferContract,
  readBuildInfos,
  readFoundryBroadcast,
  readIgnitionDeployment,
  readManifest,
  readStandardJsonFile,
} from "./inputs/index.js";
export { readVerificationBundle } from "./inputs/verificationBundle.js";
export { Ledger } from "./ledger/index.js";
export { formatResultsTable, progressLine } from "./report/index.js";
export { bundleOf } from "./run/jobs/bundleWriter.js";
export { preflight } from "./run/runners/preflightChain.js";
export { type BatchOptions, verifyBatch } from "./run/runners/verifyBatch.js";
export { resolveTargets } from "./run/targets/targets.js";
export type { Target } from "./verifiers/target.js";
export { verifierFor } from "./verifiers/verifierFor.js";
export {
  type EngineOptions,
  encodeConstructorArguments,
  isSuccess,
  linkProxy,
  type StandardJsonInput,
  type VerificationEvent,
  type VerificationJob,
  type VerificationResult,
  type VerificationSource,
  verifyContract,
} from "./verify/index.js";
export type { Service, Verifier } from "./verify/verifier.js";
