export { type AddressParam, addressParamSchema } from "./addressParam.js";
export { restMessageSchema, restValidationErrorsSchema } from "./errorBodies.js";
export { type InternalTransaction, internalTransactionSchema } from "./internalTransaction.js";
export { type NftCollectionItem, nftCollectionItemSchema } from "./nftCollection.js";
export { type PageCursor, pageCursorSchema, pageCursorValueSchema, restPageSchema } from "./page.js";
export { type SmartContract, smartContractSchema } from "./smartContract.js";
export { type Token, type TokenInstance, tokenInstanceSchema, tokenSchema } from "./token.js";
export { type TokenBalanceItem, tokenBalanceItemSchema } from "./tokenBalance.js";
export { type TokenInstanceHolder, tokenInstanceHolderSchema } from "./tokenInstanceHolder.js";
export {
  type TokenTransfer,
  type Transaction,
  tokenTransferSchema,
  transactionSchema,
} from "./transaction.js";
export { type VerificationConfig, verificationConfigSchema } from "./verificationConfig.js";
export { type Withdrawal, withdrawalSchema } from "./withdrawal.js";
