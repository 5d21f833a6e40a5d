import { type Withdrawal, withdrawalSchema } from "../../schemas/rest/withdrawal.js";
import { type RestListRequest, restListRequest, restPageReader, restPageWalker } from "./restPagination.js";
import { assertBlockNumberOrHash } from "./validateRest.js";

const request = restListRequest("/blocks/{block_number_or_hash}/withdrawals", withdrawalSchema);

export interface GetBlockWithdrawalsParameters {
  /** A block number or a block hash (0x + 64 hex digits). */
  blockNumberOrHash: number | bigint | string;
}

function listRequest(parameters: GetBlockWithdrawalsParameters): RestListRequest<Withdrawal> {
  const block = assertBlockNumberOrHash(parameters.blockNumberOrHash);
  return request(`/blocks/${block}/withdrawals`);
}

/**
 * Reads one page of a block's withdrawals (`GET /api/v2/blocks/{block_number_or_hash}/withdrawals`). Blockscout
 * leaves `block_number` and `timestamp` out of these items.
 *
 * @param transport - the explorer's transport
 * @param parameters - the block number or hash
 * @param cursor - the `nextPageParams` of the previous page; none for the first page
 * @returns the page's withdrawals and the cursor of the next page (null on the last)
 * @throws {InvalidInputError} for a malformed block number or hash, before any request
 * @throws {NotFoundError} for an unknown block (`Not found`) or a reorged block number (`Block lost consensus`)
 * @throws {InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const { items } = await getBlockWithdrawals(transport, { blockNumberOrHash: "19000000" });
 */
export const getBlockWithdrawals = restPageReader(listRequest);

/**
 * Walks every page of a block's withdrawals.
 *
 * @param transport - the explorer's transport
 * @param parameters - the block number or hash
 * @returns an async iterator over the pages
 * @throws {InvalidInputError} at once, for a malformed block number or hash
 * @throws {InvalidResponseError} while iterating, when the explorer repeats a cursor; and the errors of
 *   {@link getBlockWithdrawals}
 * @example
 * for await (const page of iterateBlockWithdrawals(transport, { blockNumberOrHash: 19_000_000 })) console.log(page.items);
 */
export const iterateBlockWithdrawals = restPageWalker(listRequest);
