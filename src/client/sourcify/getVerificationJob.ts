import { InvalidInputError, InvalidResponseError, NotAContractError } from "../../errors/index.js";
import { sourcifyJobSchema, verificationIdPattern } from "../../schemas/sourcify.js";
import type { VerifyStatus } from "../contract/checkVerifyStatus.js";
import {
  isSourcifyAlreadyVerified,
  isSourcifyJobNotFound,
  isSourcifyNotDeployed,
  sourcifyMatchedCode,
  sourcifyMatchKind,
} from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { sourcifyAnswer, sourcifyGet, sourcifyRefusal } from "./sourcifyAnswer.js";

/** Said while a job runs: Sourcify's job object carries no text of its own then. */
const jobRunning = "Sourcify is verifying (job not completed)";

export interface GetVerificationJobParameters {
  /** The `verificationId` a submission returned. */
  verificationId: string;
  /** The contract the job must be about: a job that names another address or chain verified something else. */
  expected?: { chainId: number; address: string } | undefined;
}

/**
 * Reads a verification job (`GET /v2/verify/{verificationId}`, 200 even when the job failed) as the engine's
 * states: running → pending; a match → pass; the job's `already_verified` → already verified; its
 * `contract_not_deployed` → not a contract (yet); another job error → fail with Sourcify's message; an unknown id
 * (404 `job_not_found`) → unknown-uid.
 *
 * @param transport - Sourcify's transport
 * @param parameters - the verification id
 * @returns where the job stands
 * @throws {InvalidInputError} for an id that is not a UUID, before any request
 * @throws {NotAContractError} when the chain has no contract at the address (Sourcify's `contract_not_deployed`)
 * @throws {ExplorerError | HttpError | InvalidResponseError} and the transport's errors
 */
export async function getVerificationJob(
  transport: Transport,
  parameters: GetVerificationJobParameters,
): Promise<VerifyStatus> {
  const id = parameters.verificationId;
  if (typeof id !== "string" || !verificationIdPattern.test(id)) {
    throw new InvalidInputError(
      "guid",
      `Invalid verification id ${JSON.stringify(id)}: Sourcify's ids are UUIDs.`,
    );
  }
  const response = await sourcifyGet(transport, `/v2/verify/${id}`);
  const refusal = sourcifyRefusal(response);
  if (response.status === 404 && refusal && isSourcifyJobNotFound(refusal.customCode))
    return { state: "unknown-uid", message: refusal.message };
  const job = sourcifyAnswer(response, sourcifyJobSchema, "the verification job");
  if (!job.isJobCompleted) return { state: "pending", message: jobRunning };
  if (job.error) {
    // Of a contract being verified; a guid looked up alone (the status command) reads it as a failed job.
    if (isSourcifyNotDeployed(job.error.customCode) && parameters.expected)
      throw new NotAContractError(response.request, parameters.expected.address, job.error.message);
    return isSourcifyAlreadyVerified(job.error.customCode)
      ? { state: "already-verified", message: job.error.message }
      : { state: "fail", message: job.error.message };
  }
  const named = job.contract;
  const expected = parameters.expected;
  const otherContract =
    expected &&
    ((named?.address && named.address.toLowerCase() !== expected.address.toLowerCase()) ||
      (named?.chainId != null && String(named.chainId) !== String(expected.chainId)));
  if (otherContract) {
    return {
      state: "fail",
      message: transport.redact(
        `Sourcify's job ${id} names ${named?.address ?? expected.address} on chain ${named?.chainId ?? expected.chainId}, not ${expected.address} on chain ${expected.chainId}: it is no verification of this contract.`,
      ),
    };
  }
  const kind = sourcifyMatchKind(named?.match);
  if (kind && named)
    return { state: "pass", message: `Verified (${kind})`, match: kind, matches: sourcifyMatchedCode(named) };
  throw new InvalidResponseError(
    "Sourcify's completed job carries neither a match nor an error.",
    response.request,
    response.body,
  );
}
