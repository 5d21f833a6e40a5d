export type {
  AddressParam,
  InternalTransaction,
  NftCollectionItem,
  PageCursor,
  Token,
  TokenBalanceItem,
  TokenInstance,
  TokenInstanceHolder,
  TokenTransfer,
  Transaction,
  Withdrawal,
} from "../../schemas/rest/index.js";
export { callRest, parseRestBody, type RestCall } from "./callRest.js";
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
  forgetSmartContractStatusSupport,
  type GetSmartContractStatusParameters,
  getSmartContractStatus,
  getSmartContractStatusIfSupported,
  type SmartContractStatus,
  supportsSmartContractStatus,
} from "./getSmartContractStatus.js";
export {
  type GetTokenInstanceHoldersParameters,
  getTokenInstanceHolders,
  iterateTokenInstanceHolders,
} from "./getTokenInstanceHolders.js";
export {
  cursorQuery,
  fetchRestPage,
  iterateRestPages,
  type RestListRequest,
  type RestPage,
} from "./restPagination.js";
export {
  assertBlockNumberOrHash,
  assertTokenId,
  assertTokenTypeFilter,
  assertTransactionHash,
  type NftCollectionType,
  nftCollectionTypes,
  type TokenType,
  type TokenTypeFilter,
  tokenTypes,
} from "./validateRest.js";
