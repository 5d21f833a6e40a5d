// What the suites import of the package's internals in one place: the front door holds only the public names.
export {
  type CheckProxyVerificationParameters,
  type CheckVerifyStatusParameters,
  type ContractCreation,
  checkProxyVerification,
  checkVerifyStatus,
  type GetAbiParameters,
  type GetContractCreationParameters,
  type GetSourceCodeParameters,
  getAbi,
  getContractCreation,
  getSourceCode,
  type Libraries,
  type ListContractsParameters,
  type ListedContract,
  listContracts,
  type ProxyVerificationStatus,
  type ReadVerifiedContractParameters,
  readVerifiedContract,
  type SingleFileSubmission,
  type StandardJsonSubmission,
  type SubmissionOutcome,
  type VerificationStanding,
  type VerifiedContract,
  type VerifiedContractReading,
  type VerifyParameters,
  type VerifyProxyContractParameters,
  type VerifySourceCodeParameters,
  type VerifyStatus,
  type VerifyViaRegistryParameters,
  type VerifyVyperContractParameters,
  verificationStandingNote,
  verify,
  verifyProxyContract,
  verifySourceCode,
  verifyViaRegistry,
  verifyViaSourcify,
  verifyVyperContract,
} from "../../src/client/contract/index.js";
export { ExplorerCapabilities } from "../../src/client/explorerCapabilities.js";
export { ExplorerClient, type ExplorerClientOptions } from "../../src/client/explorerClient.js";
export { type ExplorerUrls, resolveExplorerUrls } from "../../src/client/explorerUrl.js";
export type { UploadFile } from "../../src/client/requestBody.js";
export { Transport } from "../../src/client/transport.js";
export type { TransportOptions } from "../../src/client/transportOptions.js";
export * from "../../src/discovery/index.js";
export * from "../../src/errors/index.js";
export {
  type ExplorerChoice,
  type ExplorerSource,
  type FindExplorerOptions,
  findExplorerByChainId,
  type KnownExplorer,
} from "../../src/explorers/index.js";
export * from "../../src/inputs/index.js";
export type { TransportEvent } from "../../src/kernel/waits.js";
export {
  formatLedgerTable,
  inputHash,
  Ledger,
  type LedgerEntry,
  type LedgerUpdate,
  type LedgerUse,
  readLedgerFile,
  verifyWithLedger,
} from "../../src/ledger/index.js";
export * from "../../src/report/index.js";
export { type BatchOptions, verifyBatch } from "../../src/run/runners/verifyBatch.js";
export { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
export type { TransportSettings } from "../../src/verifiers/serviceTransports.js";
export type { Target } from "../../src/verifiers/target.js";
export { verifierFor } from "../../src/verifiers/verifierFor.js";
export {
  type ConstructorArguments,
  type CreatedBy,
  displayName,
  type EngineOptions,
  encodeConstructorArguments,
  isSuccess,
  linkProxy,
  longCompilerVersion,
  minimalStandardJsonInput,
  type OptimizerSettings,
  type PollingOptions,
  type PreflightOptions,
  type PreflightResult,
  type ProxyLinkOptions,
  type RegistrySource,
  recoverConstructorArguments,
  type SingleFileSource,
  type StandardJsonInput,
  type StandardJsonSource,
  standardJsonCandidates,
  type VerificationEvent,
  type VerificationEventListener,
  type VerificationFormat,
  type VerificationJob,
  type VerificationResult,
  type VerificationSource,
  type VerifiedState,
  type VyperSource,
  verifiedState,
  verifyContract,
  verifyJobs,
} from "../../src/verify/index.js";
export type { LookUp, Receipt, Service, Submission, Verifier } from "../../src/verify/verifier.js";
export { blockscoutTargetAt, blockscoutVerifierAt } from "./verifiers.js";
