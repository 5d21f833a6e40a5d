export { longCompilerVersion } from "./compilerVersion.js";
export { encodeConstructorArguments, recoverConstructorArguments } from "./constructorArguments.js";
export type { VerificationEvent, VerificationEventListener } from "./events.js";
export {
  type ConstructorArguments,
  type CreatedBy,
  isSuccess,
  type OptimizerSettings,
  type RegistrySource,
  type SingleFileSource,
  type StandardJsonInput,
  type StandardJsonSource,
  type VerificationFormat,
  type VerificationJob,
  type VerificationResult,
  type VerificationSource,
  type VyperSource,
} from "./job.js";
export { linkProxy, type ProxyLinkOptions } from "./linkProxy.js";
export type { PollingOptions } from "./pollSchedule.js";
export { type VerifiedState, verifiedState } from "./preCheck.js";
export type { PreflightOptions, PreflightResult } from "./preflight.js";
export { solcReleaseCommits } from "./solcReleases.js";
export { minimalStandardJsonInput, standardJsonCandidates } from "./standardJsonCandidates.js";
export type {
  ContractPages,
  Creation,
  LookUp,
  Receipt,
  ReceiptStatus,
  Service,
  Submission,
  SubmitOutcome,
  Verifier,
  VerifierCapabilities,
} from "./verifier.js";
export { displayName, type EngineOptions, verifyContract } from "./verifyContract.js";
export { type JobsOptions, verifyJobs } from "./verifyJobs.js";
