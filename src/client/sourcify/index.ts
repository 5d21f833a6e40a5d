export { type GetVerificationJobParameters, getVerificationJob } from "./getVerificationJob.js";
export { type LookupAllChainsParameters, lookupAllChains } from "./lookupAllChains.js";
export { type LookupContractParameters, lookupContract, verifiedContractOf } from "./lookupContract.js";
export { type ReadSourcifyContractParameters, readSourcifyContract } from "./readSourcifyContract.js";
export { sourcifyAnswer, sourcifyRefusal } from "./sourcifyAnswer.js";
export { type SubmitVerificationParameters, submitVerification } from "./submitVerification.js";
