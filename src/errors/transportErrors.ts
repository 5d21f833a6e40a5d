import { ExplorerVerifyError } from "./explorerVerifyError.js";

/** Where a request went, redacted, for error context. */
export interface RequestContext {
  /** The request URL with any API key replaced by `***`. */
  url: string;
  method: string;
}

/** The host a request went to (with the Blockscout API or a proxy, not always the explorer the run names). */
export function hostOf(url: string, unparsed = "the explorer"): string {
  return URL.parse(url)?.host ?? unparsed;
}

/** An error's context lines: where the request went, then what else is known. */
export function requestLines(request: RequestContext, extra: string[] = []): string[] {
  return [`Request: ${request.method} ${request.url}`, ...extra];
}

/** The explorer did not answer within the request's time limit, or the work's deadline came first. */
export class TimeoutError extends ExplorerVerifyError {
  readonly code = "timeout" as const;

  /**
   * @param request - where the request went; none for a deadline that came between requests
   * @param timeoutMs - how long was waited
   * @param maybeReceived - whether the explorer may have acted on the request
   * @param shortMessage - what to say instead, when the explorer itself gave up waiting (on Sourcify) and said so
   */
  constructor(
    /** Where the request went; none when the deadline came between requests. */
    readonly request: RequestContext | undefined,
    readonly timeoutMs: number,
    /** True when the request had been sent, so the explorer may have acted on it. */
    readonly maybeReceived: boolean,
    shortMessage?: string,
  ) {
    super(shortMessage ?? `The explorer did not answer within ${timeoutMs / 1_000} s.`, {
      metaMessages: request ? requestLines(request) : [],
    });
  }
}

/** @returns the error of a deadline that came before a piece of work (a read, a trace, a submission) was done */
export function deadlineReached(): TimeoutError {
  return new TimeoutError(undefined, 0, false, "The deadline came.");
}

/**
 * @param error - anything thrown
 * @returns whether it is a deadline that came between requests, not a request's own time limit
 */
export function isDeadlineReached(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError && error.request === undefined;
}

/** The connection failed: refused, reset, DNS, TLS. */
export class NetworkError extends ExplorerVerifyError {
  readonly code = "network_error" as const;

  constructor(
    readonly request: RequestContext,
    reason: string,
    /** The system error code when there is one, e.g. `ECONNREFUSED`. */
    readonly errno: string | undefined,
    /** False only when the request certainly never reached the explorer (the connection was refused). */
    readonly maybeReceived: boolean,
  ) {
    super(`Could not reach ${hostOf(request.url)}: ${reason}.`, { metaMessages: requestLines(request) });
  }

  /** True when the explorer cannot be reached at all (refused, unknown host): asking again soon will not help. */
  get unreachable(): boolean {
    return this.errno === "ECONNREFUSED" || this.errno === "ENOTFOUND";
  }
}

/** HTTP 429 from the explorer, still there after waiting and retrying. */
export class RateLimitedError extends ExplorerVerifyError {
  readonly code = "rate_limited" as const;
  /** False when the rate limiter held the request back before it ever left. */
  readonly sent: boolean;
  /** True when the wait asked for was longer than the time left or the longest allowed: asking again is refused too. */
  readonly waitRefused: boolean;

  /**
   * @param request - where the request went
   * @param retryAfterMs - the wait the explorer asked for
   * @param explorerMessage - the explorer's own text
   * @param options - a short message saying more than the default, whether an answer said so and it left (default true)
   */
  constructor(
    readonly request: RequestContext,
    /** How long the explorer asked to wait, when it said. */
    readonly retryAfterMs: number | undefined,
    /** The explorer's own text, e.g. `Too many requests. Increase limits now at https://dev.blockscout.com`. */
    readonly explorerMessage: string | undefined,
    options: { shortMessage?: string; answered?: boolean; sent?: boolean; waitRefused?: boolean } = {},
  ) {
    super(options.shortMessage ?? "The explorer's rate limit was exceeded, and retrying did not help.", {
      metaMessages: requestLines(request, [
        ...(options.answered === false ? [] : ["HTTP status: 429"]),
        ...(retryAfterMs === undefined ? [] : [`Retry after: ${retryAfterMs} ms`]),
      ]),
      details: explorerMessage
        ? `The explorer said: ${explorerMessage}. An API key raises the limit.`
        : undefined,
    });
    this.sent = options.sent ?? true;
    this.waitRefused = options.waitRefused ?? false;
  }
}

/** @returns whether a request's error says it never left: its connection was refused, or the rate limiter held it */
export function isUnsent(error: unknown): boolean {
  if (error instanceof NetworkError) return !error.maybeReceived;
  return error instanceof RateLimitedError && !error.sent;
}

/** The explorer's answer was larger than the size cap: it was refused unread, so memory stays bounded. */
export class ResponseTooLargeError extends ExplorerVerifyError {
  readonly code = "response_too_large" as const;

  constructor(
    readonly request: RequestContext,
    readonly status: number,
    /** The cap, in bytes. */
    readonly maxBytes: number,
  ) {
    super(
      `The explorer's answer (HTTP ${status}) is larger than ${formatBytes(maxBytes)}; it was not read.`,
      {
        metaMessages: requestLines(request, [`HTTP status: ${status}`]),
        details: "An explorer's answers are read up to the transport's maxResponseBytes (64 MiB unless set).",
      },
    );
  }
}

function formatBytes(bytes: number): string {
  const mebibytes = bytes / 1_048_576;
  if (mebibytes >= 1 && Number.isInteger(mebibytes)) return `${mebibytes} MiB`;
  if (bytes >= 1_024 && Number.isInteger(bytes / 1_024)) return `${bytes / 1_024} KiB`;
  return `${bytes} bytes`;
}

/** What an unexpected body looked like, for the error message. */
export interface BodySample {
  status: number;
  contentType: string;
  /** The first bytes of the body, redacted. */
  excerpt: string;
}

function bodyLines(request: RequestContext, body: BodySample): string[] {
  return requestLines(request, [
    `HTTP status: ${body.status}`,
    `Content type: ${body.contentType || "(none)"}`,
    `Body starts with: ${JSON.stringify(body.excerpt)}`,
  ]);
}

/** The explorer answered, but not with something this client understands: HTML, plain text, garbage JSON. */
export class InvalidResponseError extends ExplorerVerifyError {
  readonly code = "invalid_response" as const;
  readonly request: RequestContext;
  readonly body: BodySample;

  constructor(shortMessage: string, request: RequestContext, body: BodySample, details?: string) {
    super(shortMessage, { metaMessages: bodyLines(request, body), details });
    this.request = request;
    this.body = body;
  }
}

/** An HTTP error status (4xx/5xx) that no more specific error classifies. */
export class HttpError extends ExplorerVerifyError {
  readonly code = "http_error" as const;
  readonly request: RequestContext;
  readonly status: number;
  readonly body: BodySample;
  /** The explorer's own text when the body had one, e.g. `Restricted access`. */
  readonly explorerMessage: string | undefined;

  /**
   * @param request - the request, its URL redacted
   * @param body - what came back
   * @param explorerMessage - the explorer's own text, when the body had one
   * @param shortMessage - what to say instead, when the answer is not the explorer's (a proxy's 407)
   */
  constructor(request: RequestContext, body: BodySample, explorerMessage?: string, shortMessage?: string) {
    super(
      shortMessage ??
        (explorerMessage
          ? `The explorer answered HTTP ${body.status}: ${explorerMessage}`
          : `The explorer answered HTTP ${body.status}.`),
      { metaMessages: bodyLines(request, body) },
    );
    this.request = request;
    this.status = body.status;
    this.body = body;
    this.explorerMessage = explorerMessage;
  }
}
