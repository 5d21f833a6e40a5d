import { assertAddress } from "../../kernel/validate.js";
import { type SourcifyContract, sourcifyContractSchema } from "../../schemas/sourcify.js";
import type { Transport } from "../transport.js";
import { sourcifyLookup } from "./sourcifyAnswer.js";

/** What a lookup asks for: the name for the pre-check, the rest for `getSourceCode` and proxy links. */
const fields = "compilation,sources,abi,proxyResolution";

export interface LookupContractParameters {
  chainId: number;
  address: string;
}

/**
 * Reads what Sourcify holds for an address (`GET /v2/contract/{chainId}/{address}`), by chain and address: a
 * bytecode twin is never taken for it.
 *
 * @returns the contract with its matches, or undefined when Sourcify has none (404 with null matches)
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | HttpError | InvalidResponseError} and the transport's errors
 */
export async function lookupContract(
  transport: Transport,
  parameters: LookupContractParameters,
): Promise<SourcifyContract | undefined> {
  const address = assertAddress(parameters.address);
  const path = `/v2/contract/${parameters.chainId}/${address}`;
  return sourcifyLookup(transport, path, { fields }, sourcifyContractSchema, "the contract lookup");
}
