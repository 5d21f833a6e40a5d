import { assertAddress } from "../../kernel/validate.js";
import { type SourcifyAllChains, sourcifyAllChainsSchema } from "../../schemas/sourcify.js";
import type { Transport } from "../transport.js";
import { sourcifyLookup } from "./sourcifyAnswer.js";

/**
 * Reads on which chains Sourcify holds an address, and how it matched there (`GET /v2/contract/all-chains/{address}`):
 * one request for every chain. Each result carries `match`, `creationMatch`, `runtimeMatch`, `chainId` and
 * `address`, no other field.
 *
 * @returns the chains' results; none when Sourcify holds the address nowhere (404 with `[]`)
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | HttpError | InvalidResponseError} and the transport's errors (an unknown route among them)
 */
export async function lookupAllChains(
  transport: Transport,
  parameters: { address: string },
): Promise<SourcifyAllChains["results"]> {
  const address = assertAddress(parameters.address);
  const path = `/v2/contract/all-chains/${address}`;
  const found = await sourcifyLookup(transport, path, {}, sourcifyAllChainsSchema, "the all-chains lookup");
  return found?.results ?? [];
}
