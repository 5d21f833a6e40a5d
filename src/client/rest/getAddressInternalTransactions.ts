import { assertAddress } from "../../kernel/validate.js";
import {
  type InternalTransaction,
  internalTransactionSchema,
} from "../../schemas/rest/internalTransaction.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import { assertInternalTransactionDirection, type InternalTransactionDirection } from "./validateRest.js";

const request = restListRequest("/addresses/{address_hash}/internal-transactions", internalTransactionSchema);

export interface GetAddressInternalTransactionsParameters {
  /** The account whose internal transactions are listed: as sender, recipient or created contract. */
  address: string;
  /** Only those the address sent (`from`), or received (`to`); all when left out. */
  direction?: InternalTransactionDirection;
}

function listRequest(
  parameters: GetAddressInternalTransactionsParameters,
): RestListRequest<InternalTransaction> {
  const address = assertAddress(parameters.address);
  const direction = assertInternalTransactionDirection(parameters.direction);
  return request(`/addresses/${address}/internal-transactions`, { filter: direction });
}

/**
 * Reads one page of an address's internal transactions (`GET /api/v2/addresses/{address_hash}/internal-transactions`),
 * newest first: a factory's whole history, each `create` or `create2` with its `created_contract`. An address the
 * explorer does not know has none: an empty page.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional direction
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's internal transactions and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed address or direction, before any request
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getAddressInternalTransactions(transport, { address: factory, direction: "from" });
 */
export const getAddressInternalTransactions = restPageReader(listRequest);

/**
 * Walks every page of an address's internal transactions, sending the direction again with each page's cursor.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional direction
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed address or direction
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getAddressInternalTransactions}
 * @example
 * for await (const page of iterateAddressInternalTransactions(transport, { address: factory, direction: "from" })) {
 *   for (const item of page.items) if (item.created_contract) console.log(item.created_contract.hash);
 * }
 */
export const iterateAddressInternalTransactions = restPageWalker(listRequest);
