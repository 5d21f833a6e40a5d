import {
  type BodySample,
  BotProtectionError,
  createRedactor,
  HttpError,
  InvalidApiKeyError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotSupportedError,
  PaymentRequiredError,
  PlanRequiredError,
  QuotaExhaustedError,
  RateLimitedError,
  type Redactor,
  type RequestContext,
  ResponseTooLargeError,
  type StoppingRefusal,
  TimeoutError,
} from "../errors/index.js";
import { currentRequestDeadline } from "../kernel/requestDeadline.js";
import { checkedHeaders, secretHeaderValues } from "../kernel/requestHeaders.js";
import { assertNoCredentialsInUrl } from "../kernel/urlCredentials.js";
import { browserLikeUserAgent, userAgent } from "../kernel/userAgent.js";
import { sleep, type TransportEvent } from "../kernel/waits.js";
import {
  type BlockscoutApiError,
  blockscoutApiErrorSchema,
  blockscoutApiMessageSchema,
} from "../schemas/index.js";
import { ExplorerCapabilities } from "./explorerCapabilities.js";
import {
  botChallengeEvidence,
  envelopeReason,
  isDailyQuotaReached,
  isInvalidApiKey,
  isNetworkNotSupported,
  isPlanRequired,
  isRateLimited,
  isSourcifyDuplicateRequest,
} from "./explorerTexts.js";
import { type ExplorerUrls, resolveExplorerUrls } from "./explorerUrl.js";
import { BodyTooLargeError, ProxyRefusedError } from "./httpFailures.js";
import { loadHttpClient } from "./loadHttpClient.js";
import { type RateLimiter, sharedRateLimiter, WaitTooLongError } from "./rateLimiter.js";

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

/** A request as the client layer describes it. */
export interface TransportRequest {
  /** `rpc` goes to `{base}/api`, `rest` to `{base}/api/v2{path}`, `root` to `{base}{path}` (Sourcify's `/v2/...`). */
  api: "rpc" | "rest" | "root";
  path?: string;
  query: Record<string, string | undefined>;
  method: "GET" | "POST";
  body?: { contentType: string; payload: Buffer | string };
  /** A read may be retried; a submission only when the explorer certainly did not act on it. */
  kind: "read" | "submit";
  timeoutMs?: number;
}

/** A JSON answer, whatever its HTTP status. */
export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  json: unknown;
  body: BodySample;
  request: RequestContext;
}

const defaultTimeoutMs = 30_000;
const defaultMaxRateLimitWaitMs = 300_000;
const defaultMaxResponseBytes = 64 * 1_048_576;
/** A request sent close to its deadline still gets this long to be answered. */
const shortestRequestTimeoutMs = 1_000;
const defaultRequestsPerSecond = 10;
const excerptLength = 200;

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
  /** Where requests go, with which key and limiter: the Blockscout API's route, until it hands over to the instance. */
  #route: Route;
  readonly #fallback: ExplorerUrls | undefined;
  readonly #requestsPerSecond: number | undefined;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #maxRateLimitRetries: number;
  readonly #maxRateLimitWaitMs: number;
  readonly #maxResponseBytes: number;
  readonly #retryDelayMs: number;
  readonly #onEvent: ((event: TransportEvent) => void) | undefined;
  readonly #fixedQuery: Record<string, string>;
  readonly #serviceName: string | undefined;
  /** A refusal that ends this transport's work: every later request fails with it, unsent. */
  #stoppedBy: StoppingRefusal | undefined;

  constructor(options: TransportOptions) {
    const { explorerUrl } = options;
    assertNoCredentialsInUrl(typeof explorerUrl === "string" ? explorerUrl : explorerUrl.base);
    if (options.apiKey) assertSendableApiKey(options.apiKey);
    const urls = typeof explorerUrl === "string" ? resolveExplorerUrls(explorerUrl) : explorerUrl;
    const apiKey = options.apiKey || undefined;
    // Checked again here: a client made directly (a script's) gets the same refusals as a resolved target.
    this.#headers = checkedHeaders(options.headers ?? {});
    const headerSecrets = secretHeaderValues(this.#headers);
    this.redact = createRedactor([apiKey, ...headerSecrets, ...(options.secrets ?? [])]);
    this.#redactAnswer = headerSecrets.length === 0 ? this.redact : createRedactor([apiKey]);
    this.#timeoutMs = options.requestTimeoutMs ?? defaultTimeoutMs;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#maxRateLimitRetries = options.maxRateLimitRetries ?? 5;
    this.#maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? defaultMaxRateLimitWaitMs;
    this.#maxResponseBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#requestsPerSecond = options.requestsPerSecond;
    this.#route = {
      urls,
      apiKey,
      apiKeyIn: options.apiKeyIn ?? "query",
      limiter: options.rateLimiter ?? this.#sharedLimiter(urls.base),
    };
    this.#fallback = options.fallbackExplorerUrl;
    this.#onEvent = options.onEvent;
    this.#fixedQuery = options.fixedQuery ?? {};
    this.#serviceName = options.serviceName;
    this.capabilities = options.capabilities ?? new ExplorerCapabilities();
  }

  /** Where requests go: the explorer's `/api` and `/api/v2`, or the Blockscout API's for the chain. */
  get urls(): ExplorerUrls {
    return this.#route.urls;
  }

  /** The limiter this transport's requests go through (shared by the explorer's clients unless one was given). */
  get rateLimiter(): RateLimiter {
    return this.#route.limiter;
  }

  /**
   * The refusal (used-up daily quota, plan, key, bot challenge) after which this transport sends nothing more;
   * undefined until then.
   */
  get stoppedBy(): StoppingRefusal | undefined {
    return this.#stoppedBy;
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
    if (this.#stoppedBy) throw this.#stoppedBy;
    let url = this.#buildUrl(req);
    let context: RequestContext = { method: req.method, url: this.redact(url.toString()) };
    let failures = 0;
    let rateLimited = 0;
    let redirects = 0;
    for (;;) {
      const route = this.#route;
      const limiter = route.limiter;
      await this.#acquire(context, limiter);
      let answer: RawAnswer;
      try {
        answer = await this.#sendOnce(url, req, context, route);
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
      const stopping = stoppingRefusal(answer, context, this.#serviceName);
      if (stopping) {
        this.#stoppedBy = stopping;
        throw stopping;
      }
      if (
        (answer.status === 429 && !isSourcifyDuplicateRequest(customCodeOf(answer.json))) ||
        isRateLimitedEnvelope(answer.json)
      ) {
        const asked = rateLimitWait(answer.headers);
        const waitMs = asked?.waitMs ?? 1_000;
        const said = explorerMessageOf(answer.json);
        const explorerMessage = said === undefined ? undefined : this.redact(said);
        if (rateLimited >= this.#maxRateLimitRetries) {
          throw new RateLimitedError(context, waitMs, explorerMessage);
        }
        const allowed = this.#allowedWait();
        if (waitMs > allowed.ms) {
          // Waiting would only end in a time-out: say now what the explorer asked for.
          limiter.pauseFor(waitMs, asked?.said);
          throw new RateLimitedError(context, waitMs, explorerMessage, {
            shortMessage: `The explorer asked to wait ${formatDuration(waitMs)}${asked ? ` (${asked.said})` : ""} before the next request, longer than ${allowed.what} (${formatDuration(allowed.ms)}).`,
          });
        }
        rateLimited++;
        limiter.pauseFor(waitMs, asked?.said);
        this.#onEvent?.({ type: "rate-limited", url: context.url, waitMs, attempt: rateLimited });
        continue;
      }
      const apiError = blockscoutApiErrorOf(answer);
      if (apiError && answer.status === 404 && isNetworkNotSupported(apiError.error)) {
        if (!this.#fallBack(route, context)) throw this.#chainNotServed(context, answer.sample);
        // The API answered for itself: the request never reached an instance, so it goes again, there.
        url = this.#buildUrl(req);
        context = { method: req.method, url: this.redact(url.toString()) };
        continue;
      }
      if (apiError && answer.status === 501) throw this.#notImplemented(context, req, apiError);
      if (answer.status >= 500 && req.kind === "read" && failures < this.#maxRetries) {
        failures++;
        if (await this.#backoff(context, failures, `HTTP ${answer.status}`)) continue;
      }
      if (apiError && answer.status >= 500) {
        // The instance was unreachable, timed out or failed (source upstream), or the API itself failed: an HTTP
        // error of the server, which a later attempt may get past.
        throw new HttpError(
          context,
          answer.sample,
          this.redact(`${apiError.error} (the Blockscout API, source ${apiError.source})`),
        );
      }
      const location = answer.headers.location;
      if (isRedirect(answer.status) && location) {
        const next = followableRedirect(url, location, answer.status, req.method);
        if (next && redirects < maxRedirects) {
          // Same origin (or http to https on the host's default ports): the explorer moved its API; the key may go there.
          redirects++;
          url = next;
          context = { method: req.method, url: this.redact(url.toString()) };
          continue;
        }
        throw redirected(context, answer.sample, this.redact(location));
      }
      if (answer.status === 407) throw proxyRefused(context, answer.sample);
      if (answer.json === undefined) {
        throw notJson(context, answer.sample);
      }
      return {
        status: answer.status,
        headers: answer.headers,
        json: answer.json,
        body: answer.sample,
        request: context,
      };
    }
  }

  // False when the retry could not start before the deadline: the caller gives up with what it has.
  async #backoff(context: RequestContext, attempt: number, reason: string): Promise<boolean> {
    const delayMs = this.#retryDelayMs * 2 ** (attempt - 1);
    const deadline = currentRequestDeadline();
    if (deadline !== undefined && Date.now() + delayMs >= deadline) return false;
    this.#onEvent?.({ type: "retry", url: context.url, reason: this.redact(reason), delayMs, attempt });
    await sleep(delayMs);
    return true;
  }

  #sharedLimiter(base: string): RateLimiter {
    return sharedRateLimiter(base, this.#requestsPerSecond ?? defaultRequestsPerSecond, {
      followExplorerQuota: this.#requestsPerSecond === undefined,
    });
  }

  // The Blockscout API does not serve the chain: hand over to the chain's instance once (concurrent requests that
  // learn it too find the route already changed). The API's key stays behind: an instance has keys of its own.
  #fallBack(answered: Route, context: RequestContext): boolean {
    const fallback = this.#fallback;
    if (!fallback) return false;
    if (this.#route !== answered) return true;
    if (this.#route.urls.base === fallback.base) return false;
    this.#route = {
      urls: fallback,
      apiKey: undefined,
      apiKeyIn: "query",
      limiter: this.#sharedLimiter(fallback.base),
    };
    this.#onEvent?.({
      type: "fallback",
      url: context.url,
      to: fallback.base,
      reason: `the Blockscout API does not serve ${chainOfApiRoute(answered.urls.base)} (HTTP 404: Network not supported)`,
    });
    return true;
  }

  #chainNotServed(context: RequestContext, sample: BodySample): NotSupportedError {
    const chain = chainOfApiRoute(this.#route.urls.base);
    return new NotSupportedError(
      "blockscout",
      chain,
      `The Blockscout API does not serve ${chain} (HTTP ${sample.status}: Network not supported), and no Blockscout instance of the chain is known to ask instead: name the chain's explorer URL (explorer-url, --explorer-url or explorerVerify.chains), or leave Blockscout out of the targets for it.`,
      { metaMessages: [`Request: ${context.method} ${context.url}`, `HTTP status: ${sample.status}`] },
    );
  }

  #notImplemented(
    context: RequestContext,
    req: TransportRequest,
    apiError: BlockscoutApiError,
  ): NotSupportedError {
    const what =
      req.api === "rpc" ? `the action ${req.query.action ?? "asked for"}` : `GET /api/v2${req.path ?? ""}`;
    return new NotSupportedError(
      "blockscout",
      req.api === "rpc" ? (req.query.action ?? "rpc") : (req.path ?? "rest"),
      `The chain's Blockscout instance does not offer ${what} (HTTP 501 through the Blockscout API: ${this.redact(apiError.error)}, source ${apiError.source}); asking again does not help.`,
      { metaMessages: [`Request: ${context.method} ${context.url}`, "HTTP status: 501"] },
    );
  }

  // The explorer's pause or used-up quota may hold the request; never past the deadline or the longest wait.
  async #acquire(context: RequestContext, limiter: RateLimiter): Promise<void> {
    const allowed = this.#allowedWait();
    try {
      await limiter.acquire({
        latestStartAt: Date.now() + allowed.ms,
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
      });
    }
  }

  // How long a request may wait for the explorer: to the deadline of the work, and never more than the longest wait.
  #allowedWait(): { ms: number; what: string } {
    const deadline = currentRequestDeadline();
    const left = deadline === undefined ? Number.POSITIVE_INFINITY : Math.max(0, deadline - Date.now());
    return left <= this.#maxRateLimitWaitMs
      ? { ms: left, what: "the deadline leaves" }
      : { ms: this.#maxRateLimitWaitMs, what: "the longest rate-limit wait allowed" };
  }

  #buildUrl(req: TransportRequest): URL {
    const { urls, apiKey, apiKeyIn } = this.#route;
    const url = new URL(
      req.api === "rpc" ? urls.rpc : `${req.api === "rest" ? urls.rest : urls.base}${req.path ?? ""}`,
    );
    for (const [name, value] of Object.entries({ ...this.#fixedQuery, ...req.query })) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    if (apiKey && apiKeyIn === "query") url.searchParams.set("apikey", apiKey);
    return url;
  }

  async #sendOnce(
    url: URL,
    req: TransportRequest,
    context: RequestContext,
    route: Route,
  ): Promise<RawAnswer> {
    const deadline = currentRequestDeadline();
    const timeoutMs = Math.min(
      req.timeoutMs ?? this.#timeoutMs,
      deadline === undefined
        ? Number.POSITIVE_INFINITY
        : Math.max(shortestRequestTimeoutMs, deadline - Date.now()),
    );
    const controller = new AbortController();
    let timedOut = false;
    let sent = false;
    let status = 0;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    // The user's own headers may replace the User-Agent.
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": userAgent,
      ...this.#headers,
    };
    if (route.apiKey && route.apiKeyIn === "query") headers["x-api-key"] = route.apiKey;
    if (route.apiKey && route.apiKeyIn === "bearer") headers.authorization = `Bearer ${route.apiKey}`;
    if (req.body) headers["content-type"] = req.body.contentType;
    try {
      const { sendHttpRequest } = await loadHttpClient();
      const response = await sendHttpRequest(url, {
        method: req.method,
        headers,
        body: req.body?.payload,
        signal: controller.signal,
        maxBodyBytes: this.#maxResponseBytes,
      });
      sent = true;
      status = response.status;
      const text = await response.text();
      const responseHeaders = response.headers;
      const contentType = responseHeaders["content-type"] ?? "";
      // Redacted whole before an excerpt is cut: a cut through the key would leave part of it unrecognised.
      const shown = this.redact(text);
      const sample: BodySample = {
        status: response.status,
        contentType,
        excerpt: shown.slice(0, excerptLength),
      };
      // An explorer that echoes the key back (in an error text, say) must not get it shown. Its parsed strings are
      // redacted again: JSON escapes the key's characters may hide in are undone by parsing. Header values stay:
      // what is read is the explorer's answer; what is printed of it goes through `redact`.
      const keyless = this.#redactAnswer === this.redact ? shown : this.#redactAnswer(text);
      const json =
        keyless !== text
          ? redactJson(parseJson(text, req.api), this.#redactAnswer)
          : parseJson(text, req.api);
      const challenge = botChallengeEvidence({
        status: response.status,
        headers: responseHeaders,
        text: text.slice(0, challengeSearchLength),
      });
      return { status: response.status, headers: responseHeaders, json, sample, challenge };
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new ResponseTooLargeError(context, status, error.maxBodyBytes);
      if (timedOut) throw new TimeoutError(context, timeoutMs, req.method === "POST" || sent);
      if (error instanceof ProxyRefusedError && error.status === 407)
        throw proxyRefused(context, { status: 407, contentType: "", excerpt: "" });
      const errno = errnoOf(error);
      const reason = this.redact(describeNetworkFailure(error, errno));
      // A refused connection never carried the request; anything later might have.
      throw new NetworkError(context, reason, errno, errno !== "ECONNREFUSED" && errno !== "ENOTFOUND");
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Where a transport's requests go, the key they carry, and the limiter that paces them. */
interface Route {
  urls: ExplorerUrls;
  apiKey: string | undefined;
  apiKeyIn: "query" | "bearer";
  limiter: RateLimiter;
}

// The Blockscout API's own error body (`{error, source}`), on an error status; the instance's bodies never have it.
function blockscoutApiErrorOf(answer: RawAnswer): BlockscoutApiError | undefined {
  if (answer.status < 400) return undefined;
  const parsed = blockscoutApiErrorSchema.safeParse(answer.json);
  return parsed.success ? parsed.data : undefined;
}

// The Blockscout API's route for a chain ends in the chain id (`https://api.blockscout.com/10`).
function chainOfApiRoute(base: string): string {
  const id = /\/(\d+)\/?$/.exec(base)?.[1];
  return id ? `chain ${id}` : "this chain";
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
  sample: BodySample;
  /** How a bot challenge was recognised in the answer, when it is one. */
  challenge?: string | undefined;
}

// A challenge page names itself in its `<title>`, at the top.
const challengeSearchLength = 16_384;

// What Node's HTTP client accepts in a header value: tab, printable ASCII and Latin-1 (no line breaks or controls).
const headerValueCharacters = /^[\t\x20-\x7e\x80-\xff]*$/;

function assertSendableApiKey(apiKey: string): void {
  if (headerValueCharacters.test(apiKey)) return;
  throw new InvalidInputError(
    "apiKey",
    "The API key has a character that cannot be sent in an HTTP header (a line break, a control character or one above U+00FF): check that the key was copied whole and alone.",
  );
}

const maxRedirects = 3;

// A redirect is followed only on the explorer's own origin, or from http on its default port to https on its
// default port of the same host (another port may be another service), and for a submission only when it keeps the
// method and body (307, 308): the key and the sources never go to another origin.
function followableRedirect(from: URL, location: string, status: number, method: string): URL | undefined {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return undefined;
  }
  const sameOrigin = to.origin === from.origin;
  const upgrade =
    from.protocol === "http:" &&
    to.protocol === "https:" &&
    to.hostname === from.hostname &&
    from.port === "" &&
    to.port === "";
  if (!sameOrigin && !upgrade) return undefined;
  if (method !== "GET" && status !== 307 && status !== 308) return undefined;
  // Our own query (with the key) goes along; the explorer's location decides only where.
  const next = new URL(`${to.origin}${to.pathname}`);
  next.search = from.search;
  return next;
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

function parseJson(text: string, api: TransportRequest["api"]): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  try {
    return api === "rest" ? JSON.parse(trimmed, keepExactIntegers) : JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

// REST cursors carry token amounts as JSON numbers (`"value": 123456789012345678901`), past what a double holds:
// such an integer keeps the explorer's digits, as a string, so the next page is asked for exactly.
function keepExactIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  const source = context?.source;
  if (typeof value !== "number" || Number.isSafeInteger(value) || source === undefined) return value;
  return /^-?\d+$/.test(source) ? source : value;
}

/**
 * Milliseconds to wait after a 429: Blockscout's `x-ratelimit-reset` (ms), else `Retry-After` (seconds or a date).
 *
 * @param headers - lower-cased response headers
 * @returns the wait, or undefined when the explorer did not say
 */
export function retryAfterMs(headers: Record<string, string>): number | undefined {
  return rateLimitWait(headers)?.waitMs;
}

/** A wait the explorer asked for, and in which words (header and number only: nothing else it sent). */
interface AskedWait {
  waitMs: number;
  said: string;
}

function rateLimitWait(headers: Record<string, string>): AskedWait | undefined {
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

/**
 * A duration as a person reads it: `800 ms`, `45 s`, `50 min`, `3 h`, `11574 days`.
 *
 * @param ms - milliseconds
 * @returns the text
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "forever";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1_000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 172_800_000) return `${Math.round(ms / 3_600_000)} h`;
  return `${Math.round(ms / 86_400_000)} days`;
}

function redactJson(value: unknown, redact: Redactor): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key), redactJson(item, redact)]),
    );
  }
  return value;
}

function explorerMessageOf(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  return envelopeReason(
    "message" in json ? json.message : undefined,
    "result" in json ? json.result : undefined,
  );
}

// Answers after which asking again the same day is refused too: nothing more is sent. Etherscan says so in an HTTP 200
// envelope; the Blockscout API refuses with `x-credits-remaining` at zero; a bot challenge refuses every request alike.
function stoppingRefusal(
  answer: RawAnswer,
  request: RequestContext,
  service: string | undefined,
): StoppingRefusal | undefined {
  if (answer.challenge) {
    return new BotProtectionError({
      request,
      status: answer.status,
      evidence: answer.challenge,
      service,
      browserLikeUserAgent,
    });
  }
  const json = answer.json;
  if (answer.status === 402) {
    const said = explorerMessageOf(json) ?? blockscoutApiMessageOf(json);
    return new PaymentRequiredError({ request, service, explorerMessage: said });
  }
  if (typeof json === "object" && json !== null && "status" in json && json.status === "0") {
    const explorerMessage = explorerMessageOf(json);
    const refusal = { request, explorerMessage: `${explorerMessage}`, service };
    if (isDailyQuotaReached(explorerMessage)) return new QuotaExhaustedError(refusal);
    if (isPlanRequired(explorerMessage)) return new PlanRequiredError(refusal);
    if (isInvalidApiKey(explorerMessage)) return new InvalidApiKeyError(refusal);
  }
  // Zero only: the Blockscout API's -1 is its internal error, not an empty quota.
  const credits = answer.headers["x-credits-remaining"];
  if (answer.status >= 400 && credits !== undefined && credits.trim() !== "" && Number(credits) === 0) {
    const said = explorerMessageOf(json);
    return new QuotaExhaustedError({
      request,
      service,
      explorerMessage: `${said ? `${said} ` : ""}(HTTP ${answer.status}, x-credits-remaining: ${credits.trim()})`,
    });
  }
  return undefined;
}

// The 402's body is not documented: its `error` text when it has one (`{error}`, as the API's other answers).
function blockscoutApiMessageOf(json: unknown): string | undefined {
  const parsed = blockscoutApiMessageSchema.safeParse(json);
  return parsed.success && parsed.data.error.trim() !== "" ? parsed.data.error : undefined;
}

function customCodeOf(json: unknown): unknown {
  return typeof json === "object" && json !== null && "customCode" in json ? json.customCode : undefined;
}

// Etherscan answers its rate limit with HTTP 200: `{"status":"0","message":"NOTOK","result":"Max rate limit reached"}`.
function isRateLimitedEnvelope(json: unknown): boolean {
  if (typeof json !== "object" || json === null || !("status" in json) || json.status !== "0") return false;
  return isRateLimited(explorerMessageOf(json));
}

function redirected(context: RequestContext, sample: BodySample, location: string): InvalidResponseError {
  return new InvalidResponseError(
    `The explorer answered with a redirect (HTTP ${sample.status}) to ${location} instead of JSON.`,
    context,
    sample,
    "Use the address it redirects to as the explorer URL (often https:// instead of http://).",
  );
}

// HTTP 407 comes from a proxy between this process and the explorer, never from the explorer itself.
function proxyRefused(context: RequestContext, sample: BodySample): HttpError {
  return new HttpError(
    context,
    sample,
    undefined,
    "The proxy refused the credentials (HTTP 407 Proxy Authentication Required): check the user and password in HTTPS_PROXY / HTTP_PROXY.",
  );
}

function notJson(context: RequestContext, sample: BodySample): InvalidResponseError {
  const type = sample.contentType.toLowerCase();
  const head = sample.excerpt.trimStart().toLowerCase();
  if (type.includes("html") || head.startsWith("<!doctype html") || head.startsWith("<html")) {
    return new InvalidResponseError(
      `The explorer answered an HTML page (HTTP ${sample.status}) instead of JSON.`,
      context,
      sample,
      "A proxy or gateway page usually means the explorer is down or the URL is not its API.",
    );
  }
  if (sample.excerpt.trim() === "") {
    return new InvalidResponseError(
      `The explorer answered an empty body (HTTP ${sample.status}).`,
      context,
      sample,
    );
  }
  if (type.includes("json")) {
    return new InvalidResponseError(
      `The explorer answered malformed JSON (HTTP ${sample.status}).`,
      context,
      sample,
    );
  }
  return new InvalidResponseError(
    `The explorer answered ${sample.contentType || "a body without a content type"} (HTTP ${sample.status}) instead of JSON.`,
    context,
    sample,
  );
}

function errnoOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^(E[A-Z]+|UND_ERR_SOCKET)$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describeNetworkFailure(error: unknown, errno: string | undefined): string {
  switch (errno) {
    case "ECONNREFUSED":
      return "the connection was refused";
    case "ECONNRESET":
      return "the connection was reset";
    case "ENOTFOUND":
      return "the host name could not be resolved";
    case "ETIMEDOUT":
      return "the connection timed out";
    case "UND_ERR_SOCKET":
      return "the connection was closed before an answer came";
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return errno ? `${message} (${errno})` : message;
    }
  }
}
