// The REST v2 items' types, and their shapes for a caller's own RestListRequest.
export { type AddressParam, addressParamSchema } from "../../schemas/rest/addressParam.js";
export type { InternalTransaction } from "../../schemas/rest/internalTransaction.js";
export { internalTransactionSchema } from "../../schemas/rest/internalTransaction.js";
export { type NftCollectionItem, nftCollectionItemSchema } from "../../schemas/rest/nftCollection.js";
export { type PageCursor, pageCursorSchema, restPageSchema } from "../../schemas/rest/page.js";
export { type SmartContract, smartContractSchema } from "../../schemas/rest/smartContract.js";
export type { Token, TokenInstance } from "../../schemas/rest/token.js";
export { tokenInstanceSchema, tokenSchema } from "../../schemas/rest/token.js";
export { type TokenBalanceItem, tokenBalanceItemSchema } from "../../schemas/rest/tokenBalance.js";
export type { TokenInstanceHolder } from "../../schemas/rest/tokenInstanceHolder.js";
export { tokenInstanceHolderSchema } from "../../schemas/rest/tokenInstanceHolder.js";
export type { TokenTransfer, Transaction } from "../../schemas/rest/transaction.js";
export { tokenTransferSchema, transactionSchema } from "../../schemas/rest/transaction.js";
export { type VerificationConfig, verificationConfigSchema } from "../../schemas/rest/verificationConfig.js";
export { type Withdrawal, withdrawalSchema } from "../../schemas/rest/withdrawal.js";
export { callRest, parseRestBody, type RestCall } from "./callRest.js";
export {
  type GetAddressInternalTransactionsParameters,
  getAddressInternalTransactions,
  iterateAddressInternalTransactions,
} from "./getAddressInternalTransactions.js";
export {
  type GetAddressNftCollectionsParameters,
  getAddressNftCollections,
  iterateAddressNftCollections,
} from "./getAddressNftCollections.js";
export {
  type GetAddressTokensParameters,
  getAddressTokens,
  iterateAddressTokens,
} from "./getAddressTokens.js";
export {
  type GetBlockTransactionsParameters,
  getBlockTransactions,
  iterateBlockTransactions,
} from "./getBlockTransactions.js";
export {
  type GetBlockWithdrawalsParameters,
  getBlockWithdrawals,
  iterateBlockWithdrawals,
} from "./getBlockWithdrawals.js";
export {
  type GetInternalTransactionsParameters,
  getInternalTransactions,
  iterateInternalTransactions,
} from "./getInternalTransactions.js";
export {
  type GetSmartContractStatusParameters,
  getSmartContractStatus,
  getSmartContractStatusIfSupported,
  type SmartContractStatus,
  type SmartContractStatusAnswer,
  supportsSmartContractStatus,
} from "./getSmartContractStatus.js";
export {
  type GetTokenInstanceHoldersParameters,
  getTokenInstanceHolders,
  iterateTokenInstanceHolders,
} from "./getTokenInstanceHolders.js";
export { type ExplorerBuildLists, getVerificationConfig } from "./getVerificationConfig.js";
export {
  cursorQuery,
  fetchRestPage,
  iterateRestPages,
  type RestListRequest,
  type RestPage,
} from "./restPagination.js";
export {
  assertBlockNumberOrHash,
  assertBlockTransactionType,
  assertInternalTransactionDirection,
  assertTokenId,
  assertTokenTypeFilter,
  assertTransactionHash,
  type BlockTransactionType,
  blockTransactionTypes,
  type InternalTransactionDirection,
  internalTransactionDirections,
  type NftCollectionType,
  nftCollectionTypes,
  type TokenType,
  type TokenTypeFilter,
  tokenTypes,
} from "./validateRest.js";
