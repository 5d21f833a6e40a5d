import { InvalidResponseError } from "../../errors/index.js";
import { assertGuid } from "../../kernel/validate.js";
import {
  implementationFromProxyPass,
  isPending,
  isProxyFail,
  isProxyPass,
  isUnknownUid,
} from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { callContractAction, rejection } from "./callContractAction.js";

const action = "checkproxyverification";

export interface CheckProxyVerificationParameters {
  guid: string;
}

/** Where a proxy check stands; `implementation` is set when the explorer named a single one. */
export interface ProxyVerificationStatus {
  state: "pending" | "pass" | "fail" | "unknown-uid";
  message: string;
  implementation: string | undefined;
}

/**
 * Reads the state of a proxy check (`checkproxyverification`). A failure comes as status "0", `NOTOK`.
 *
 * @param transport - the explorer's transport
 * @param parameters - the guid from `verifyproxycontract`
 * @returns the state, the explorer's text and the implementation found
 * @throws {InvalidInputError} for a malformed guid, before any request
 * @throws {ExplorerError | InvalidResponseError} for an answer that is no state
 */
export async function checkProxyVerification(
  transport: Transport,
  parameters: CheckProxyVerificationParameters,
): Promise<ProxyVerificationStatus> {
  const guid = assertGuid(parameters.guid);
  const answer = await callContractAction(transport, { action, query: { guid }, kind: "read" });
  const { status, message, result } = answer.envelope;
  const text = typeof result === "string" ? result : message;
  const shown = answer.shown(text);
  if (isProxyPass(text))
    return { state: "pass", message: shown, implementation: implementationFromProxyPass(text) };
  if (isProxyFail(text)) return { state: "fail", message: shown, implementation: undefined };
  if (isUnknownUid(text)) return { state: "unknown-uid", message: shown, implementation: undefined };
  if (isPending(text)) return { state: "pending", message: shown, implementation: undefined };
  if (status !== "1") throw rejection(answer);
  throw new InvalidResponseError(
    `The explorer's answer to ${action} is not a proxy verification state: ${JSON.stringify(shown)}.`,
    answer.request,
    answer.response.body,
  );
}
