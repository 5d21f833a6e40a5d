import type { SubmissionVerdict } from "../judgeSubmission.js";

/** Why the latest submission for an address failed, as the explorer said it and in plain words. */
export interface FailedVerdict {
  reason: string;
  explanation: string;
}

/**
 * The latest verdict per address, kept in memory for the pages: the state file keeps verified contracts and
 * guid states, not why a submission failed.
 */
export class VerdictLog {
  readonly #latest = new Map<string, SubmissionVerdict>();

  /** Records the verdict on a contract. */
  record(address: string, verdict: SubmissionVerdict): void {
    this.#latest.set(address.toLowerCase(), verdict);
  }

  /** @param address - a contract @returns why its latest submission failed; undefined when it did not */
  failure(address: string): FailedVerdict | undefined {
    const verdict = this.#latest.get(address.toLowerCase());
    return verdict && !verdict.ok ? { reason: verdict.reason, explanation: verdict.explanation } : undefined;
  }
}
