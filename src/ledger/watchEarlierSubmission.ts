import type { Deadline } from "../verify/deadline.js";
import type { VerificationJob } from "../verify/job.js";
import { verifiedState } from "../verify/preCheck.js";
import type { Verifier } from "../verify/verifier.js";

/** How long after an unanswered submission was sent the contract is watched before it is sent again. */
const earlierSubmissionWatchMs = 60_000;
/** Time between two looks at a watched contract. */
const earlierSubmissionLookIntervalMs = 3_000;

/** What became of a submission an earlier run sent and got no answer to. */
export type EarlierSubmissionOutcome =
  /** The explorer shows the contract verified: nothing to send. */
  | "verified"
  /** Still not verified when the watch ended: send it again. */
  | "unverified"
  /** The job's deadline came first. */
  | "deadline";

/**
 * Watches a contract an earlier run submitted without recording the answer (it stopped with the request in
 * flight): the explorer may have received it and be verifying it now. Looks at once, then every few seconds until
 * 60 s after that submission was sent, never past the job's deadline. A look that fails says nothing: the watch
 * goes on, and when it ends the contract is sent again (an explorer answers a submission for a verified contract
 * "already verified").
 *
 * @param sentAt - when the earlier submission was sent (epoch ms); the watch ends 60 s later, or 60 s from now if
 *   that time lies ahead
 * @param onWatch - told once, with how long the watch may last (deadline included), when the first look does not
 *   find it verified
 */
export async function watchEarlierSubmission(
  verifier: Verifier,
  job: VerificationJob,
  sentAt: number,
  deadline: Deadline,
  onWatch: (watchMs: number) => void,
): Promise<EarlierSubmissionOutcome> {
  const watchEndsAt = Math.min(sentAt, deadline.now()) + earlierSubmissionWatchMs;
  for (let look = 0; ; look++) {
    const state = await verifiedState(verifier, job, deadline.endsAt).catch(() => "unknown" as const);
    if (state === "verified") return "verified";
    if (deadline.passed()) return "deadline";
    const leftMs = watchEndsAt - deadline.now();
    if (leftMs <= 0) return "unverified";
    if (look === 0) onWatch(Math.min(leftMs, deadline.remainingMs()));
    if (!(await deadline.wait(Math.min(earlierSubmissionLookIntervalMs, leftMs)))) return "deadline";
  }
}
