import type { Deadline } from "./deadline.js";
import {
  afterPeerVerdict,
  afterPoll,
  firstPollPlan,
  type PeerVerdict,
  type PeerVerdicts,
  type PollingOptions,
  type PollPlan,
} from "./pollSchedule.js";
import { missedPoll } from "./retryable.js";
import type { Matched, Receipt, ReceiptStatus, Verifier } from "./verifier.js";

/** How a guid ended. */
export type PollOutcome =
  | ({
      state: "pass" | "already-verified" | "fail";
      message: string;
      /** From the call (the submission's answer) to the sending of the poll that saw the verdict, in ms. */
      verdictAfterMs: number;
    } & Matched)
  | { state: "unknown-uid"; message: string }
  | { state: "timeout" };

/** Where a job's polling starts, and what it hears from the other jobs of its batch. */
export interface PollStart {
  /** The wait before the first poll (what earlier jobs of the batch took); the first interval by default. */
  firstWaitMs?: number | undefined;
  /** The interval the schedule starts from; the first interval by default. */
  firstIntervalMs?: number | undefined;
  /** When the submission was answered (verdict times count from it); now by default. */
  startedAt?: number | undefined;
  /** Other jobs' verdicts on the same explorer, which may bring a poll sooner (see `afterPeerVerdict`). */
  peers?: PeerVerdicts | undefined;
}

/**
 * Asks the service about a submission's receipt on the schedule of `pollSchedule.ts` until a final state or the
 * deadline. `Unknown UID` right after a submission (the explorer's queue race) is read as pending a few times. A poll
 * that fails for a retryable reason is only a missed look: the guid stays valid, so polling goes on, up to a few such
 * failures in a row.
 *
 * @param verifier - the service
 * @param receipt - the submission's receipt
 * @param deadline - the job's deadline
 * @param options - intervals
 * @param onPending - told of every pending answer
 * @param start - the first wait, the submission's answer time, the other jobs' verdicts
 * @returns the final state
 * @throws the last poll's error after too many failed polls in a row, or at once when it is not retryable
 */
export async function pollVerifyStatus(
  verifier: Verifier,
  receipt: Receipt,
  deadline: Deadline,
  options: PollingOptions,
  onPending: (message: string) => void,
  start: PollStart = {},
): Promise<PollOutcome> {
  const startedAt = start.startedAt ?? deadline.now();
  let plan = firstPollPlan(startedAt, options, start.firstWaitMs, start.firstIntervalMs);
  let unknownUids = 0;
  let failuresInARow = 0;
  for (;;) {
    const inTime = await waitForNextPoll(
      deadline,
      () => plan,
      start.peers,
      (peer) => {
        plan = afterPeerVerdict(plan, peer, options, deadline.now());
      },
    );
    if (!inTime) return { state: "timeout" };
    const sentAt = deadline.now();
    let status: ReceiptStatus;
    try {
      status = await verifier.status(receipt, deadline.endsAt);
      failuresInARow = 0;
    } catch (error) {
      const missed = missedPoll(error, ++failuresInARow, options.failedPollsInARow ?? 5);
      if (missed === undefined) throw error;
      onPending(missed);
      plan = afterPoll(plan, sentAt, "missed", options, deadline.now());
      continue;
    }
    switch (status.state) {
      case "pass":
      case "already-verified":
      case "fail":
        return {
          state: status.state,
          message: status.message,
          verdictAfterMs: sentAt - startedAt,
          ...(status.match ? { match: status.match } : {}),
          ...(status.matches ? { matches: status.matches } : {}),
        };
      case "unknown-uid":
        if (++unknownUids > options.unknownUidGrace) return { state: "unknown-uid", message: status.message };
        break;
    }
    onPending(status.message);
    plan = afterPoll(plan, sentAt, status.state, options, deadline.now());
  }
}

/**
 * Waits until the plan's next poll, or the deadline; a peer's verdict may move the poll sooner while it waits.
 * @returns false when the deadline came first (nothing more should be tried)
 */
async function waitForNextPoll(
  deadline: Deadline,
  plan: () => PollPlan,
  peers: PeerVerdicts | undefined,
  replan: (peer: PeerVerdict) => void,
): Promise<boolean> {
  for (;;) {
    const remainingMs = deadline.remainingMs();
    const waitMs = Math.max(0, plan().nextAt - deadline.now());
    const peerCame = new AbortController();
    let peer: PeerVerdict | undefined;
    const stopListening = peers?.onVerdict((heard) => {
      peer = heard;
      peerCame.abort();
    });
    await deadline.wait(Math.min(waitMs, remainingMs), peerCame.signal);
    stopListening?.();
    if (peer === undefined) return waitMs < remainingMs;
    replan(peer);
  }
}
