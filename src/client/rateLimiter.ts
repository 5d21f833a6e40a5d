/** Spaces requests to one explorer and holds them all while the explorer asks us to wait. */
export class RateLimiter {
  readonly #intervalMs: number;
  #nextSlotAt = 0;
  #pausedUntil = 0;

  /**
   * @param requestsPerSecond - the most requests started in one second; `Infinity` for no spacing
   */
  constructor(requestsPerSecond: number) {
    this.#intervalMs =
      Number.isFinite(requestsPerSecond) && requestsPerSecond > 0 ? 1_000 / requestsPerSecond : 0;
  }

  /**
   * Waits for this request's turn.
   *
   * @returns how long the caller waited, in milliseconds
   */
  async acquire(): Promise<number> {
    const now = Date.now();
    const slot = Math.max(now, this.#nextSlotAt, this.#pausedUntil);
    this.#nextSlotAt = slot + this.#intervalMs;
    const waitMs = slot - now;
    if (waitMs > 0) await sleep(waitMs);
    return waitMs;
  }

  /**
   * Holds every request of this explorer for a while (after a 429, or when the quota is used up).
   *
   * @param waitMs - how long from now
   */
  pauseFor(waitMs: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + waitMs);
  }
}

const limiters = new Map<string, RateLimiter>();

/**
 * The limiter shared by every client of one explorer in this process.
 *
 * @param explorerBase - the explorer's normalised base URL
 * @param requestsPerSecond - used when the limiter is created
 * @returns the explorer's limiter
 */
export function sharedRateLimiter(explorerBase: string, requestsPerSecond: number): RateLimiter {
  let limiter = limiters.get(explorerBase);
  if (!limiter) {
    limiter = new RateLimiter(requestsPerSecond);
    limiters.set(explorerBase, limiter);
  }
  return limiter;
}

/**
 * Resolves after the given time.
 *
 * @param ms - milliseconds
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
