import { type Clock, type QuotaReading, systemClock } from "../kernel/waits.js";
import { autoConcurrencyCeiling } from "../options/verificationOptions.js";

/** How many contracts a batch works on at once: a number, or `auto` (chosen from what the explorer says). */
export type ConcurrencySetting = number | "auto";

/** Contracts `auto` works on before the explorer has said anything about its quota: the former fixed default. */
const autoConcurrencyStart = 4;

/** Before a job has finished: requests per contract and a contract's time, for sizing the pool under a quota. */
const assumedRequestsPerContract = 3;
const assumedContractMs = 3_000;

/**
 * Jobs in flight beyond what the quota serves exactly: a job spends most of its time waiting for a verdict, so a
 * pool sized to the quota alone would leave some of it unspent whenever verdicts come late.
 */
const quotaHeadroom = 1.25;

/**
 * Jobs quicker than this waited for no verdict (a ledger hit, bad input, a contract verified already, a job with no
 * proxy to link): they say nothing about how long a verification holds its place in the pool.
 */
const shortestVerificationMs = 500;

/** 429s within this long of a cut are taken for the same burst: one halving for all of them. */
const cutSpacingMs = 1_000;

/** How many jobs the pool may run at once, and what it learns from each finished one. */
export interface ConcurrencyControl {
  /** @returns the most jobs to run at once now (at least 1) */
  limit(): number;
  jobStarted(): void;
  jobFinished(durationMs: number): void;
}

/**
 * The pool size for a setting: a number is kept as given; `auto` follows the explorer (see
 * {@link AdaptiveConcurrency}).
 *
 * @param setting - the user's setting, `auto` when none
 * @param clock - what spaces the cuts of `auto`
 * @throws {RangeError} for a number below 1 or not an integer
 */
export function concurrencyControl(
  setting: ConcurrencySetting,
  readQuota: () => QuotaReading,
  clock: Clock = systemClock,
): ConcurrencyControl {
  if (setting === "auto") return new AdaptiveConcurrency(readQuota, clock);
  if (!Number.isInteger(setting) || setting < 1)
    throw new RangeError(`concurrency must be a whole number of at least 1 or "auto"; got ${setting}`);
  return { limit: () => setting, jobStarted: () => {}, jobFinished: () => {} };
}

/**
 * `auto` concurrency. Before the explorer states a quota, it runs a few jobs, one more for each finished job; where
 * the explorer states it does not limit (Blockscout's `-1`), up to {@link autoConcurrencyCeiling}; under a stated
 * quota of q requests/s, as many jobs as spend it: q × (a job's time) / (its requests), with some headroom, so no
 * job sits in the queue holding nothing but a wait. Every burst of 429s under a stated quota halves the most it will
 * run from then on; without a stated quota, a 429 stops its growth (the limiter's pause sets the pace).
 */
export class AdaptiveConcurrency implements ConcurrencyControl {
  readonly #readQuota: () => QuotaReading;
  readonly #clock: Clock;
  readonly #startRequests: number;
  #rateLimitedSeen: number;
  #ceiling = autoConcurrencyCeiling;
  #lastCutAt = Number.NEGATIVE_INFINITY;
  #current = autoConcurrencyStart;
  #jobsStarted = 0;
  #jobsFinished = 0;
  #shortestJobMs: number | undefined;

  /** @param readQuota - what the explorer's limiter has seen so far; read now and at every decision */
  constructor(readQuota: () => QuotaReading, clock: Clock = systemClock) {
    this.#readQuota = readQuota;
    this.#clock = clock;
    const start = readQuota();
    // The limiter is shared by the explorer's batches: only what happens from now on counts.
    this.#startRequests = start.requestsStarted;
    this.#rateLimitedSeen = start.rateLimitedAnswers;
  }

  limit(): number {
    const reading = this.#readQuota();
    if (reading.rateLimitedAnswers > this.#rateLimitedSeen) {
      this.#rateLimitedSeen = reading.rateLimitedAnswers;
      const now = this.#clock.now();
      if (now - this.#lastCutAt >= cutSpacingMs) {
        this.#lastCutAt = now;
        // A service that states no quota (Etherscan's per-second text, Sourcify's 429) is paced by the limiter's
        // pause; its jobs mostly wait for verdicts, so halving the pool would leave the quota unspent: it only stops
        // growing. A stated quota that was overrun halves it.
        this.#ceiling =
          reading.quota.kind === "unknown"
            ? Math.max(1, Math.min(this.#ceiling, this.#current))
            : Math.max(1, Math.floor(this.#current / 2));
      }
    }
    this.#current = Math.max(1, Math.min(this.#ceiling, this.#wanted(reading)));
    return this.#current;
  }

  jobStarted(): void {
    this.#jobsStarted++;
  }

  jobFinished(durationMs: number): void {
    this.#jobsFinished++;
    if (durationMs < shortestVerificationMs) return;
    // The shortest job is the one that waited least for the quota: close to what a job costs without a queue.
    this.#shortestJobMs = Math.min(this.#shortestJobMs ?? durationMs, durationMs);
  }

  #wanted(reading: QuotaReading): number {
    const { quota } = reading;
    switch (quota.kind) {
      case "unknown":
        return autoConcurrencyStart + this.#jobsFinished;
      case "unlimited":
        return autoConcurrencyCeiling;
      case "window": {
        const requestsPerSecond = (quota.limit * 1_000) / quota.windowMs;
        // Jobs still running have sent about half their requests.
        const jobsDone = this.#jobsFinished + (this.#jobsStarted - this.#jobsFinished) / 2;
        const requestsPerContract =
          this.#jobsFinished > 0
            ? Math.max(1, (reading.requestsStarted - this.#startRequests) / jobsDone)
            : assumedRequestsPerContract;
        const contractS = (this.#shortestJobMs ?? assumedContractMs) / 1_000;
        return Math.ceil((quotaHeadroom * requestsPerSecond * contractS) / requestsPerContract);
      }
    }
  }
}
