export type { ImmutableReferences, LinkReferences } from "../recompile/bytecodeTransformations.js";
export {
  type BuildInfo,
  type BuildInfoFormat,
  type ReadBuildInfoOptions,
  type ReadBuildInfosOptions,
  readBuildInfo,
  readBuildInfos,
} from "./buildInfo.js";
export { type CompiledContract, contractsOf, qualifiedNames } from "./compiledContracts.js";
export {
  type ContractJobOptions,
  createContractJob,
  type LinkedLibrary,
  linkedLibraries,
  resolveLibraries,
} from "./contractJob.js";
export { findContract } from "./findContract.js";
export {
  type FoundryBroadcast,
  type FoundryBroadcastContract,
  type ReadFoundryBroadcastOptions,
  readFoundryBroadcast,
} from "./foundryBroadcast.js";
export {
  type IgnitionDeployment,
  type IgnitionDeploymentContract,
  type ReadIgnitionDeploymentOptions,
  readIgnitionDeployment,
} from "./ignitionDeployment.js";
export { inferContract, isDeployedCodeOf } from "./inferContract.js";
export { type ManifestEntry, type ReadManifestOptions, readManifest } from "./manifest.js";
export { type RegistrySources, readRegistrySources } from "./registrySources.js";
export { splitContractName, userSourceName } from "./sourceNames.js";
export { readStandardJsonFile } from "./standardJsonFile.js";
