// The front door: the engine, the client of the explorer's contract module, the readers that turn files into
// jobs, the errors, and the types of jobs and results. The REST v2 reads are `explorer-verify/rest`, the local
// explorer `explorer-verify/local-explorer`, the Hardhat plugin `explorer-verify/plugin`.
export {
  type ContractCreation,
  checkProxyVerification,
  checkVerifyStatus,
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
} from "./client/contract/index.js";
export { createExplorerClient, ExplorerClient, type ExplorerClientOptions } from "./client/ExplorerClient.js";
export { ExplorerCapabilities } from "./client/explorerCapabilities.js";
export { type ExplorerUrls, resolveExplorerUrls } from "./client/explorerUrl.js";
export type { UploadFile } from "./client/requestBody.js";
export { Transport, type TransportEvent, type TransportOptions } from "./client/transport.js";
export * from "./discovery/index.js";
export * from "./errors/index.js";
export {
  type ExplorerChoice,
  type ExplorerRoute,
  type ExplorerRouteOptions,
  type ExplorerSource,
  type FindExplorerOptions,
  findExplorerByChainId,
  type KnownExplorer,
} from "./explorers/index.js";
export * from "./inputs/index.js";
export {
  formatLedgerTable,
  inputHash,
  Ledger,
  type LedgerEntry,
  type LedgerUpdate,
  type LedgerUse,
  readLedgerFile,
  verifyWithLedger,
} from "./ledger/index.js";
export * from "./report/index.js";
export {
  type BatchOptions,
  type ChainTaggedEvent,
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
  preflight,
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
  type VerificationTarget,
  type VerifiedState,
  type VyperSource,
  verifiedState,
  verifyBatch,
  verifyContract,
} from "./verify/index.js";
