import {
  HttpError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
} from "../errors/index.js";

/**
 * Whether a request failed for a reason that may pass (connection lost, time-out, 5xx, 429 after the transport's
 * own retries), so that asking again later makes sense, as opposed to an answer that will not change.
 *
 * @param error - what the request threw
 * @returns true for a passing failure
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof RateLimitedError)
    return true;
  if (error instanceof HttpError) return error.status >= 500;
  if (error instanceof InvalidResponseError) return error.body.status >= 500;
  return false;
}
