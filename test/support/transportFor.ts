import { RateLimiter } from "../../src/client/rateLimiter.js";
import { Transport } from "../../src/client/transport.js";
import type { TransportOptions } from "../../src/client/transportOptions.js";

/**
 * A transport to the test explorer with short retry delays and no request spacing, so tests run fast.
 * @param explorer - the running test explorer (anything with its `url`)
 * @param options - overrides
 * @returns the transport
 */
export function transportFor(explorer: { url: string }, options: Partial<TransportOptions> = {}): Transport {
  return new Transport({
    explorerUrl: explorer.url,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    ...options,
  });
}
