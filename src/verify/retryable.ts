import {
  ExplorerError,
  HttpError,
  InvalidResponseError,
  isDeadlineReached,
  isExplorerVerifyError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
} from "../errors/index.js";

/**
 * Whether the explorer answered with a server error (5xx), whatever the body: an HTML gateway page, a bare
 * message, or Blockscout's own envelope (`Something went wrong.` with HTTP 500).
 *
 * @param error - what the request threw
 * @returns true for a 5xx answer
 */
export function isServerError(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500;
  if (error instanceof ExplorerError) return error.httpStatus >= 500;
  if (error instanceof InvalidResponseError) return error.body.status >= 500;
  return false;
}

/**
 * Whether a request failed for a reason that may pass (connection lost, time-out, 5xx, 429 after the transport's
 * own retries), so that asking again later makes sense, as opposed to an answer that will not change. A 429 whose
 * wait is longer than the time left (or the longest allowed) ends the work at once, polls too: asking again is refused.
 *
 * @param error - what the request threw
 * @returns true for a retryable failure
 */
export function isRetryable(error: unknown): boolean {
  if (isDeadlineReached(error)) return false;
  if (error instanceof NetworkError) return !error.unreachable;
  if (error instanceof RateLimitedError) return !error.waitRefused;
  if (error instanceof TimeoutError) return true;
  return isServerError(error);
}

/**
 * Whether a failed poll is only a missed look, to be followed by another: a retryable failure or an answer that could
 * not be read (a maintenance page with HTTP 200, a cut-off body), fewer than `limit` in a row. A poll changes nothing
 * at the explorer, and the guid stays valid through both.
 *
 * @param failuresInARow - failed polls in a row, this one included
 * @param limit - how many in a row end the wait
 * @returns the progress text to show, or undefined when the poll's error is the answer
 */
export function missedPoll(error: unknown, failuresInARow: number, limit: number): string | undefined {
  if (!(isRetryable(error) || error instanceof InvalidResponseError) || failuresInARow >= limit)
    return undefined;
  return `${isExplorerVerifyError(error) ? error.shortMessage : String(error)} Polling again.`;
}
