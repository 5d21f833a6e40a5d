import { type Transaction, transactionSchema } from "../../schemas/rest/transaction.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import {
  assertBlockNumberOrHash,
  assertBlockTransactionType,
  type BlockTransactionType,
} from "./validateRest.js";

const request = restListRequest("/blocks/{block_number_or_hash}/transactions", transactionSchema);

export interface GetBlockTransactionsParameters {
  /** A block number or a block hash (0x + 64 hex digits). */
  blockNumberOrHash: number | bigint | string;
  /** Only transactions of this type; all when left out. */
  type?: BlockTransactionType;
}

function listRequest(parameters: GetBlockTransactionsParameters): RestListRequest<Transaction> {
  const block = assertBlockNumberOrHash(parameters.blockNumberOrHash);
  const type = assertBlockTransactionType(parameters.type);
  return request(`/blocks/${block}/transactions`, { type });
}

/**
 * Reads one page of a block's transactions (`GET /api/v2/blocks/{block_number_or_hash}/transactions`), in the
 * block's order. The `created_contract` of each tells which contracts the block deployed directly.
 *
 * @param transport - the explorer's transport
 * @param parameters - the block number or hash, and an optional transaction type filter
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's transactions and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed block number or hash or an unknown type, before any request
 * @throws {NotFoundError} for an unknown block (`Not found`) or a block number whose block was reorged away
 *   (`Block lost consensus`, with the hash in `blockHash`)
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getBlockTransactions(transport, { blockNumberOrHash: 19_000_000 });
 */
export const getBlockTransactions = restPageReader(listRequest);

/**
 * Walks every page of a block's transactions, sending the type filter again with each page's cursor.
 *
 * @param transport - the explorer's transport
 * @param parameters - the block number or hash
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed block number or hash
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getBlockTransactions}
 * @example
 * for await (const page of iterateBlockTransactions(transport, { blockNumberOrHash: hash })) console.log(page.items.length);
 */
export const iterateBlockTransactions = restPageWalker(listRequest);
