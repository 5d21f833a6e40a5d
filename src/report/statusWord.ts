import type { VerificationResult } from "../verify/job.js";

const contractWords: Record<VerificationResult["status"], string> = {
  verified: "verified",
  "already-verified": "already verified",
  pending: "pending",
  failed: "failed",
  timeout: "timeout",
};

const linkWords: Record<VerificationResult["status"], string> = {
  ...contractWords,
  verified: "linked",
  "already-verified": "already linked",
};

/**
 * What every door calls a record's status: a proxy's link (`format: "proxy"`) made by this run is `linked`, one the
 * service showed before is `already linked`; a contract's is its status in words.
 *
 * @param result - the record
 * @returns the word, lower case
 */
export function statusWord(
  result: Pick<VerificationResult, "status"> & Partial<Pick<VerificationResult, "format">>,
): string {
  return (result.format === "proxy" ? linkWords : contractWords)[result.status];
}
