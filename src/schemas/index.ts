export { apiLimitSchema } from "./apiLimit.js";
export {
  type BlockscoutApiError,
  blockscoutApiErrorSchema,
  blockscoutApiMessageSchema,
} from "./blockscoutApiError.js";
export { contractCreationItemSchema, contractCreationResultSchema } from "./contractCreation.js";
export { listContractsResultSchema, listedContractItemSchema } from "./listContracts.js";
export { type RpcEnvelope, rpcEnvelopeSchema } from "./rpcEnvelope.js";
export { type SourceCodeItem, sourceCodeItemSchema } from "./sourceCode.js";
