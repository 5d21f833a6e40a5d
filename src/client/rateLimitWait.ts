/** A wait the explorer asked for, and in which words (header and number only: nothing else it sent). */
export interface AskedWait {
  waitMs: number;
  said: string;
}

/**
 * The wait an explorer asked for after a 429 (in its lower-cased headers), and the header it was read from:
 * Blockscout's `x-ratelimit-reset` (ms), else `Retry-After` (seconds or a date); undefined when it did not say.
 */
export function rateLimitWait(headers: Record<string, string>): AskedWait | undefined {
  const resetText = headers["x-ratelimit-reset"];
  const reset = Number(resetText);
  if (resetText !== undefined && resetText.trim() !== "" && Number.isFinite(reset) && reset >= 0)
    return { waitMs: reset, said: `x-ratelimit-reset: ${reset}` };
  const retryAfter = headers["retry-after"];
  if (retryAfter === undefined || retryAfter.trim() === "") return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds))
    return { waitMs: Math.max(0, seconds * 1_000), said: `Retry-After: ${seconds}` };
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return { waitMs: Math.max(0, date - Date.now()), said: `Retry-After: ${new Date(date).toUTCString()}` };
}
