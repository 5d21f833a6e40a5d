import { sourcifySubmittedSchema } from "../../schemas/sourcify.js";
import type { SubmissionOutcome } from "../contract/submissionOutcome.js";
import {
  isSourcifyAlreadyVerified,
  isSourcifyDuplicateRequest,
  sourcifyMatchLevel,
} from "../explorerTexts.js";
import { sleep } from "../rateLimiter.js";
import { jsonBody } from "../requestBody.js";
import { currentRequestDeadline } from "../requestDeadline.js";
import type { Transport } from "../transport.js";
import { assertAddress, assertBodySize } from "../validate.js";
import { lookupContract } from "./lookupContract.js";
import { sourcifyAnswer, sourcifyRefusal } from "./sourcifyAnswer.js";

/** Times a submission answered "already being verified" waits for that other job before giving up. */
const duplicateWaits = 5;

export interface SubmitVerificationParameters {
  chainId: number;
  address: string;
  /** `standard` for `POST /v2/verify/{chainId}/{address}`, `metadata` for `POST /v2/verify/metadata/…`. */
  route: "standard" | "metadata";
  /** `{stdJsonInput, compilerVersion, contractIdentifier}` or `{metadata, sources}`. */
  body: object;
  timeoutMs?: number | undefined;
  /** After a 429 `duplicate_verification_request`, the first wait; the n-th is n times this. Default 2 s. */
  duplicateWaitMs?: number | undefined;
}

/**
 * Submits a verification (202 `{verificationId}`). A 409 `already_verified` (both matches exact) is already
 * verified. A 429 `duplicate_verification_request` (another run verifies the address) waits for that job, looks, and
 * sends again only while the contract is not fully verified, a few times within the deadline.
 *
 * @param transport - Sourcify's transport
 * @param parameters - chain, address, route and body
 * @returns the verification id as a guid, or already verified
 * @throws {InvalidInputError} for a malformed address or a body over 20 MB, before any request
 * @throws {ExplorerError} for Sourcify's refusals (`unsupported_chain`, `invalid_parameter`, …)
 */
export async function submitVerification(
  transport: Transport,
  parameters: SubmitVerificationParameters,
): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  const encoded = jsonBody(parameters.body);
  assertBodySize(encoded.bytes, "source");
  const prefix = parameters.route === "metadata" ? "/v2/verify/metadata" : "/v2/verify";
  const { timeoutMs } = parameters;
  for (let waits = 0; ; ) {
    const response = await transport.send({
      api: "root",
      path: `${prefix}/${parameters.chainId}/${address}`,
      method: "POST",
      query: {},
      body: encoded,
      kind: "submit",
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const refusal = sourcifyRefusal(response);
    if (response.status === 409 && refusal && isSourcifyAlreadyVerified(refusal.customCode))
      return { kind: "already-verified", message: refusal.message };
    // Another run verifies this address right now: its verdict may make ours needless, so look before sending again.
    if (
      response.status === 429 &&
      refusal &&
      isSourcifyDuplicateRequest(refusal.customCode) &&
      waits < duplicateWaits
    ) {
      waits++;
      if (await waitWithinDeadline((parameters.duplicateWaitMs ?? 2_000) * waits)) {
        const found = await lookupContract(transport, { chainId: parameters.chainId, address });
        if (sourcifyMatchLevel(found?.match) === "verified")
          return { kind: "already-verified", message: refusal.message };
        continue;
      }
    }
    return {
      kind: "guid",
      guid: sourcifyAnswer(response, sourcifySubmittedSchema, "the submission").verificationId,
    };
  }
}

// False when the wait would pass the deadline of the work: the caller gives up with what it has.
async function waitWithinDeadline(waitMs: number): Promise<boolean> {
  const deadline = currentRequestDeadline();
  if (deadline !== undefined && Date.now() + waitMs >= deadline) return false;
  await sleep(waitMs);
  return true;
}
