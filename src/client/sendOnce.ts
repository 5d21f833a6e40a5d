import {
  type BodySample,
  NetworkError,
  type Redactor,
  type RequestContext,
  ResponseTooLargeError,
  TimeoutError,
} from "../errors/index.js";
import { BodyTooLargeError, ProxyRefusedError } from "../kernel/httpFailures.js";
import { nestsDeeperThan } from "../kernel/jsonDepth.js";
import { loadHttpClient } from "../kernel/loadHttpClient.js";
import { userAgent } from "../kernel/userAgent.js";
import { proxyRefused } from "./answerFailures.js";
import { botChallengeEvidence } from "./explorerTexts.js";
import type { TransportRequest, TransportResponse } from "./transportRequest.js";

/** An answer as it came, before the transport decides what it means. */
export interface RawAnswer extends Omit<TransportResponse, "request"> {
  /** How a bot challenge was recognised in the answer, when it is one. */
  challenge?: string | undefined;
}

/** What one exchange takes from its transport. */
export interface ExchangeSettings {
  /** The user's own headers, sent with every request. */
  headers: Record<string, string>;
  apiKey: string | undefined;
  apiKeyIn: "query" | "bearer";
  timeoutMs: number;
  /** When the work ends, ms since the epoch: the time limit shrinks to fit it. */
  endsAt: number;
  maxResponseBytes: number;
  /** Hides every secret from printed text. */
  redact: Redactor;
  /** Hides the key alone from the answer as it is read. */
  redactAnswer: Redactor;
}

/** A request sent close to its deadline still gets this long to be answered. */
const shortestRequestTimeoutMs = 1_000;
const excerptLength = 200;
// A challenge page names itself in its `<title>`, at the top.
const challengeSearchLength = 16_384;

/**
 * Sends one request once, within its time limit and the deadline of the work, and reads the whole answer up to the
 * size cap: its JSON (with the key taken out), an excerpt for messages, and whether it is a bot challenge.
 *
 * @param url - where to, with the query
 * @param req - what to send
 * @param context - the request as messages show it
 * @param settings - headers, key, limits and redactors of the transport
 * @returns the answer, whatever its status
 * @throws {TimeoutError | NetworkError | ResponseTooLargeError | HttpError} when no whole answer came
 */
export async function sendOnce(
  url: URL,
  req: TransportRequest,
  context: RequestContext,
  settings: ExchangeSettings,
): Promise<RawAnswer> {
  const timeoutMs = Math.min(
    req.timeoutMs ?? settings.timeoutMs,
    Math.max(shortestRequestTimeoutMs, settings.endsAt - Date.now()),
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
    ...settings.headers,
  };
  if (settings.apiKey && settings.apiKeyIn === "query") headers["x-api-key"] = settings.apiKey;
  if (settings.apiKey && settings.apiKeyIn === "bearer") headers.authorization = `Bearer ${settings.apiKey}`;
  if (req.body) headers["content-type"] = req.body.contentType;
  try {
    const { sendHttpRequest } = await loadHttpClient();
    const response = await sendHttpRequest(url, {
      method: req.method,
      headers,
      body: req.body?.payload,
      signal: controller.signal,
      maxBodyBytes: settings.maxResponseBytes,
    });
    sent = true;
    status = response.status;
    const text = await response.text();
    const responseHeaders = response.headers;
    // Redacted whole before an excerpt is cut: a cut through the key would leave part of it unrecognised.
    const shown = settings.redact(text);
    const sample: BodySample = {
      status: response.status,
      contentType: responseHeaders["content-type"] ?? "",
      excerpt: shown.slice(0, excerptLength),
    };
    // An explorer that echoes the key back (in an error text, say) must not get it shown. Its parsed strings are
    // redacted again: JSON escapes the key's characters may hide in are undone by parsing. Header values stay:
    // what is read is the explorer's answer; what is printed of it goes through `redact`.
    const keyless = settings.redactAnswer === settings.redact ? shown : settings.redactAnswer(text);
    const parsed = parseJson(text, req.api);
    // Redacting walks the answer: one nested past what any answer holds is no answer (and would overflow the stack).
    const json =
      keyless === text
        ? parsed
        : nestsDeeperThan(parsed)
          ? undefined
          : redactJson(parsed, settings.redactAnswer);
    const challenge = botChallengeEvidence({
      status: response.status,
      headers: responseHeaders,
      text: text.slice(0, challengeSearchLength),
    });
    return { status: response.status, headers: responseHeaders, json, body: sample, challenge };
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new ResponseTooLargeError(context, status, error.maxBodyBytes);
    if (timedOut) throw new TimeoutError(context, timeoutMs, req.method === "POST" || sent);
    if (error instanceof ProxyRefusedError && error.status === 407)
      throw proxyRefused(context, { status: 407, contentType: "", excerpt: "" });
    const errno = errnoOf(error);
    const reason = settings.redact(describeNetworkFailure(error, errno));
    // A refused connection never carried the request; anything later might have.
    throw new NetworkError(context, reason, errno, errno !== "ECONNREFUSED" && errno !== "ENOTFOUND");
  } finally {
    clearTimeout(timer);
  }
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

function errnoOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && /^(E[A-Z]+|UND_ERR_SOCKET)$/.test(code)) return code;
    current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

const networkFailures: Record<string, string> = {
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  ENOTFOUND: "the host name could not be resolved",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_SOCKET: "the connection was closed before an answer came",
};

function describeNetworkFailure(error: unknown, errno: string | undefined): string {
  const known = errno === undefined ? undefined : networkFailures[errno];
  if (known !== undefined) return known;
  const message = error instanceof Error ? error.message : String(error);
  return errno ? `${message} (${errno})` : message;
}
