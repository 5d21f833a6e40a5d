import { InvalidResponseError } from "../../errors/index.js";
import { assertAddress } from "../../kernel/validate.js";
import * as z from "../../kernel/zod.js";
import { isAbsentAbi, isNotVerifiedAbi } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { callContractAction, parseResult, rejection } from "./callContractAction.js";
import { parseAbi } from "./verifiedContract.js";

const action = "getabi";

export interface GetAbiParameters {
  address: string;
}

/**
 * Reads the ABI of a verified contract (`getabi`). Blockscout may answer with a bytecode twin's ABI for an
 * unverified address: a non-null ABI is not proof that this address is verified.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the ABI items (empty for a verified contract stored without an ABI), or null when not verified
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | InvalidResponseError} and the transport's errors
 */
export async function getAbi(transport: Transport, parameters: GetAbiParameters): Promise<unknown[] | null> {
  const address = assertAddress(parameters.address);
  const answer = await callContractAction(transport, { action, query: { address }, kind: "read" });
  const { status, message, result } = answer.envelope;
  if (status !== "1") {
    if (isNotVerifiedAbi(message) || isNotVerifiedAbi(result)) return null;
    throw rejection(answer);
  }
  const abiText = parseResult(answer, z.string(), action);
  if (isNotVerifiedAbi(abiText)) return null;
  // Verified, but stored without an ABI (Blockscout answers status "1" with the text `null`).
  if (isAbsentAbi(abiText)) return [];
  const abi = parseAbi(abiText);
  if (!abi) {
    throw new InvalidResponseError(
      "The explorer's answer to getabi is not a JSON ABI array.",
      answer.request,
      answer.response.body,
    );
  }
  return abi;
}
