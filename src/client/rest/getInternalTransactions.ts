import {
  type InternalTransaction,
  internalTransactionSchema,
} from "../../schemas/rest/internalTransaction.js";
import { type PageCursor, restPageSchema } from "../../schemas/rest/page.js";
import type { Transport } from "../transport.js";
import { fetchRestPage, iterateRestPages, type RestListRequest, type RestPage } from "./restPagination.js";
import { assertTransactionHash } from "./validateRest.js";

const endpoint = "/internal-transactions";
const pageSchema = restPageSchema(internalTransactionSchema);

export interface GetInternalTransactionsParameters {
  /** Only the internal transactions of this transaction (0x + 64 hex digits); all of the chain when left out. */
  transactionHash?: string;
}

function listRequest(parameters: GetInternalTransactionsParameters): RestListRequest<InternalTransaction> {
  const filters: Record<string, string> = {};
  if (parameters.transactionHash !== undefined) {
    filters.transaction_hash = assertTransactionHash(parameters.transactionHash);
  }
  return { endpoint, path: endpoint, filters, pageSchema };
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
