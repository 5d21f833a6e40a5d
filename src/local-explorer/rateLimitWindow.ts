import { rateLimitHeaders } from "./responses.js";

/** A quota like Blockscout's: `limit` requests per fixed window of `windowMs` (its default per IP is 300 a minute). */
export interface RateLimitSettings {
  limit: number;
  windowMs: number;
}

/**
 * Counts requests in fixed windows aligned to the clock, as Blockscout's limiter (Hammer) does, and describes the
 * quota in `x-ratelimit-*` headers.
 */
export class RateLimitWindow {
  readonly #settings: RateLimitSettings;
  #window = -1;
  #used = 0;

  constructor(settings: RateLimitSettings) {
    this.#settings = settings;
  }

  /**
   * Counts one request.
   * @param now - the time, ms since the epoch
   * @returns whether it is within the quota, and the headers for its answer
   */
  take(now = Date.now()): { allowed: boolean; headers: Record<string, string> } {
    const { limit, windowMs } = this.#settings;
    const window = Math.floor(now / windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#used = 0;
    }
    this.#used++;
    const resetMs = (window + 1) * windowMs - now;
    const allowed = this.#used <= limit;
    return { allowed, headers: rateLimitHeaders(limit, Math.max(0, limit - this.#used), resetMs) };
  }
}
