import { assertGuid } from "../../kernel/validate.js";
import {
  implementationFromProxyPass,
  isPending,
  isProxyFail,
  isProxyPass,
  isUnknownUid,
} from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { readStateText } from "./callContractAction.js";

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
  const { text, shown, noState } = await readStateText(transport, action, assertGuid(parameters.guid));
  if (isProxyPass(text))
    return { state: "pass", message: shown, implementation: implementationFromProxyPass(text) };
  if (isProxyFail(text)) return { state: "fail", message: shown, implementation: undefined };
  if (isUnknownUid(text)) return { state: "unknown-uid", message: shown, implementation: undefined };
  if (isPending(text)) return { state: "pending", message: shown, implementation: undefined };
  throw noState("proxy verification state");
}
