import { assertAddress } from "../../kernel/validate.js";
import { type TokenBalanceItem, tokenBalanceItemSchema } from "../../schemas/rest/tokenBalance.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import { assertTokenTypeFilter, type TokenType, type TokenTypeFilter, tokenTypes } from "./validateRest.js";

const request = restListRequest("/addresses/{address_hash}/tokens", tokenBalanceItemSchema);

export interface GetAddressTokensParameters {
  /** The holder. */
  address: string;
  /** Only balances of these token types; all types when left out. */
  type?: TokenTypeFilter<TokenType>;
}

function listRequest(parameters: GetAddressTokensParameters): RestListRequest<TokenBalanceItem> {
  const address = assertAddress(parameters.address);
  const type = assertTokenTypeFilter(parameters.type, tokenTypes);
  return request(`/addresses/${address}/tokens`, { type });
}

/**
 * Reads one page of an address's token balances (`GET /api/v2/addresses/{address_hash}/tokens`). An address the
 * explorer does not know has no balances: an empty page, not an error.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional token type filter
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's balances and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed address or an unknown token type, before any request
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items, nextPageParams } = await getAddressTokens(transport, { address, type: "ERC-20" });
 */
export const getAddressTokens = restPageReader(listRequest);

/**
 * Walks every page of an address's token balances, sending the filter again with each page's cursor.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional token type filter
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed address or an unknown token type
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getAddressTokens}
 * @example
 * for await (const page of iterateAddressTokens(transport, { address, type: ["ERC-721", "ERC-1155"] })) {
 *   for (const balance of page.items) console.log(balance.token?.address_hash, balance.value ?? "confidential");
 * }
 */
export const iterateAddressTokens = restPageWalker(listRequest);
