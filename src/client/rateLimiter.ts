import { type Clock, type LimiterWait, type QuotaReading, systemClock } from "../kernel/waits.js";

/** Options of a {@link RateLimiter}. */
export interface RateLimiterOptions {
  /**
   * Space requests only until the explorer states its own quota in `x-ratelimit-*` headers; from then on the
   * quota decides (as fast as it allows, or without spacing when the explorer says it does not limit). Off, the
   * spacing always applies and the quota is respected on top of it.
   */
  followExplorerQuota?: boolean;
  /** Where the waits take their time from; the machine's clock by default. */
  clock?: Clock;
}

/** How a caller of {@link RateLimiter.acquire} bounds its wait. */
export interface AcquireOptions {
  /** The longest the request may wait to start, from now; a longer wait is refused. */
  longestWaitMs?: number;
  /** Told once about a wait of more than {@link longWaitMs}, before it begins. */
  onLongWait?: (wait: LimiterWait) => void;
}

/** Waits longer than this are announced (progress lines), so a step never sits silent. */
export const longWaitMs = 3_000;

/** The request would have to wait past the moment it must start by: nothing is sent. */
export class WaitTooLongError extends Error {
  readonly wait: LimiterWait;
  /** How long the caller could have waited. */
  readonly allowedMs: number;

  constructor(wait: LimiterWait, allowedMs: number) {
    super(`wait of ${wait.waitMs} ms (${wait.reason}) refused; ${allowedMs} ms allowed`);
    this.wait = wait;
    this.allowedMs = allowedMs;
  }
}

/** What the explorer last said about its quota. */
type Quota =
  | { kind: "unlimited" }
  | {
      kind: "window";
      limit: number;
      remaining: number;
      resetAt: number;
      /** False for a window that began before any answer described it: its end is not known yet. */
      stated: boolean;
    };

/** How often a request looks again while a new window is used up and its first answers are still on their way. */
const unstatedWindowRecheckMs = 50;

/** Answers of one window carry reset times this close together (the transit time varies). */
const sameWindowToleranceMs = 200;

/**
 * Spaces requests to one explorer, spends the quota the explorer advertises (Blockscout's `x-ratelimit-limit`,
 * `x-ratelimit-remaining`, `x-ratelimit-reset` on every answer), and holds every request while the explorer asks
 * us to wait.
 */
export class RateLimiter {
  readonly #intervalMs: number;
  readonly #followExplorerQuota: boolean;
  readonly #clock: Clock;
  #nextSlotAt = 0;
  #pausedUntil = 0;
  #pauseSaid: string | undefined;
  #quota: Quota | undefined;
  #inFlight = 0;
  #longestResetMs = 0;
  #rateLimitedAnswers = 0;
  #requestsStarted = 0;
  #creditsRemaining: number | undefined;

  /**
   * @param requestsPerSecond - the most requests started in one second; `Infinity` for no spacing
   * @param options - whether the explorer's own quota replaces the spacing
   */
  constructor(requestsPerSecond: number, options: RateLimiterOptions = {}) {
    this.#intervalMs =
      Number.isFinite(requestsPerSecond) && requestsPerSecond > 0 ? 1_000 / requestsPerSecond : 0;
    this.#followExplorerQuota = options.followExplorerQuota ?? false;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Waits for this request's turn. Every call must be matched by one {@link settle} when the attempt ends, except
   * one that throws.
   *
   * @param options - the latest moment the request may start, and who hears of a long wait
   * @returns how long the caller waited, in milliseconds
   * @throws {WaitTooLongError} when the explorer's pause or used-up quota lasts longer than `longestWaitMs`
   */
  async acquire(options: AcquireOptions = {}): Promise<number> {
    const start = this.#clock.now();
    const latestStartAt = start + (options.longestWaitMs ?? Number.POSITIVE_INFINITY);
    let announced = false;
    let spaced = false;
    const hold = async (wait: LimiterWait, now: number): Promise<void> => {
      const allowedMs = latestStartAt - now;
      if (wait.waitMs > allowedMs) throw new WaitTooLongError(wait, Math.max(0, allowedMs));
      if (!announced && wait.waitMs > longWaitMs) {
        announced = true;
        options.onLongWait?.(wait);
      }
      await this.#clock.sleep(wait.waitMs);
    };
    for (;;) {
      const now = this.#clock.now();
      if (this.#pausedUntil > now) {
        const said = this.#pauseSaid;
        await hold(
          { waitMs: this.#pausedUntil - now, reason: "rate-limited", ...(said ? { said } : {}) },
          now,
        );
        continue;
      }
      const quota = this.#currentQuota(now);
      if (quota?.kind === "window") {
        if (quota.remaining <= 0) {
          if (quota.stated) await hold({ waitMs: quota.resetAt - now, reason: "quota" }, now);
          else await this.#clock.sleep(unstatedWindowRecheckMs);
          continue;
        }
        quota.remaining--;
      }
      if (!spaced && (quota === undefined || !this.#followExplorerQuota)) {
        const slot = Math.max(now, this.#nextSlotAt);
        this.#nextSlotAt = slot + this.#intervalMs;
        if (slot > now) {
          // The quota is looked at again after the wait: an answer may have stated it meanwhile.
          if (quota?.kind === "window") quota.remaining++;
          spaced = true;
          await this.#clock.sleep(slot - now);
          continue;
        }
      }
      this.#inFlight++;
      this.#requestsStarted++;
      return this.#clock.now() - start;
    }
  }

  /**
   * Ends one attempt begun with {@link acquire} and learns the quota from the answer's headers.
   *
   * @param headers - the answer's lower-cased headers; none when no answer came
   */
  settle(headers?: Record<string, string>): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (headers) this.#observe(headers);
  }

  /**
   * Holds every request of this explorer for a while (after a 429).
   *
   * @param waitMs - how long from now
   * @param said - what the explorer said, e.g. `Retry-After: 3000`, for the message of a wait that is refused
   */
  pauseFor(waitMs: number, said?: string): void {
    this.#rateLimitedAnswers++;
    const until = this.#clock.now() + waitMs;
    if (until <= this.#pausedUntil) return;
    this.#pausedUntil = until;
    this.#pauseSaid = said;
  }

  /** @returns what the explorer has said about its quota so far (see {@link QuotaReading}) */
  reading(): QuotaReading {
    const quota = this.#quota;
    return {
      quota:
        quota === undefined
          ? { kind: "unknown" }
          : quota.kind === "unlimited"
            ? { kind: "unlimited" }
            : { kind: "window", limit: quota.limit, windowMs: Math.max(1, this.#longestResetMs) },
      rateLimitedAnswers: this.#rateLimitedAnswers,
      requestsStarted: this.#requestsStarted,
      ...(this.#creditsRemaining === undefined ? {} : { creditsRemaining: this.#creditsRemaining }),
    };
  }

  #currentQuota(now: number): Quota | undefined {
    const quota = this.#quota;
    if (quota?.kind === "window" && quota.stated && quota.resetAt <= now) {
      // A new window began with the same limit; its end is known once one of its answers comes back.
      // Requests still on their way may arrive in it and count there.
      this.#quota = { ...quota, remaining: Math.max(0, quota.limit - this.#inFlight), stated: false };
    }
    return this.#quota;
  }

  #observe(headers: Record<string, string>): void {
    // The Blockscout API's -1 stands for its own internal error, not for a count: no reading at all.
    const credits = headerNumber(headers, "x-credits-remaining");
    if (credits !== undefined && credits >= 0) this.#creditsRemaining = credits;
    const limit = headerNumber(headers, "x-ratelimit-limit");
    const remaining = headerNumber(headers, "x-ratelimit-remaining");
    const resetMs = headerNumber(headers, "x-ratelimit-reset");
    if (limit === undefined || remaining === undefined || resetMs === undefined) return;
    if (limit < 0 || remaining < 0 || resetMs < 0) {
      // An instance sends -1 in all three when it does not limit. The Blockscout API (its answers carry
      // x-credits-remaining) sends -1 in any of them on an internal error, and so does a single -1 anywhere: the
      // quota stays as last read.
      const allNegative = limit < 0 && remaining < 0 && resetMs < 0;
      if (allNegative && headers["x-credits-remaining"] === undefined) this.#quota = { kind: "unlimited" };
      return;
    }
    if (limit === 0) return;
    this.#longestResetMs = Math.max(this.#longestResetMs, resetMs);
    const resetAt = this.#clock.now() + resetMs;
    // Requests still on their way count against the window too.
    const left = Math.max(0, remaining - this.#inFlight);
    const known = this.#quota;
    if (known?.kind !== "window") {
      this.#quota = { kind: "window", limit, remaining: left, resetAt, stated: true };
    } else if (known.stated && Math.abs(resetAt - known.resetAt) <= sameWindowToleranceMs) {
      known.remaining = Math.min(known.remaining, left);
    } else if (resetAt > known.resetAt + sameWindowToleranceMs) {
      const stillLeft = known.stated ? left : Math.min(known.remaining, left);
      this.#quota = { kind: "window", limit, remaining: stillLeft, resetAt, stated: true };
    } else if (!known.stated) {
      // An answer of the window that ended, counted there: the slot this window kept for it is free again (else,
      // with every slot kept so, no request would go to state this window).
      known.remaining = Math.min(limit, known.remaining + 1);
    }
    // Any other answer from an earlier window that arrives late says nothing about this one.
  }
}

const limiters = new Map<string, RateLimiter>();

/**
 * The limiter shared by every client of one explorer in this process.
 *
 * @param explorerBase - the explorer's normalised base URL
 * @param requestsPerSecond - used when the limiter is created
 * @param options - used when the limiter is created
 * @returns the explorer's limiter
 */
export function sharedRateLimiter(
  explorerBase: string,
  requestsPerSecond: number,
  options: RateLimiterOptions = {},
): RateLimiter {
  const limiter = limiters.get(explorerBase) ?? new RateLimiter(requestsPerSecond, options);
  limiters.set(explorerBase, limiter);
  return limiter;
}

/**
 * The wait an explorer asked for after a 429: Blockscout's `x-ratelimit-reset` (ms), else `Retry-After` (seconds or a
 * date).
 *
 * @param headers - lower-cased response headers
 * @returns the wait and the header it was read from (its name and number only: nothing else the explorer sent), or
 *   undefined when the explorer did not say
 */
export function rateLimitWait(headers: Record<string, string>): { waitMs: number; said: string } | undefined {
  const reset = headerNumber(headers, "x-ratelimit-reset");
  if (reset !== undefined && reset >= 0) return { waitMs: reset, said: `x-ratelimit-reset: ${reset}` };
  const seconds = headerNumber(headers, "retry-after");
  if (seconds !== undefined) return { waitMs: Math.max(0, seconds * 1_000), said: `Retry-After: ${seconds}` };
  const date = Date.parse(headers["retry-after"] ?? "");
  if (Number.isNaN(date)) return undefined;
  return { waitMs: Math.max(0, date - Date.now()), said: `Retry-After: ${new Date(date).toUTCString()}` };
}

/** A header's number; undefined when it is missing, blank or not a finite number. */
function headerNumber(headers: Record<string, string>, name: string): number | undefined {
  const text = headers[name];
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
