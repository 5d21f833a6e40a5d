export { type CallFrame, creationsInTrace, parseCallTrace, type TracedCreation } from "./callTrace.js";
export {
  type CreatedClone,
  type CreatedContractJobs,
  type CreatedContractJobsOptions,
  type CreatedTwin,
  createdContractJobs,
  defaultMaxCreated,
  matchCreatedContracts,
  type SkippedCreation,
} from "./createdContractJobs.js";
export {
  type CreatedContract,
  type CreationChain,
  creationChainFromRpc,
  type DiscoverCreatedContractsOptions,
  discoverCreatedContracts,
} from "./createdContracts.js";
export { foundryBroadcastTransactionHashes, ignitionTransactionHashes } from "./deploymentTransactions.js";
export { type Factory, factoryChildren } from "./factoryHistory.js";
export type { DiscoveryWarning, DiscoveryWarningCode } from "./internalTransactionWalk.js";
export { cloneImplementation, cloneImplementationFromCreation } from "./minimalClone.js";
