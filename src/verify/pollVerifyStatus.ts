import type { Deadline } from "./deadline.js";
import { missedPoll } from "./retryable.js";
import type { MatchKind, Receipt, ReceiptStatus, Verifier } from "./verifier.js";

/** How polling waits: the first interval, its growth, its ceiling, and how long `Unknown UID` counts as pending. */
export interface PollingOptions {
  /** Default 1 s. */
  initialIntervalMs: number;
  /** Default 10 s. */
  maxIntervalMs: number;
  /** Growth of the interval from the third poll on (the first two wait the initial interval). Default 1.5. */
  backoffFactor: number;
  /** `Unknown UID` answers read as "not queued yet" before the engine looks for itself. Default 3. */
  unknownUidGrace: number;
  /**
   * Polls in a row that may fail for retryable reasons (connection lost, time-out, 5xx, 429) after the transport's
   * own retries, before the job fails with that error. Default 5.
   */
  failedPollsInARow?: number;
}

export const defaultPolling: PollingOptions = {
  initialIntervalMs: 1_000,
  maxIntervalMs: 10_000,
  backoffFactor: 1.5,
  unknownUidGrace: 3,
  failedPollsInARow: 5,
};

/** How a guid ended. */
export type PollOutcome =
  | {
      state: "pass" | "already-verified" | "fail";
      message: string;
      /** From the call (the submission's answer) to the sending of the poll that saw the verdict, in ms. */
      verdictAfterMs: number;
      /** How the service matched the contract, where it says (Sourcify). */
      match?: MatchKind | undefined;
    }
  | { state: "unknown-uid"; message: string }
  | { state: "timeout" };

/**
 * Asks the service about a submission's receipt with growing intervals until a final state or the deadline. `Unknown UID` right after
 * a submission (the explorer's queue race) is read as pending a few times. A poll that fails for a retryable reason is
 * only a missed look: the guid stays valid, so polling goes on, up to a few such failures in a row.
 *
 * @param verifier - the service
 * @param receipt - the submission's receipt
 * @param deadline - the job's deadline
 * @param options - intervals
 * @param onPending - told of every pending answer
 * @param firstWaitMs - the wait before the first poll (what earlier jobs of the batch took); the first interval
 *   by default
 * @param startedAt - when the submission was answered (verdict times count from it); now by default
 * @returns the final state
 * @throws the last poll's error after too many failed polls in a row, or at once when it is not retryable
 */
export async function pollVerifyStatus(
  verifier: Verifier,
  receipt: Receipt,
  deadline: Deadline,
  options: PollingOptions,
  onPending: (message: string) => void,
  firstWaitMs?: number,
  startedAt = Date.now(),
): Promise<PollOutcome> {
  let intervalMs = firstWaitMs ?? options.initialIntervalMs;
  let unknownUids = 0;
  let failuresInARow = 0;
  // Most explorers finish within a few seconds: two polls a second apart catch that, then back off.
  for (let polls = 1; ; polls++) {
    if (!(await deadline.wait(intervalMs))) return { state: "timeout" };
    if (polls === 1) intervalMs = options.initialIntervalMs;
    const sentAfterMs = Date.now() - startedAt;
    let status: ReceiptStatus;
    try {
      status = await verifier.status(receipt);
      failuresInARow = 0;
    } catch (error) {
      const missed = missedPoll(error, ++failuresInARow, options.failedPollsInARow ?? 5);
      if (missed === undefined) throw error;
      onPending(missed);
      intervalMs = Math.min(options.maxIntervalMs, intervalMs * options.backoffFactor);
      continue;
    }
    switch (status.state) {
      case "pass":
      case "already-verified":
      case "fail":
        return {
          state: status.state,
          message: status.message,
          verdictAfterMs: sentAfterMs,
          ...(status.match ? { match: status.match } : {}),
        };
      case "unknown-uid":
        unknownUids++;
        if (unknownUids > options.unknownUidGrace) return { state: "unknown-uid", message: status.message };
        onPending(status.message);
        break;
      case "pending":
        onPending(status.message);
        break;
    }
    if (polls >= 2) intervalMs = Math.min(options.maxIntervalMs, intervalMs * options.backoffFactor);
  }
}
