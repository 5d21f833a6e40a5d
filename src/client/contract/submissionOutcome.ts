import { ExplorerError, InvalidResponseError, NotAContractError, TimeoutError } from "../../errors/index.js";
import { assertBodySize, isGuid } from "../../kernel/validate.js";
import * as z from "../../kernel/zod.js";
import { sourceCodeItemSchema } from "../../schemas/sourceCode.js";
import {
  envelopeReason,
  isAlreadyVerified,
  isNotAContract,
  isSourcifyMetadataMissing,
  isSourcifyNotVerified,
  isSourcifyPartialMatch,
  isSourcifyTimedOut,
} from "../explorerTexts.js";
import type { EncodedBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import {
  type ContractActionAnswer,
  callContractAction,
  parseResult,
  rejection,
} from "./callContractAction.js";
import { toVerifiedContract, type VerifiedContract } from "./verifiedContract.js";

/**
 * What a submission led to: a guid to poll (the specification, and `verifysourcecode`), the finished
 * verification (real Blockscout's synchronous actions), or the contract was verified already.
 */
export type SubmissionOutcome =
  | { kind: "guid"; guid: string }
  | { kind: "verified"; contract: VerifiedContract | null }
  | {
      kind: "already-verified";
      message: string;
      /** How the service holds it, where it says (Sourcify's 409: both matches exact). */
      match?: "exact_match" | undefined;
      matches?: { runtime: "exact_match"; creation: "exact_match" } | undefined;
    };

/** How long Blockscout 12 polls Sourcify before it answers `Sourcify verification timed out` (3 s × 20). */
const sourcifyWaitMs = 60_000;

const submissionResultSchema = z.union([z.string(), sourceCodeItemSchema, z.array(sourceCodeItemSchema)]);

/** Sends a submission (refused unsent when its body is over 20 MB) and classifies the answer. */
export async function submitContractAction(
  transport: Transport,
  submission: { action: string; address: string; body: EncodedBody; timeoutMs: number | undefined },
  what = "source",
): Promise<SubmissionOutcome> {
  const { action, address, body, timeoutMs } = submission;
  assertBodySize(body.bytes, what);
  const answer = await callContractAction(transport, { action, body, kind: "submit", timeoutMs });
  return submissionOutcome(answer, action, address);
}

/**
 * Classifies the answer to any submission action.
 *
 * @param answer - the parsed envelope
 * @param action - the wire action name
 * @param address - the submitted address, for the not-a-contract error
 * @returns the outcome
 * @throws {NotAContractError} when the explorer has no contract at the address (yet)
 * @throws {ExplorerError} for any other refusal, with the explorer's text
 */
export function submissionOutcome(
  answer: ContractActionAnswer,
  action: string,
  address: string,
): SubmissionOutcome {
  const { status, message, result } = answer.envelope;
  if (isAlreadyVerified(message) || isAlreadyVerified(result)) {
    return {
      kind: "already-verified",
      message: answer.shown(isAlreadyVerified(message) ? message : String(result)),
    };
  }
  if (status !== "1") {
    if (isNotAContract(message) || isNotAContract(result)) {
      throw new NotAContractError(
        answer.request,
        address,
        answer.shown(envelopeReason(message, result) ?? ""),
      );
    }
    if (isSourcifyPartialMatch(message)) {
      throw new ExplorerError(
        answer.request,
        answer.httpStatus,
        `${answer.shown(message)}: the source registry matched the contract only partially (the metadata differs) and the explorer did not import it`,
        "Submit the standard JSON input instead: the explorer accepts a partial match there.",
      );
    }
    if (isSourcifyTimedOut(message)) {
      // Sourcify's job outlived Blockscout's wait for it and may still finish: the engine looks for the contract
      // before sending again, as after any answer that came too late.
      throw new TimeoutError(
        answer.request,
        sourcifyWaitMs,
        true,
        `The explorer stopped waiting for Sourcify (${answer.shown(message)}); Sourcify may still verify the contract, so it is looked up before it is sent again.`,
      );
    }
    if (isSourcifyMetadataMissing(message)) {
      throw rejection(
        answer,
        "Blockscout 12 takes the compiler's metadata only from an uploaded file named exactly metadata.json: send it under that name.",
      );
    }
    if (isSourcifyNotVerified(message)) {
      throw rejection(
        answer,
        "Sourcify could not match the uploaded metadata and sources to the deployed code: check that they are the build the contract was deployed from.",
      );
    }
    throw rejection(answer);
  }
  const parsed = parseResult(answer, submissionResultSchema, action);
  if (typeof parsed === "string") {
    if (isGuid(parsed)) return { kind: "guid", guid: parsed };
    throw new InvalidResponseError(
      `The explorer's answer to ${action} says OK but its guid is not one (20 to 100 letters and digits).`,
      answer.request,
      answer.response.body,
    );
  }
  // Only the synchronous actions answer the contract they published (`verifysourcecode` answers a guid); an OK that
  // holds no verified source of this address is no verdict.
  const item = Array.isArray(parsed) ? parsed[0] : parsed;
  const contract = item && action !== "verifysourcecode" ? toVerifiedContract(item, answer) : null;
  if (contract?.address !== address.toLowerCase())
    throw new InvalidResponseError(
      `The explorer's answer to ${action} says OK but holds neither a guid nor the verified contract at ${address}.`,
      answer.request,
      answer.response.body,
    );
  return { kind: "verified", contract };
}
