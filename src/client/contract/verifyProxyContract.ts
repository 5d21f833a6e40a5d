import { InvalidResponseError } from "../../errors/index.js";
import { assertAddress } from "../../kernel/validate.js";
import { multipartBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { callContractAction, rejection } from "./callContractAction.js";

const action = "verifyproxycontract";

export interface VerifyProxyContractParameters {
  /** The proxy's address. */
  address: string;
  /** Etherscan reads it; Blockscout finds the implementation itself. */
  expectedImplementation?: string;
}

/**
 * Asks the explorer to detect and link a proxy's implementation (`verifyproxycontract`).
 *
 * @param transport - the explorer's transport
 * @param parameters - the proxy address
 * @returns the guid to poll with `checkproxyverification`
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError} e.g. `Smart-contract not found or is not verified`, `Only one attempt in 4000ms`
 */
export async function verifyProxyContract(
  transport: Transport,
  parameters: VerifyProxyContractParameters,
): Promise<string> {
  const address = assertAddress(parameters.address);
  const expected =
    parameters.expectedImplementation === undefined
      ? undefined
      : assertAddress(parameters.expectedImplementation, "expectedImplementation");
  const answer = await callContractAction(transport, {
    action,
    body: await multipartBody({ address, expectedimplementation: expected }),
    kind: "submit",
  });
  const { status, result } = answer.envelope;
  if (status !== "1") throw rejection(answer);
  if (typeof result !== "string" || result === "") {
    throw new InvalidResponseError(
      `The explorer's answer to ${action} carries no guid.`,
      answer.request,
      answer.response.body,
    );
  }
  return result;
}
