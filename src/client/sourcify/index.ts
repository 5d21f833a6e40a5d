export { getVerificationJob } from "./getVerificationJob.js";
export { lookupAllChains } from "./lookupAllChains.js";
export { lookupContract } from "./lookupContract.js";
export { submitVerification } from "./submitVerification.js";
