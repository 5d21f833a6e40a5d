import {
  createRedactor,
  HttpError,
  InvalidInputError,
  NetworkError,
  RateLimitedError,
  type Redactor,
  type RequestContext,
  type StoppingRefusal,
} from "../errors/index.js";
import { formatDuration } from "../kernel/durationText.js";
import { assertSecretsTravelSafely } from "../kernel/plainHttp.js";
import { checkedHeaders, headerValueText, secretHeaderValues } from "../kernel/requestHeaders.js";
import { assertNoCredentialsInUrl } from "../kernel/urlCredentials.js";
import { type Clock, systemClock, type TransportEvent } from "../kernel/waits.js";
import { maxAnswerBytes } from "../options/verificationOptions.js";
import {
  chainNotServed,
  chainOfApiRoute,
  notImplemented,
  notJson,
  proxyRefused,
  redirected,
} from "./answerFailures.js";
import { ExplorerCapabilities } from "./explorerCapabilities.js";
import { isKeyAttemptsThrottle, isNetworkNotSupported } from "./explorerTexts.js";
import { type ExplorerUrls, resolveExplorerUrls } from "./explorerUrl.js";
import { type RateLimiter, rateLimitWait, sharedRateLimiter, WaitTooLongError } from "./rateLimiter.js";
import { followableRedirect, maxRedirects } from "./redirectPolicy.js";
import {
  blockscoutApiErrorOf,
  explorerMessageOf,
  isRateLimitAnswer,
  stoppingRefusal,
} from "./refusedAnswers.js";
import { type RawAnswer, sendOnce } from "./sendOnce.js";
import type { TransportOptions } from "./transportOptions.js";
import type { TransportRequest, TransportResponse } from "./transportRequest.js";

const defaultTimeoutMs = 30_000;
const defaultMaxRateLimitWaitMs = 300_000;
// Etherscan throttles an address for 30 s after 5 invalid keys, and says so without a header.
const keyAttemptsThrottleMs = 30_000;
/** Requests started per second to an explorer whose service and run state no pace. */
export const defaultRequestsPerSecond = 10;

/**
 * Sends requests to one explorer: time limits, retries, the shared rate limiter, API key handling and
 * redaction. Answers that are not JSON become {@link InvalidResponseError}s.
 */
export class Transport {
  /**
   * Hides the key and the custom header values that may be secrets from text that is printed: every message made
   * of an explorer's words goes through it.
   */
  readonly redact: Redactor;
  // Hides the key alone from the answers as they are read: a header value is no reason to change what they say.
  readonly #redactAnswer: Redactor;
  /** What this transport's calls have learned about the explorer (endpoints it has, action names it takes). */
  readonly capabilities: ExplorerCapabilities;
  /** When its work must end (ms since the epoch): longer rate-limit waits are refused, time limits shrink to it. */
  readonly endsAt: number;
  /** Where requests go, with which key and limiter, and the refusal that stopped them: shared with its views. */
  #state: { route: Route; stoppedBy?: StoppingRefusal | undefined };
  readonly #options: TransportOptions;
  readonly #headers: Record<string, string>;
  readonly #maxRetries: number;
  readonly #clock: Clock;
  readonly #onEvent: ((event: TransportEvent) => void) | undefined;

  constructor(options: TransportOptions, endsAt = Number.POSITIVE_INFINITY) {
    this.#options = options;
    this.endsAt = endsAt;
    const { explorerUrl } = options;
    assertNoCredentialsInUrl(typeof explorerUrl === "string" ? explorerUrl : explorerUrl.base);
    if (options.apiKey && !headerValueText.test(options.apiKey)) {
      throw new InvalidInputError(
        "apiKey",
        "The API key has a character that cannot be sent in an HTTP header (a line break, a control character or one above U+00FF): check that the key was copied whole and alone.",
      );
    }
    const urls = typeof explorerUrl === "string" ? resolveExplorerUrls(explorerUrl) : explorerUrl;
    const apiKey = options.apiKey || undefined;
    // Checked again here: a client made directly (a script's) gets the same refusals as a resolved target.
    this.#headers = checkedHeaders(options.headers ?? {});
    assertSecretsTravelSafely(
      urls.rpc,
      { apiKey, headers: this.#headers, inUrl: options.secrets },
      "explorerUrl",
    );
    // The fallback gets the headers, never the key.
    const fallback = options.fallbackExplorerUrl?.rpc;
    if (fallback) assertSecretsTravelSafely(fallback, { headers: this.#headers }, "fallbackExplorerUrl");
    const headerSecrets = secretHeaderValues(this.#headers);
    this.redact = createRedactor([apiKey, ...headerSecrets, ...(options.secrets ?? [])]);
    this.#redactAnswer = headerSecrets.length === 0 ? this.redact : createRedactor([apiKey]);
    this.#maxRetries = options.maxRetries ?? 3;
    this.#clock = options.clock ?? systemClock;
    this.#onEvent = options.onEvent;
    const limiter = options.rateLimiter ?? this.#sharedLimiter(urls.base);
    this.#state = { route: { urls, apiKey, apiKeyIn: options.apiKeyIn ?? "query", limiter } };
    this.capabilities = options.capabilities ?? new ExplorerCapabilities();
  }

  /**
   * This transport for work that must end by a deadline: jobs with different deadlines share a client, each through a
   * view of its own; route, limiter, refusals and capabilities stay shared. @param endsAt - ms since the epoch @returns it
   */
  until(endsAt: number): Transport {
    const shared = { capabilities: this.capabilities, rateLimiter: this.rateLimiter };
    const view = new Transport({ ...this.#options, ...shared }, endsAt);
    view.#state = this.#state;
    return view;
  }

  /** Where requests go: the explorer's `/api` and `/api/v2`, or the Blockscout API's for the chain. */
  get urls(): ExplorerUrls {
    return this.#state.route.urls;
  }

  /** The limiter this transport's requests go through (shared by the explorer's clients unless one was given). */
  get rateLimiter(): RateLimiter {
    return this.#state.route.limiter;
  }

  /**
   * The refusal (used-up daily quota, plan, key, bot challenge) after which this transport sends nothing more;
   * undefined until then.
   */
  get stoppedBy(): StoppingRefusal | undefined {
    return this.#state.stoppedBy;
  }

  /**
   * Sends one request, retrying as its kind allows.
   *
   * @param req - what to send
   * @returns the JSON answer with its status and headers
   * @throws {TimeoutError | NetworkError | RateLimitedError | InvalidResponseError}
   * @throws {QuotaExhaustedError | PlanRequiredError | InvalidApiKeyError | BotProtectionError} for the refusal that
   *   stops this transport, and again, unsent, for every later request
   */
  async send(req: TransportRequest): Promise<TransportResponse> {
    const stopped = this.#state.stoppedBy;
    if (stopped && !(req.kind === "read" && stopped.code === "quota_exhausted" && stopped.submissionsOnly))
      throw stopped;
    let url = this.#buildUrl(req);
    let failures = 0;
    let rateLimited = 0;
    let redirects = 0;
    for (let tries = 0; ; tries++) {
      const context: RequestContext = { method: req.method, url: this.redact(url.toString()) };
      const route = this.#state.route;
      const limiter = route.limiter;
      await this.#acquire(context, limiter, tries > 0);
      let answer: RawAnswer;
      try {
        answer = await sendOnce(url, req, context, {
          headers: this.#headers,
          apiKey: route.apiKey,
          apiKeyIn: route.apiKeyIn,
          timeoutMs: this.#options.requestTimeoutMs ?? defaultTimeoutMs,
          endsAt: this.endsAt,
          maxResponseBytes: Math.min(
            req.maxResponseBytes ?? Number.POSITIVE_INFINITY,
            this.#options.maxResponseBytes ?? maxAnswerBytes,
          ),
          redact: this.redact,
          redactAnswer: this.#redactAnswer,
        });
      } catch (error) {
        limiter.settle();
        // An explorer that refuses connections or whose name does not resolve is answered at once, not retried.
        const retryable = error instanceof NetworkError && req.kind === "read" && !error.unreachable;
        if (!retryable || failures >= this.#maxRetries) throw error;
        failures++;
        if (!(await this.#backoff(context, failures, error.shortMessage))) throw error;
        continue;
      }
      limiter.settle(answer.headers);
      const stopping = stoppingRefusal(answer, context, this.#options.serviceName);
      if (stopping) {
        // A submissions-only stop answered late never lifts a full one already heard.
        const before = this.#state.stoppedBy;
        if (!before || (before.code === "quota_exhausted" && before.submissionsOnly))
          this.#state.stoppedBy = stopping;
        throw stopping;
      }
      if (isRateLimitAnswer(answer)) {
        const asked = rateLimitWait(answer.headers);
        const said = explorerMessageOf(answer.json);
        const waitMs = asked?.waitMs ?? (isKeyAttemptsThrottle(said) ? keyAttemptsThrottleMs : 1_000);
        const explorerMessage = said === undefined ? undefined : this.redact(said);
        if (rateLimited >= (this.#options.maxRateLimitRetries ?? 5)) {
          throw new RateLimitedError(context, waitMs, explorerMessage);
        }
        const allowed = this.#allowedWait();
        limiter.pauseFor(waitMs, asked?.said);
        if (waitMs > allowed.ms) {
          // Waiting would only end in a time-out: say now what the explorer asked for.
          throw new RateLimitedError(context, waitMs, explorerMessage, {
            shortMessage: `The explorer asked to wait ${formatDuration(waitMs)}${asked ? ` (${asked.said})` : ""} before the next request, longer than ${allowed.what} (${formatDuration(allowed.ms)}).`,
            waitRefused: true,
          });
        }
        rateLimited++;
        this.#onEvent?.({ type: "rate-limited", url: context.url, waitMs, attempt: rateLimited });
        continue;
      }
      const apiError = blockscoutApiErrorOf(answer);
      if (apiError && answer.status === 404 && isNetworkNotSupported(apiError.error)) {
        if (!this.#fallBack(route, context))
          throw chainNotServed(context, answer.body, this.#state.route.urls.base);
        // The API answered for itself: the request never reached an instance, so it goes again, there.
        url = this.#buildUrl(req);
        continue;
      }
      if (apiError && answer.status === 501) throw notImplemented(context, req, apiError, this.redact);
      if (answer.status >= 500 && req.kind === "read" && failures < this.#maxRetries) {
        failures++;
        if (await this.#backoff(context, failures, `HTTP ${answer.status}`)) continue;
      }
      if (apiError && answer.status >= 500) {
        // The instance was unreachable, timed out or failed (source upstream), or the API itself failed: an HTTP
        // error of the server, which a later attempt may get past.
        throw new HttpError(
          context,
          answer.body,
          this.redact(`${apiError.error} (the Blockscout API, source ${apiError.source})`),
        );
      }
      const location = answer.headers.location;
      if (answer.status >= 300 && answer.status < 400 && location) {
        const next = followableRedirect(url, location, answer.status, req.method);
        if (next && redirects < maxRedirects) {
          // Same origin (or http to https on the host's default ports): the explorer moved its API; the key may go there.
          redirects++;
          url = next;
          continue;
        }
        throw redirected(context, answer.body, this.redact(location));
      }
      if (answer.status === 407) throw proxyRefused(context, answer.body);
      if (answer.json === undefined) {
        throw notJson(context, answer.body);
      }
      const { challenge: _, ...response } = answer;
      return { ...response, request: context };
    }
  }

  // False when the retry could not start before the deadline: the caller gives up with what it has.
  async #backoff(context: RequestContext, attempt: number, reason: string): Promise<boolean> {
    const delayMs = (this.#options.retryDelayMs ?? 500) * 2 ** (attempt - 1);
    if (this.#clock.now() + delayMs >= this.endsAt) return false;
    this.#onEvent?.({ type: "retry", url: context.url, reason: this.redact(reason), delayMs, attempt });
    await this.#clock.sleep(delayMs);
    return true;
  }

  #sharedLimiter(base: string): RateLimiter {
    return sharedRateLimiter(base, this.#options.requestsPerSecond ?? defaultRequestsPerSecond, {
      followExplorerQuota: this.#options.requestsPerSecond === undefined,
      clock: this.#clock,
    });
  }

  // The Blockscout API does not serve the chain: hand over to the chain's instance once (concurrent requests that
  // learn it too find the route already changed). The API's key stays behind: an instance has keys of its own.
  #fallBack(answered: Route, context: RequestContext): boolean {
    const fallback = this.#options.fallbackExplorerUrl;
    if (!fallback) return false;
    if (this.#state.route !== answered) return true;
    if (this.#state.route.urls.base === fallback.base) return false;
    this.#state.route = {
      urls: fallback,
      apiKey: undefined,
      apiKeyIn: "query",
      limiter: this.#sharedLimiter(fallback.base),
    };
    this.#onEvent?.({
      type: "fallback",
      url: context.url,
      to: this.redact(fallback.base),
      reason: `the Blockscout API does not serve ${chainOfApiRoute(answered.urls.base)} (HTTP 404: Network not supported)`,
    });
    return true;
  }
  // The explorer's pause or used-up quota may hold the request; never past the deadline or the longest wait.
  async #acquire(context: RequestContext, limiter: RateLimiter, earlierTryLeft: boolean): Promise<void> {
    const allowed = this.#allowedWait();
    try {
      await limiter.acquire({
        longestWaitMs: allowed.ms,
        onLongWait: (wait) => this.#onEvent?.({ type: "waiting", url: context.url, ...wait }),
      });
    } catch (error) {
      if (!(error instanceof WaitTooLongError)) throw error;
      const { waitMs, reason, said } = error.wait;
      const cause =
        reason === "quota"
          ? `The explorer's stated quota (x-ratelimit-remaining: 0) is used up for ${formatDuration(waitMs)}`
          : `The explorer asked to wait ${formatDuration(waitMs)}${said ? ` (${said})` : ""} before the next request`;
      throw new RateLimitedError(context, waitMs, undefined, {
        shortMessage: `${cause}, longer than ${allowed.what} (${formatDuration(error.allowedMs)}).`,
        answered: reason === "rate-limited",
        sent: earlierTryLeft,
        waitRefused: true,
      });
    }
  }

  // How long a request may wait for the explorer: to the deadline of the work, and never more than the longest wait.
  #allowedWait(): { ms: number; what: string } {
    const left = Math.max(0, this.endsAt - this.#clock.now());
    const longest = this.#options.maxRateLimitWaitMs ?? defaultMaxRateLimitWaitMs;
    return left <= longest
      ? { ms: left, what: "the deadline leaves" }
      : { ms: longest, what: "the longest rate-limit wait allowed" };
  }

  #buildUrl(req: TransportRequest): URL {
    const { urls, apiKey, apiKeyIn } = this.#state.route;
    const url = new URL(
      req.api === "rpc" ? urls.rpc : `${req.api === "rest" ? urls.rest : urls.base}${req.path ?? ""}`,
    );
    for (const [name, value] of Object.entries({ ...this.#options.fixedQuery, ...req.query })) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    if (apiKey && apiKeyIn === "query") url.searchParams.set("apikey", apiKey);
    return url;
  }
}

/** Where a transport's requests go, the key they carry, and the limiter that paces them. */
interface Route {
  urls: ExplorerUrls;
  apiKey: string | undefined;
  apiKeyIn: "query" | "bearer";
  limiter: RateLimiter;
}
