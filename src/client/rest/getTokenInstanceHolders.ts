import { assertAddress } from "../../kernel/validate.js";
import {
  type TokenInstanceHolder,
  tokenInstanceHolderSchema,
} from "../../schemas/rest/tokenInstanceHolder.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import { assertTokenId } from "./validateRest.js";

const request = restListRequest("/tokens/{address_hash}/instances/{id}/holders", tokenInstanceHolderSchema);

export interface GetTokenInstanceHoldersParameters {
  /** The token contract. */
  tokenAddress: string;
  /** The instance id, a decimal integer. */
  tokenId: string | number | bigint;
}

function listRequest(parameters: GetTokenInstanceHoldersParameters): RestListRequest<TokenInstanceHolder> {
  const token = assertAddress(parameters.tokenAddress, "tokenAddress");
  const id = assertTokenId(parameters.tokenId);
  return request(`/tokens/${token}/instances/${id}/holders`);
}

/**
 * Reads one page of the holders of one token instance (`GET /api/v2/tokens/{address_hash}/instances/{id}/holders`).
 * Each holder's `address_hash` is filled from Blockscout's `address`.
 *
 * @param transport - the explorer's transport
 * @param parameters - the token contract and the instance id
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's holders and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed token address or token id, before any request
 * @throws {NotFoundError} for an unknown token, and for an ERC-20 token (which has no instances)
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getTokenInstanceHolders(transport, { tokenAddress, tokenId: 7 });
 */
export const getTokenInstanceHolders = restPageReader(listRequest);

/**
 * Walks every page of the holders of one token instance.
 *
 * @param transport - the explorer's transport
 * @param parameters - the token contract and the instance id
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed token address or token id
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getTokenInstanceHolders}
 * @example
 * for await (const page of iterateTokenInstanceHolders(transport, { tokenAddress, tokenId: "7" })) console.log(page.items);
 */
export const iterateTokenInstanceHolders = restPageWalker(listRequest);
