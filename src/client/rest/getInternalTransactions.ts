import {
  type InternalTransaction,
  internalTransactionSchema,
} from "../../schemas/rest/internalTransaction.js";
import type { PageCursor } from "../../schemas/rest/page.js";
import type { Transport } from "../transport.js";
import { fetchRestPage, iterateRestPages, type RestPage, restListRequest } from "./restPagination.js";
import { assertTransactionHash } from "./validateRest.js";

const request = restListRequest("/internal-transactions", internalTransactionSchema);

export interface GetInternalTransactionsParameters {
  /** Only the internal transactions of this transaction (0x + 64 hex digits); all of the chain when left out. */
  transactionHash?: string;
}

function listRequest(parameters: GetInternalTransactionsParameters) {
  const hash = parameters.transactionHash;
  return request("/internal-transactions", {
    transaction_hash: hash === undefined ? undefined : assertTransactionHash(hash),
  });
}

/**
 * Reads one page of internal transactions (`GET /api/v2/internal-transactions`); the
 * `created_contract` of each tells which contracts factories created.
 *
 * @param transport - the explorer's transport
 * @param parameters - an optional transaction hash filter
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's internal transactions and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed transaction hash, before any request
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getInternalTransactions(transport, { transactionHash: "0x…" });
 */
export async function getInternalTransactions(
  transport: Transport,
  parameters: GetInternalTransactionsParameters = {},
  cursor?: PageCursor,
): Promise<RestPage<InternalTransaction>> {
  return fetchRestPage(transport, listRequest(parameters), cursor);
}

/**
 * Walks every page of internal transactions, sending the transaction hash filter again with each page's cursor.
 *
 * @param transport - the explorer's transport
 * @param parameters - an optional transaction hash filter
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed transaction hash
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getInternalTransactions}
 * @example
 * for await (const page of iterateInternalTransactions(transport, { transactionHash })) console.log(page.items);
 */
export function iterateInternalTransactions(
  transport: Transport,
  parameters: GetInternalTransactionsParameters = {},
): AsyncGenerator<RestPage<InternalTransaction>, void, undefined> {
  return iterateRestPages(transport, listRequest(parameters));
}
