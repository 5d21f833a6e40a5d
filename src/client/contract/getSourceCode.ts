import { assertAddress } from "../../kernel/validate.js";
import * as z from "../../kernel/zod.js";
import { sourceCodeItemSchema } from "../../schemas/sourceCode.js";
import { isNotVerifiedAbi } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { callContractAction, parseResult, rejection } from "./callContractAction.js";
import { toVerifiedContract, type VerifiedContract } from "./verifiedContract.js";

const action = "getsourcecode";

export interface GetSourceCodeParameters {
  address: string;
}

/**
 * Reads the source code and settings of a verified contract (`getsourcecode`). Blockscout answers an
 * unverified address with `[{"Address": …}]`, which gives null here. Like `getabi`, it may answer with a
 * bytecode twin's data; compare `address` or use the REST status endpoint where it matters.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the contract, or null when not verified
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | InvalidResponseError} and the transport's errors
 */
export async function getSourceCode(
  transport: Transport,
  parameters: GetSourceCodeParameters,
): Promise<VerifiedContract | null> {
  const { answer, items } = await readSourceCodeItems(transport, assertAddress(parameters.address));
  const first = items[0];
  return first ? toVerifiedContract(first, answer) : null;
}

/**
 * `getsourcecode`'s answer and items: none where the service says, with a refusal, that the contract is not verified
 * (Routescan's `NOTOK` `Contract source code not verified`); refused for any other status than "1".
 */
export async function readSourceCodeItems(transport: Transport, address: string) {
  const answer = await callContractAction(transport, { action, query: { address }, kind: "read" });
  const { status, message, result } = answer.envelope;
  if (status !== "1") {
    if (isNotVerifiedAbi(message) || isNotVerifiedAbi(result)) return { answer, items: [] };
    throw rejection(answer);
  }
  return { answer, items: parseResult(answer, z.array(sourceCodeItemSchema), action) };
}
