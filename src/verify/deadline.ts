import { type Clock, systemClock } from "../kernel/waits.js";
import { defaultTimeoutMs } from "../options/verificationOptions.js";

/** A job's deadline: how much time is left, and waits that never run past it, on the clock it was made with. */
export class Deadline {
  /** When the job must end, ms since the epoch: what its requests and the transport's waits answer to. */
  readonly endsAt: number;
  readonly #clock: Clock;

  /**
   * @param timeoutMs - from now
   * @param clock - where its time comes from; the machine's clock by default
   */
  constructor(timeoutMs: number, clock: Clock = systemClock) {
    this.#clock = clock;
    this.endsAt = clock.now() + timeoutMs;
  }

  /** @returns the time on this deadline's clock, ms since the epoch */
  now(): number {
    return this.#clock.now();
  }

  /** @returns milliseconds left, never negative */
  remainingMs(): number {
    return Math.max(0, this.endsAt - this.#clock.now());
  }

  /** @returns whether the deadline has passed */
  passed(): boolean {
    return this.remainingMs() === 0;
  }

  /**
   * Sleeps, but not past the deadline.
   * @param signal - ends the wait early
   * @returns false when the deadline cut the wait short (nothing more should be tried)
   */
  async wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    const remaining = this.remainingMs();
    await this.#clock.sleep(Math.min(ms, remaining), signal);
    return ms < remaining;
  }
}

/**
 * The one way a contract's (or a link's) deadline is made: the job's own time, else the run's, else the default.
 * @param job - its own time limit, when it has one
 * @param options - the run's time limit and clock
 * @returns the deadline, starting now
 */
export function deadlineOf(
  job: { timeoutMs?: number | undefined },
  options: { timeoutMs?: number | undefined; clock?: Clock | undefined },
): Deadline {
  return new Deadline(job.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs, options.clock);
}
