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

/** Where a job's polling stands: when its next poll goes, and what its earlier polls read. */
export interface PollPlan {
  /** When the submission was answered, in ms since the epoch. */
  answeredAt: number;
  polls: number;
  /** When the last poll was sent; undefined before the first. */
  lastSentAt: number | undefined;
  /** The wait between the last poll's sending and the next one's. */
  intervalMs: number;
  /** When the next poll goes, in ms since the epoch. */
  nextAt: number;
  /** Whether a poll has read `Pending in queue`: the explorer held the submission. */
  queued: boolean;
  /** When the next poll was planned before another job's verdict brought it sooner. */
  pulledFrom?: number | undefined;
}

/** What a poll read, as far as the schedule cares: still waiting, `Unknown UID`, or no answer at all. */
export type PollReading = "pending" | "unknown-uid" | "missed";

/**
 * The first plan of a submission's polling.
 * @param firstWaitMs - the wait before the first poll from the answer (what earlier jobs took); the first interval
 *   by default
 * @param firstIntervalMs - the interval the schedule starts from (a job that waited for another's verdict goes on at
 *   the pace it had reached)
 */
export function firstPollPlan(
  answeredAt: number,
  options: PollingOptions,
  firstWaitMs?: number,
  firstIntervalMs = options.initialIntervalMs,
): PollPlan {
  return {
    answeredAt,
    polls: 0,
    lastSentAt: undefined,
    intervalMs: firstIntervalMs,
    nextAt: answeredAt + (firstWaitMs ?? options.initialIntervalMs),
    queued: false,
  };
}

/**
 * How long after the answer the schedule's interval reaches its ceiling (about 22 s by default): from then on a job
 * waiting for another's verdict saves one poll per ceiling, no more than polling for itself costs.
 */
export function ceilingReachedAfterMs(options: PollingOptions): number {
  const plan = scheduleAfter(options, Number.POSITIVE_INFINITY);
  return plan.lastSentAt ?? plan.nextAt;
}

/**
 * The schedule's interval a job has reached once this long has passed since its answer without its polling (it
 * waited for another job's verdict): it goes on at that pace rather than a second apart again.
 */
export function intervalReachedAfterMs(options: PollingOptions, elapsedMs: number): number {
  return scheduleAfter(options, elapsedMs).intervalMs;
}

function scheduleAfter(options: PollingOptions, elapsedMs: number): PollPlan {
  let plan = firstPollPlan(0, options);
  while (plan.intervalMs < options.maxIntervalMs && plan.nextAt <= elapsedMs && plan.polls < 100)
    plan = afterPoll(plan, plan.nextAt, "pending", options, plan.nextAt);
  return plan;
}

/**
 * The plan after a poll that saw no verdict. The interval runs from one poll's sending to the next one's, so an
 * explorer's answer time does not stretch the schedule: two polls a second apart, then growing. `Unknown UID` after
 * `Pending in queue` means the submission left the explorer's queue (Blockscout's worker took it from its in-memory
 * queue and has not written its row yet, blockscout-api.md §13): its verdict is one compile away, so the next poll
 * waits the first interval again instead of a grown one. A missed poll (no answer) waits from its failure.
 *
 * @param now - the time its answer (or failure) came
 */
export function afterPoll(
  plan: PollPlan,
  sentAt: number,
  reading: PollReading,
  options: PollingOptions,
  now: number,
): PollPlan {
  const polls = plan.polls + 1;
  const queued = plan.queued || reading === "pending";
  const left = reading === "unknown-uid" && plan.queued;
  const next = { answeredAt: plan.answeredAt, polls, lastSentAt: sentAt, queued };
  // A poll brought sooner that still saw no verdict leaves the schedule as it was: the poll it replaced comes next.
  if (plan.pulledFrom !== undefined && reading !== "missed" && !left) {
    const nextAt = Math.max(plan.pulledFrom, sentAt + options.initialIntervalMs);
    return { ...next, intervalMs: plan.intervalMs, nextAt };
  }
  const grown = Math.min(options.maxIntervalMs, plan.intervalMs * options.backoffFactor);
  const intervalMs = left
    ? options.initialIntervalMs
    : reading === "missed" || polls >= 2
      ? grown
      : plan.intervalMs;
  return { ...next, intervalMs, nextAt: (reading === "missed" ? now : sentAt) + intervalMs };
}

/**
 * Another job's verdict on the same explorer: when its submission set out (no later than it was sent), and how long
 * after its answer the verdict came.
 */
export interface PeerVerdict {
  submittedAt: number;
  verdictAfterMs: number;
}

/** The verdicts other jobs of the batch see on the same explorer, as they come. */
export interface PeerVerdicts {
  /** @returns a function that stops the telling */
  onVerdict(listener: (peer: PeerVerdict) => void): () => void;
}

/**
 * The plan after another job of the batch saw its verdict on the same explorer. An explorer's queue serves
 * submissions in order (Blockscout's Que, five at a time): a job whose submission set out after this one's was answered
 * was queued after it, so its verdict means this one was taken from the queue too, and this job's next poll goes now,
 * though never sooner than the first interval after its last poll (polls stay as far apart as the schedule's first
 * ones). Jobs submitted together (answers come back in any order) and jobs submitted earlier say nothing this job's
 * own schedule does not: their waits set its first poll (`firstPollWaitMs`), and a queue that works a few at a time
 * holds later jobs longer.
 *
 * @returns the plan, its next poll perhaps sooner (and, should that poll read pending, the plan it had before)
 */
export function afterPeerVerdict(
  plan: PollPlan,
  peer: PeerVerdict,
  options: PollingOptions,
  now: number,
): PollPlan {
  if (peer.submittedAt < plan.answeredAt) return plan;
  const at = Math.max(now, plan.lastSentAt === undefined ? now : plan.lastSentAt + options.initialIntervalMs);
  return at < plan.nextAt ? { ...plan, nextAt: at, pulledFrom: plan.pulledFrom ?? plan.nextAt } : plan;
}
