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
 * What every door calls a record's status, lower case: a proxy's link (`format: "proxy"`) made by this run is
 * `linked`, one the service showed before is `already linked`; a contract's is its status in words.
 */
export function statusWord(result: Pick<VerificationResult, "status" | "format">): string {
  return (result.format === "proxy" ? linkWords : contractWords)[result.status];
}

/** A contract's outcome in words, lower case (its records, a proxy's link with them, counted as one). */
export function outcomeWord(outcome: VerificationResult["status"]): string {
  return contractWords[outcome];
}
