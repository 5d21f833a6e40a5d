import { assertGuid } from "../../kernel/validate.js";
import { isAlreadyVerified, isFail, isPass, isPending, isUnknownUid } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { readStateText } from "./callContractAction.js";

const action = "checkverifystatus";

export interface CheckVerifyStatusParameters {
  guid: string;
}

/** Where a verification attempt stands; `message` is the explorer's text. */
export interface VerifyStatus {
  state: "pending" | "pass" | "fail" | "unknown-uid" | "already-verified";
  message: string;
  /** How the service matched the contract, where it says (Sourcify's `exact_match` or `match`). */
  match?: "exact_match" | "match" | undefined;
  /** Which code it matched (Sourcify's `runtimeMatch` and `creationMatch`). */
  matches?: { runtime: "exact_match" | "match" | null; creation: "exact_match" | "match" | null } | undefined;
}

/**
 * Reads the state of a verification attempt (`checkverifystatus`). Blockscout always answers status "1" and
 * carries the state in `result`; Etherscan answers failures with status "0": both are read here.
 *
 * @param transport - the explorer's transport
 * @param parameters - the guid a submission returned
 * @returns the state and the explorer's text
 * @throws {InvalidInputError} for a malformed guid, before any request
 * @throws {ExplorerError | InvalidResponseError} for an answer that is no state
 */
export async function checkVerifyStatus(
  transport: Transport,
  parameters: CheckVerifyStatusParameters,
): Promise<VerifyStatus> {
  const { text, shown, noState } = await readStateText(transport, action, assertGuid(parameters.guid));
  if (isAlreadyVerified(text)) return { state: "already-verified", message: shown };
  if (isPass(text)) return { state: "pass", message: shown };
  if (isPending(text)) return { state: "pending", message: shown };
  if (isUnknownUid(text)) return { state: "unknown-uid", message: shown };
  if (isFail(text)) return { state: "fail", message: shown };
  throw noState("verification state");
}
