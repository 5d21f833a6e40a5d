import { Agent, type Dispatcher, EnvHttpProxyAgent, fetch, request } from "undici";
import { BodyTooLargeError, ProxyRefusedError } from "./httpFailures.js";

// undici's multipart encoder, for request bodies: reached through this module, which imports undici statically (a
// bundle turns a dynamic import of undici, a CommonJS package, into its default export alone).
export { FormData, Response } from "undici";

/** What a request sends. */
export interface HttpRequestInit {
  method: "GET" | "POST" | "PATCH";
  headers: Record<string, string>;
  body?: Buffer | string | undefined;
  signal: AbortSignal;
  /** The most body bytes read; a longer body is dropped and `text()` rejects with {@link BodyTooLargeError}. */
  maxBodyBytes: number;
}

/** An answer whose head has arrived; the body follows. */
export interface HttpResponseHead {
  status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The whole body as UTF-8 text; rejects when the connection breaks, the signal aborts or the body is too large. */
  text(): Promise<string>;
}

/**
 * Sends one request with undici, through one pool of kept-alive connections per host for the whole process (so a
 * run's many requests to an explorer share a few connections), and through the proxy the environment names, if
 * any: `HTTPS_PROXY` / `HTTP_PROXY` (lower-case forms first) unless `NO_PROXY` lists the host. An https request
 * goes through a `CONNECT` tunnel that is kept and reused like any connection; an http one is asked of the proxy
 * with its full URL. Redirects are answers like any other, never followed. Bodies are read up to a cap, never
 * further.
 *
 * @param url - where to
 * @param init - method, headers, body and an abort signal
 * @returns the status and headers, once they arrive
 * @throws the connection's error (with its `code`, e.g. `ECONNREFUSED`), a proxy's refusal or the signal's abort
 */
export async function sendHttpRequest(url: URL, init: HttpRequestInit): Promise<HttpResponseHead> {
  const dispatcher = dispatcherFor(process.env);
  const { maxBodyBytes, ...sending } = init;
  const sent = request(url, { ...sending, dispatcher });
  const response = await untilAborted(sent, init.signal, () => dropDispatcher(dispatcher)).catch(
    (error: unknown) => {
      throw proxyRefusal(error, url) ?? error;
    },
  );
  const body = readCapped(response.body, maxBodyBytes, contentLength(response.headers));
  // The caller reads the body (and its failure) through text().
  body.catch(() => {});
  return { status: response.statusCode, headers: flattenHeaders(response.headers), text: () => body };
}

/**
 * undici's `fetch` with the dispatcher {@link sendHttpRequest} uses (the same pool of kept-alive connections, the same
 * proxy from the environment), in the shape of the global `fetch`, for a client that brings its own protocol (viem's
 * JSON-RPC transport). It sends what such a client sends: a URL, a method, headers, a text body and a signal.
 *
 * @param input - where to (a URL: a `Request` is refused)
 * @param init - method, headers, a text body, a signal
 * @returns the answer, its body not yet read
 * @throws {TypeError} for a `Request` or a body that is not text; the connection's error (a `TypeError` whose
 *   `cause` has its `code`), or the signal's abort
 */
export function fetchThroughDispatcher(
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  if (typeof input !== "string" && !(input instanceof URL))
    return Promise.reject(new TypeError("fetchThroughDispatcher takes a URL, not a Request"));
  if (init.body !== undefined && init.body !== null && typeof init.body !== "string")
    return Promise.reject(new TypeError("fetchThroughDispatcher sends text bodies only"));
  const dispatcher = dispatcherFor(process.env);
  const sent = fetch(input, {
    method: init.method ?? "GET",
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: init.body ?? null,
    signal: init.signal ?? null,
    dispatcher,
  });
  return init.signal ? untilAborted(sent, init.signal, () => dropDispatcher(dispatcher)) : sent;
}

// A proxy that closes each CONNECT unanswered gets it again and again from undici, which then never heeds the signal:
// the signal ends the wait itself, and a proxied dispatcher, whose attempts would go on, is dropped for a fresh one.
function untilAborted<T>(sent: Promise<T>, signal: AbortSignal, onAbort: () => void): Promise<T> {
  sent.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason);
    };
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    sent.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

// Requests under way on it get a few seconds to end by their own deadlines; then it goes, tunnel attempts and all.
function dropDispatcher(dispatcher: Dispatcher): void {
  if (!(dispatcher instanceof EnvHttpProxyAgent) || current?.dispatcher !== dispatcher) return;
  current = undefined;
  const timer = setTimeout(() => dispatcher.destroy().catch(() => {}), droppedDispatcherGraceMs);
  timer.unref();
  dispatcher.close().then(
    () => clearTimeout(timer),
    () => {},
  );
}

const droppedDispatcherGraceMs = 5_000;

const proxyVariables = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"] as const;

/** The proxies the environment names, each with a scheme (`proxy:3128` is read as `http://proxy:3128`). */
export interface ProxySettings {
  httpProxy: string | undefined;
  httpsProxy: string | undefined;
}

/**
 * The proxies named in the environment, as curl reads them: the scheme's own variable, lower case first.
 *
 * @param env - the environment
 * @returns the proxies, or undefined when none is named
 */
export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const httpsProxy = withScheme(env.https_proxy || env.HTTPS_PROXY);
  const httpProxy = withScheme(env.http_proxy || env.HTTP_PROXY);
  return httpsProxy || httpProxy ? { httpProxy, httpsProxy } : undefined;
}

function withScheme(proxy: string | undefined): string | undefined {
  const named = proxy?.trim();
  if (!named) return undefined;
  return named.includes("://") ? named : `http://${named}`;
}

// Time limits are the caller's (its signal): undici's own 300 s ones are switched off so they never cut a long
// submission short.
const dispatcherOptions = { headersTimeout: 0, bodyTimeout: 0 };

let current: { proxies: string; dispatcher: Dispatcher } | undefined;

// One dispatcher for the process, remade only when the proxy variables change (tests change them; a run does not).
function dispatcherFor(env: NodeJS.ProcessEnv): Dispatcher {
  const proxies = proxyVariables.map((name) => env[name] ?? "").join("\n");
  if (current?.proxies === proxies) return current.dispatcher;
  const settings = proxySettings(env);
  // An http request is asked of an http proxy with its full URL, as curl does, rather than through a tunnel.
  const dispatcher = settings
    ? new EnvHttpProxyAgent({ ...dispatcherOptions, ...settings, proxyTunnel: false })
    : new Agent(dispatcherOptions);
  const previous = current?.dispatcher;
  current = { proxies, dispatcher };
  // Requests under way on the old one finish; its idle connections close.
  previous?.close().catch(() => {});
  return dispatcher;
}

// undici says only "Proxy response (403) !== 200 when HTTP Tunneling", or "Proxy Authentication Required (407)".
function proxyRefusal(error: unknown, url: URL): ProxyRefusedError | undefined {
  const message = error instanceof Error ? error.message : "";
  const status =
    /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/.exec(message)?.[1] ??
    (message === "Proxy Authentication Required (407)" ? "407" : undefined);
  if (status === undefined) return undefined;
  const named = proxySettings(process.env);
  const proxy = url.protocol === "https:" ? named?.httpsProxy : named?.httpProxy;
  return new ProxyRefusedError(Number(status), (proxy && URL.parse(proxy)?.host) || "");
}

function contentLength(headers: Dispatcher.ResponseData["headers"]): number | undefined {
  const announced = Number(headers["content-length"]);
  return Number.isSafeInteger(announced) ? announced : undefined;
}

async function readCapped(
  body: Dispatcher.ResponseData["body"],
  maxBodyBytes: number,
  announcedBytes: number | undefined,
): Promise<string> {
  if (announcedBytes !== undefined && announcedBytes > maxBodyBytes) {
    body.destroy();
    throw new BodyTooLargeError(maxBodyBytes, announcedBytes);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBodyBytes) {
      body.destroy();
      throw new BodyTooLargeError(maxBodyBytes, announcedBytes);
    }
    chunks.push(chunk);
  }
  // undici hands the connection back to its pool a turn after the body ends: a request sent at once would open a
  // second connection (and a second tunnel and TLS handshake) beside the idle one.
  await new Promise((resolve) => setImmediate(resolve));
  return Buffer.concat(chunks).toString("utf8");
}

function flattenHeaders(headers: Dispatcher.ResponseData["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
