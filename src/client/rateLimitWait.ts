/** A wait the explorer asked for, and in which words (header and number only: nothing else it sent). */
export interface AskedWait {
  waitMs: number;
  said: string;
}

/**
 * The wait an explorer asked for after a 429: Blockscout's `x-ratelimit-reset` (ms), else `Retry-After` (seconds or a
 * date).
 *
 * @param headers - lower-cased response headers
 * @returns the wait and the header it was read from, or undefined when the explorer did not say
 */
export function rateLimitWait(headers: Record<string, string>): AskedWait | undefined {
  const reset = headerNumber(headers, "x-ratelimit-reset");
  if (reset !== undefined && reset >= 0) return { waitMs: reset, said: `x-ratelimit-reset: ${reset}` };
  const seconds = headerNumber(headers, "retry-after");
  if (seconds !== undefined) return { waitMs: Math.max(0, seconds * 1_000), said: `Retry-After: ${seconds}` };
  const date = Date.parse(headers["retry-after"] ?? "");
  if (Number.isNaN(date)) return undefined;
  return { waitMs: Math.max(0, date - Date.now()), said: `Retry-After: ${new Date(date).toUTCString()}` };
}

/** A header's number; undefined when it is missing, blank or not a finite number. */
export function headerNumber(headers: Record<string, string>, name: string): number | undefined {
  const text = headers[name];
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
