// What the suites import of the package's internals in one place: the front door holds only the public names.

export {
  type CallFrame,
  creationsInTrace,
  parseCallTrace,
  type TracedCreation,
} from "../../src/chain/callTrace.js";
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
export {
  type CreatedClone,
  type CreatedContractJobs,
  type CreatedContractJobsOptions,
  type CreatedTwin,
  createdContractJobs,
  defaultMaxCreated,
  matchCreatedContracts,
  type SkippedCreation,
} from "../../src/discovery/createdContractJobs.js";
export {
  type CreatedContract,
  type CreationChain,
  creationChainFromRpc,
  type DiscoverCreatedContractsOptions,
  discoverCreatedContracts,
} from "../../src/discovery/createdContracts.js";
export {
  foundryBroadcastTransactionHashes,
  ignitionTransactionHashes,
} from "../../src/discovery/deploymentTransactions.js";
export { type Factory, factoryChildren } from "../../src/discovery/factoryHistory.js";
export type { DiscoveryWarning, DiscoveryWarningCode } from "../../src/discovery/internalTransactionWalk.js";
export { cloneImplementation, cloneImplementationFromCreation } from "../../src/discovery/minimalClone.js";
export * from "../../src/errors/index.js";
export {
  type ExplorerChoice,
  type ExplorerSource,
  type FindExplorerOptions,
  findExplorerByChainId,
} from "../../src/explorers/findExplorerByChainId.js";
export type { KnownExplorer } from "../../src/explorers/knownExplorer.js";
export {
  type BuildInfo,
  type BuildInfoFormat,
  type ReadBuildInfoOptions,
  type ReadBuildInfosOptions,
  readBuildInfo,
  readBuildInfos,
} from "../../src/inputs/buildInfo.js";
export { type CompiledContract, contractsOf } from "../../src/inputs/compiledContracts.js";
export {
  type ContractJobOptions,
  createContractJob,
  type LinkedLibrary,
  linkedLibraries,
  resolveLibraries,
} from "../../src/inputs/contractJob.js";
export { findContract } from "../../src/inputs/findContract.js";
export {
  type FoundryBroadcast,
  type FoundryBroadcastContract,
  type ReadFoundryBroadcastOptions,
  readFoundryBroadcast,
} from "../../src/inputs/foundryBroadcast.js";
export {
  type IgnitionDeployment,
  type IgnitionDeploymentContract,
  type ReadIgnitionDeploymentOptions,
  readIgnitionDeployment,
} from "../../src/inputs/ignitionDeployment.js";
export { inferContract, isDeployedCodeOf } from "../../src/inputs/inferContract.js";
export { type ManifestEntry, type ReadManifestOptions, readManifest } from "../../src/inputs/manifest.js";
export { type RegistrySources, readRegistrySources } from "../../src/inputs/registrySources.js";
export { splitContractName, userSourceName } from "../../src/inputs/sourceNames.js";
export { readStandardJsonFile } from "../../src/inputs/standardJsonFile.js";
export type { TransportEvent } from "../../src/kernel/waits.js";
export { type LedgerUse, verifyWithLedger } from "../../src/ledger/engineLedger.js";
export { inputHash } from "../../src/ledger/inputHash.js";
export { Ledger, type LedgerUpdate } from "../../src/ledger/ledger.js";
export { type LedgerEntry, readLedgerFile } from "../../src/ledger/ledgerFile.js";
export { formatLedgerTable } from "../../src/ledger/ledgerTable.js";
export type { ImmutableReferences, LinkReferences } from "../../src/recompile/bytecodeTransformations.js";
export { progressLine } from "../../src/report/progressLine.js";
export { formatResultsTable } from "../../src/report/resultsTable.js";
export { type BatchOptions, verifyBatch } from "../../src/run/runners/verifyBatch.js";
export { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
export type { TransportSettings } from "../../src/verifiers/serviceTransports.js";
export type { Target } from "../../src/verifiers/target.js";
export { verifierFor } from "../../src/verifiers/verifierFor.js";
export { longCompilerVersion } from "../../src/verify/compilerVersion.js";
export {
  encodeConstructorArguments,
  recoverConstructorArguments,
} from "../../src/verify/constructorArguments.js";
export type { VerificationEvent, VerificationEventListener } from "../../src/verify/events.js";
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
} from "../../src/verify/job.js";
export { linkProxy, type ProxyLinkOptions } from "../../src/verify/linkProxy.js";
export type { PollingOptions } from "../../src/verify/pollSchedule.js";
export type { VerifiedState } from "../../src/verify/preCheck.js";
export type { PreflightOptions, PreflightResult } from "../../src/verify/preflight.js";
export { minimalStandardJsonInput, standardJsonCandidates } from "../../src/verify/standardJsonCandidates.js";
export type { LookUp, Receipt, Service, Submission, Verifier } from "../../src/verify/verifier.js";
export { displayName, type EngineOptions, verifyContract } from "../../src/verify/verifyContract.js";
export { verifyJobs } from "../../src/verify/verifyJobs.js";
export { blockscoutTargetAt, blockscoutVerifierAt } from "./verifiers.js";
