import { RateLimiter } from "../../src/client/rateLimiter.js";
import { Transport } from "../../src/client/transport.js";
import type { TransportOptions } from "../../src/client/transportOptions.js";
import { VirtualClock } from "./virtualClock.js";

/**
 * A transport to the test explorer with short retry delays and no request spacing, so tests run fast; its waits (a
 * retry's, an explorer's pause) pass on a clock of the test's own.
 * @param explorer - the running test explorer (anything with its `url`)
 * @param options - overrides
 * @returns the transport
 */
export function transportFor(explorer: { url: string }, options: Partial<TransportOptions> = {}): Transport {
  const clock = options.clock ?? new VirtualClock();
  return new Transport({
    explorerUrl: explorer.url,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock }),
    clock,
    ...options,
  });
}
