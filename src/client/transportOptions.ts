import type { Clock, TransportEvent } from "../kernel/waits.js";
import type { ExplorerCapabilities } from "./explorerCapabilities.js";
import type { ExplorerUrls } from "./explorerUrl.js";
import type { RateLimiter } from "./rateLimiter.js";

/** How a {@link Transport} reaches one explorer: where, with which key and headers, and within which limits. */
export interface TransportOptions {
  /**
   * The explorer in any usual form (`https://host`, `https://host/api`, ...), or its URLs as already settled (a
   * target's), which are taken as they are.
   */
  explorerUrl: string | ExplorerUrls;
  /** Sent as the `apikey` query parameter and the `x-api-key` header (or as `Authorization: Bearer`); never shown. */
  apiKey?: string | undefined;
  /** `bearer` sends the key only as `Authorization: Bearer <key>` (the Blockscout API). Default `query`. */
  apiKeyIn?: "query" | "bearer";
  /**
   * Sent with every request (gateways, a User-Agent). Values of 8 characters or more are kept out of everything
   * printed (errors, events, explorer texts); answers are read as they came.
   */
  headers?: Record<string, string>;
  /**
   * The most bytes of an answer read; a larger one is refused with a {@link ResponseTooLargeError}. Default 64 MiB.
   */
  maxResponseBytes?: number;
  /**
   * Per-request time limit for reads and asynchronous submissions, the whole body included (a body that trickles
   * ends at it too). Default 30 s.
   */
  requestTimeoutMs?: number;
  /** Retries of a read after a connection error or a 5xx answer. Default 3. */
  maxRetries?: number;
  /** Retries of any request answered 429. Default 5. */
  maxRateLimitRetries?: number;
  /**
   * The longest rate-limit wait accepted (a 429's `Retry-After` / `x-ratelimit-reset`, or a used-up stated quota).
   * A longer one, or one that would run past the deadline of the work in progress, fails the request at once
   * with a {@link RateLimitedError} saying what the explorer asked for. Default 300 s.
   */
  maxRateLimitWaitMs?: number;
  /** First retry delay; doubles each time. Default 500 ms. */
  retryDelayMs?: number;
  /** Where the retries' and the limiter's waits take their time from; the machine's clock by default. */
  clock?: Clock;
  /**
   * Requests started per second to this explorer (shared by every client of it), always, and never more than the
   * quota the explorer states in its `x-ratelimit-*` headers. Unset, 10 per second applies only until the explorer
   * states its quota; then the quota alone decides (no spacing at all when the explorer says it does not limit).
   */
  requestsPerSecond?: number;
  /** Use this limiter instead of the per-explorer shared one. */
  rateLimiter?: RateLimiter;
  /**
   * Through the Blockscout API: the chain's own instance, where requests go (without the key, which is the API's) once
   * the API answers that it does not serve the chain (`404 Network not supported`). Its own shared limiter paces them.
   */
  fallbackExplorerUrl?: ExplorerUrls | undefined;
  /** What is known of the explorer's optional features; a fresh record (nothing known) by default. */
  capabilities?: ExplorerCapabilities;
  /** Waits and retries are reported here. */
  onEvent?: (event: TransportEvent) => void;
  /** Query parameters sent with every request, e.g. Etherscan's `chainid`. */
  fixedQuery?: Record<string, string>;
  /** Who answers, as messages name it (`Etherscan`, `Sourcify`). Default: "the explorer". */
  serviceName?: string;
  /** More values kept out of everything printed (what a `${VAR}` in a settings file expanded to). */
  secrets?: readonly string[];
}
