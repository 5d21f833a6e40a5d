// What waiting looks like to every part: the pause itself, why a limiter holds a request, what a service's quota
// reads, and the transport's events about waits and retries.

/** Node's timers hold at most 2^31-1 ms; a longer delay fires at once with a TimeoutOverflowWarning. */
const longestTimerMs = 2_147_483_647;

/**
 * Resolves after `ms` milliseconds, or at once when the signal aborts; a delay longer than a timer can hold wakes
 * after the longest one (callers that wait for a moment look again), and a negative or non-number delay resolves at
 * once.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const delayMs = Math.min(Math.max(0, ms || 0), longestTimerMs);
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, delayMs);
    signal?.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * Where the waits a part owns take their time from: the machine's clock in a run; a test hands in its own, so that
 * no wait depends on how busy the machine is.
 */
export interface Clock {
  /** @returns the time, in ms since the epoch */
  now(): number;
  /**
   * Resolves after the given time, or at once when the signal aborts.
   * @param ms - milliseconds
   * @param signal - ends the wait early
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now(), sleep };

/** A wait the limiter imposes, and why. */
export interface LimiterWait {
  waitMs: number;
  reason: "rate-limited" | "quota";
  /** The explorer's words for it, when known, e.g. `Retry-After: 3000`. */
  said?: string;
}

/** What an explorer has said about its quota so far, and how often it refused a request for it. */
export interface QuotaReading {
  /**
   * `unknown` before an answer carried `x-ratelimit-*` headers; `unlimited` for an instance's `-1` in all three; else the stated
   * limit and the window length (the longest `x-ratelimit-reset` seen: the first answer of a window states about
   * all of it).
   */
  quota: { kind: "unknown" } | { kind: "unlimited" } | { kind: "window"; limit: number; windowMs: number };
  /** Answers that were 429 (or a rate-limit envelope), each followed by a pause. */
  rateLimitedAnswers: number;
  /** Requests let through so far. */
  requestsStarted: number;
  /**
   * The Blockscout API's `x-credits-remaining` on the last answer that carried a count (a negative value is its
   * internal error, not a count); undefined before one did.
   */
  creditsRemaining?: number;
}

/** Something a person may want to see while a request waits or retries; URLs are redacted. */
export type TransportEvent =
  | { type: "rate-limited"; url: string; waitMs: number; attempt: number }
  /** A wait of more than a few seconds before a request may start: the explorer's pause, or its used-up quota. */
  | { type: "waiting"; url: string; waitMs: number; reason: LimiterWait["reason"] }
  | { type: "retry"; url: string; reason: string; delayMs: number; attempt: number }
  /** The Blockscout API does not serve the chain: this and every later request goes to the chain's instance. */
  | { type: "fallback"; url: string; to: string; reason: string };
