export type { Libraries } from "../../kernel/libraries.js";
export {
  type CheckProxyVerificationParameters,
  checkProxyVerification,
  type ProxyVerificationStatus,
} from "./checkProxyVerification.js";
export {
  type CheckVerifyStatusParameters,
  checkVerifyStatus,
  type VerifyStatus,
} from "./checkVerifyStatus.js";
export { type GetAbiParameters, getAbi } from "./getAbi.js";
export {
  type ContractCreation,
  type GetContractCreationParameters,
  getContractCreation,
  maxAddressesPerRequest,
} from "./getContractCreation.js";
export { type GetSourceCodeParameters, getSourceCode } from "./getSourceCode.js";
export { type ListContractsParameters, type ListedContract, listContracts } from "./listContracts.js";
export { type ReadEtherscanContractParameters, readEtherscanContract } from "./readEtherscanContract.js";
export {
  type ReadVerifiedContractParameters,
  readVerifiedContract,
  type VerificationStanding,
  type VerifiedContractReading,
  verificationStandingNote,
} from "./readVerifiedContract.js";
export { type ReadVerifiedInputParameters, readVerifiedInput } from "./readVerifiedInput.js";
export type { SubmissionOutcome } from "./submissionOutcome.js";
export type { VerifiedContract } from "./verifiedContract.js";
export {
  synchronousSubmissionTimeoutMs,
  type VerifyParameters,
  verify,
  verifyLibrarySlots,
} from "./verify.js";
export { type VerifyProxyContractParameters, verifyProxyContract } from "./verifyProxyContract.js";
export {
  type SingleFileSubmission,
  type StandardJsonSubmission,
  type VerifySourceCodeParameters,
  verifySourceCode,
} from "./verifySourceCode.js";
export {
  registryAction,
  sourcifyAction,
  type VerifyViaRegistryParameters,
  verifyViaRegistry,
  verifyViaSourcify,
} from "./verifyViaRegistry.js";
export { type VerifyVyperContractParameters, verifyVyperContract } from "./verifyVyperContract.js";
