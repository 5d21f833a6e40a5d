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
export { findExplorerByChainId } from "./explorers/findExplorerByChainId.js";
export { type BuildInfo, readBuildInfos } from "./inputs/buildInfo.js";
export { type VerificationBundle, verificationBundleSchema } from "./inputs/bundleSchema.js";
export type { CompiledContract } from "./inputs/compiledContracts.js";
export { createContractJob } from "./inputs/contractJob.js";
export { findContract } from "./inputs/findContract.js";
export { readFoundryBroadcast } from "./inputs/foundryBroadcast.js";
export { readIgnitionDeployment } from "./inputs/ignitionDeployment.js";
export { inferContract } from "./inputs/inferContract.js";
export { readManifest } from "./inputs/manifest.js";
export { readStandardJsonFile } from "./inputs/standardJsonFile.js";
export { readVerificationBundle } from "./inputs/verificationBundle.js";
export { Ledger } from "./ledger/ledger.js";
export { progressLine } from "./report/progressLine.js";
export { formatResultsTable } from "./report/resultsTable.js";
export { bundleOf } from "./run/jobs/bundleWriter.js";
export { preflight } from "./run/runners/preflightChain.js";
export { type BatchOptions, verifyBatch } from "./run/runners/verifyBatch.js";
export { resolveTargets } from "./run/targets/targets.js";
export type { Target } from "./verifiers/target.js";
export { verifierFor } from "./verifiers/verifierFor.js";
export { encodeConstructorArguments } from "./verify/constructorArguments.js";
export type { VerificationEvent } from "./verify/events.js";
export {
  isSuccess,
  type StandardJsonInput,
  type VerificationJob,
  type VerificationResult,
  type VerificationSource,
} from "./verify/job.js";
export { linkProxy } from "./verify/linkProxy.js";
export type { Service, Verifier } from "./verify/verifier.js";
export { type EngineOptions, verifyContract } from "./verify/verifyContract.js";
