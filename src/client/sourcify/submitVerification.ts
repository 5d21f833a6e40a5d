import { assertAddress, assertBodySize } from "../../kernel/validate.js";
import { sleep } from "../../kernel/waits.js";
import { sourcifySubmittedSchema } from "../../schemas/sourcify.js";
import type { SubmissionOutcome } from "../contract/submissionOutcome.js";
import {
  isSourcifyAlreadyVerified,
  isSourcifyDuplicateRequest,
  sourcifyMatchKind,
} from "../explorerTexts.js";
import { jsonBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { lookupContract } from "./lookupContract.js";
import { sourcifyAnswer, sourcifyRefusal } from "./sourcifyAnswer.js";

/** Looks at the contract while another job verifies it, before that job counts as over without a match. */
const looksWhileRunning = 5;

/** Submissions sent for one contract while other jobs verify it: the first, and one after a job ended without one. */
const sendsPastRunningJobs = 2;

export interface SubmitVerificationParameters {
  chainId: number;
  address: string;
  /** `standard` for `POST /v2/verify/{chainId}/{address}`, `metadata` for `POST /v2/verify/metadata/…`. */
  route: "standard" | "metadata";
  /** `{stdJsonInput, compilerVersion, contractIdentifier}` or `{metadata, sources}`. */
  body: object;
  timeoutMs?: number | undefined;
  /** After a 429 `duplicate_verification_request`, the first wait before a look; the n-th is n times this. Default 2 s. */
  duplicateWaitMs?: number | undefined;
}

/**
 * Submits a verification (202 `{verificationId}`). A 409 `already_verified` (both matches exact) is already
 * verified. A 429 `duplicate_verification_request` means a job for the address is already running: it is not sent
 * again; the contract is looked up, with growing waits within the deadline, until that job's match shows (Sourcify's
 * 429 names no job, so the lookup is how its own pages follow it). An exact match there is already verified; a
 * partial one (`match`) is sent again, since this build may match exactly; no match after the job had its time is
 * sent once more.
 *
 * @returns the verification id as a guid, or already verified
 * @throws {InvalidInputError} for a malformed address or a body over 20 MB, before any request
 * @throws {ExplorerError} for Sourcify's refusals (`unsupported_chain`, `invalid_parameter`, the 429 when the
 *   deadline comes before the running job's match shows, …)
 */
export async function submitVerification(
  transport: Transport,
  parameters: SubmitVerificationParameters,
): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  const encoded = jsonBody(parameters.body);
  assertBodySize(encoded.bytes, "source");
  const prefix = parameters.route === "metadata" ? "/v2/verify/metadata" : "/v2/verify";
  for (let sends = 1; ; sends++) {
    const response = await transport.send({
      api: "root",
      path: `${prefix}/${parameters.chainId}/${address}`,
      method: "POST",
      query: {},
      body: encoded,
      kind: "submit",
      timeoutMs: parameters.timeoutMs,
    });
    const refusal = sourcifyRefusal(response);
    if (response.status === 409 && refusal && isSourcifyAlreadyVerified(refusal.customCode))
      return {
        kind: "already-verified",
        message: refusal.message,
        match: "exact_match",
        matches: { runtime: "exact_match", creation: "exact_match" },
      };
    if (
      response.status === 429 &&
      refusal &&
      isSourcifyDuplicateRequest(refusal.customCode) &&
      sends < sendsPastRunningJobs
    ) {
      const seen = await followRunningJob(transport, parameters.chainId, address, parameters.duplicateWaitMs);
      if (seen === "exact_match") return { kind: "already-verified", message: refusal.message, match: seen };
      if (seen !== "deadline") continue;
    }
    return {
      kind: "guid",
      guid: sourcifyAnswer(response, sourcifySubmittedSchema, "the submission").verificationId,
    };
  }
}

// The match the running job left, as the lookup shows it: looked at after growing waits, until it shows, the job
// had its time (none), or the deadline would pass.
async function followRunningJob(
  transport: Transport,
  chainId: number,
  address: string,
  firstWaitMs = 2_000,
): Promise<"exact_match" | "match" | "none" | "deadline"> {
  for (let look = 1; look <= looksWhileRunning; look++) {
    if (Date.now() + firstWaitMs * look >= transport.endsAt) return "deadline";
    await sleep(firstWaitMs * look);
    const kind = sourcifyMatchKind((await lookupContract(transport, { chainId, address }))?.match);
    if (kind) return kind;
  }
  return "none";
}
