import { withRequestDeadline } from "../kernel/requestDeadline.js";
import { sleep } from "../kernel/waits.js";

/** A job's deadline: how much time is left, and waits that never run past it. */
export class Deadline {
  readonly #endsAt: number;

  /** @param timeoutMs - from now */
  constructor(timeoutMs: number) {
    this.#endsAt = Date.now() + timeoutMs;
  }

  /**
   * Runs work whose requests, and the transport's waits for them, answer to this deadline.
   * @param work - the work
   * @returns what it returns
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    return withRequestDeadline(this.#endsAt, work);
  }

  /** @returns milliseconds left, never negative */
  remainingMs(): number {
    return Math.max(0, this.#endsAt - Date.now());
  }

  /** @returns whether the deadline has passed */
  passed(): boolean {
    return this.remainingMs() === 0;
  }

  /**
   * Sleeps, but not past the deadline.
   * @param ms - the wanted wait
   * @returns false when the deadline cut the wait short (nothing more should be tried)
   */
  async wait(ms: number): Promise<boolean> {
    const remaining = this.remainingMs();
    await sleep(Math.min(ms, remaining));
    return ms < remaining;
  }
}
