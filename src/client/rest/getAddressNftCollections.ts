import { assertAddress } from "../../kernel/validate.js";
import { type NftCollectionItem, nftCollectionItemSchema } from "../../schemas/rest/nftCollection.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import {
  assertTokenTypeFilter,
  type NftCollectionType,
  nftCollectionTypes,
  type TokenTypeFilter,
} from "./validateRest.js";

const request = restListRequest("/addresses/{address_hash}/nft/collections", nftCollectionItemSchema);

export interface GetAddressNftCollectionsParameters {
  /** The owner. */
  address: string;
  /** Only collections of these token types; all NFT types when left out. */
  type?: TokenTypeFilter<NftCollectionType>;
}

function listRequest(parameters: GetAddressNftCollectionsParameters): RestListRequest<NftCollectionItem> {
  const address = assertAddress(parameters.address);
  const type = assertTokenTypeFilter(parameters.type, nftCollectionTypes);
  return request(`/addresses/${address}/nft/collections`, { type });
}

/**
 * Reads one page of the NFTs an address owns, grouped by collection
 * (`GET /api/v2/addresses/{address_hash}/nft/collections`). An unknown address gives an empty page.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional token type filter
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's collections and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed address or a type other than ERC-721, ERC-404, ERC-1155, before any
 *   request
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getAddressNftCollections(transport, { address, type: "ERC-721" });
 */
export const getAddressNftCollections = restPageReader(listRequest);

/**
 * Walks every page of an address's NFT collections, sending the filter again with each page's cursor.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and an optional token type filter
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed address or an unsupported type
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getAddressNftCollections}
 * @example
 * for await (const page of iterateAddressNftCollections(transport, { address })) console.log(page.items.length);
 */
export const iterateAddressNftCollections = restPageWalker(listRequest);
