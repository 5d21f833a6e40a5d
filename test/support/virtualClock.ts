import type { Clock } from "../../src/kernel/waits.js";

interface Sleeper {
  until: number;
  wake: () => void;
}

/**
 * A clock whose time moves only when something sleeps on it: each wait ends at once (on the next turn of the event
 * loop), the earliest first, and the time jumps to its end. What a unit test asserts about waits then holds on any
 * machine, however busy: no wait is decided by the machine's clock.
 */
export class VirtualClock implements Clock {
  #now: number;
  readonly #sleepers: Sleeper[] = [];
  /** Every wait asked for, in ms, in order. */
  readonly slept: number[] = [];

  /** @param start - the time it starts at, ms since the epoch; now by default, so that it never runs behind */
  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.slept.push(ms);
    return new Promise((resolve) => {
      const sleeper: Sleeper = { until: this.#now + Math.max(0, ms), wake: resolve };
      if (signal?.aborted) return resolve();
      signal?.addEventListener(
        "abort",
        () => {
          const at = this.#sleepers.indexOf(sleeper);
          if (at >= 0) this.#sleepers.splice(at, 1);
          resolve();
        },
        { once: true },
      );
      this.#sleepers.push(sleeper);
      setImmediate(() => this.#wakeEarliest());
    });
  }

  #wakeEarliest(): void {
    this.#sleepers.sort((a, b) => a.until - b.until);
    const next = this.#sleepers.shift();
    if (!next) return;
    this.#now = Math.max(this.#now, next.until);
    next.wake();
  }
}
