export type {
  AddressParam,
  InternalTransaction,
  NftCollectionItem,
  PageCursor,
  SmartContract,
  Token,
  TokenBalanceItem,
  TokenInstance,
  TokenInstanceHolder,
  TokenTransfer,
  Transaction,
  VerificationConfig,
  Withdrawal,
} from "../../schemas/rest/index.js";
// The shapes themselves, for a caller's own RestListRequest.
export {
  addressParamSchema,
  internalTransactionSchema,
  nftCollectionItemSchema,
  pageCursorSchema,
  restPageSchema,
  smartContractSchema,
  tokenBalanceItemSchema,
  tokenInstanceHolderSchema,
  tokenInstanceSchema,
  tokenSchema,
  tokenTransferSchema,
  transactionSchema,
  verificationConfigSchema,
  withdrawalSchema,
} from "../../schemas/rest/index.js";
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
