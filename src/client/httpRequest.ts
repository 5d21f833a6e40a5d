import type { IncomingHttpHeaders, RequestOptions } from "node:http";

// Taken with getBuiltinModule, not `import`: an ES import of node:http builds its module facade, which reads the
// module's lazy WebSocket getters and so loads Node's bundled undici, 35 ms before the first request. node:https
// (and TLS with it) is loaded by the first https request.
const { request: plainRequest } = process.getBuiltinModule("node:http");

const proxyVariables = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"];

/** What a request sends. */
export interface HttpRequestInit {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Buffer | string | undefined;
  signal: AbortSignal;
  /** The most body bytes read; a longer body is dropped and `text()` rejects with {@link BodyTooLargeError}. */
  maxBodyBytes: number;
}

/** The answer's body passed the size cap: the connection was closed with the rest unread. */
export class BodyTooLargeError extends Error {
  readonly maxBodyBytes: number;
  /** What the answer's `content-length` announced, when it did. */
  readonly announcedBytes: number | undefined;

  constructor(maxBodyBytes: number, announcedBytes: number | undefined) {
    super(`body larger than ${maxBodyBytes} bytes`);
    this.maxBodyBytes = maxBodyBytes;
    this.announcedBytes = announcedBytes;
  }
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
 * Sends one request with Node's own HTTP client, which is loaded with Node itself: the Action's first request
 * goes out sooner than with a client package, and no port is refused the way `fetch` refuses its "bad ports".
 * Redirects are answers like any other, never followed. Bodies are read up to a cap, never further.
 *
 * @param url - where to
 * @param init - method, headers, body and an abort signal
 * @returns the status and headers, once they arrive
 * @throws the socket's error (with its `code`, e.g. `ECONNREFUSED`) or the signal's abort
 */
export async function sendHttpRequest(url: URL, init: HttpRequestInit): Promise<HttpResponseHead> {
  const headers = { ...init.headers };
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  const options: RequestOptions = { method: init.method, headers, signal: init.signal };
  // The proxy code is loaded only when the environment names a proxy: the usual start-up does not pay for it.
  const proxied = proxyVariables.some((name) => process.env[name])
    ? await (await import("./proxyRequest.js")).throughProxy(url, options, process.env)
    : undefined;
  const target = proxied?.url ?? url;
  const send = target.protocol === "https:" ? process.getBuiltinModule("node:https").request : plainRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, proxied?.options ?? options, (response) => {
      const body = new Promise<string>((resolveBody, rejectBody) => {
        const announced = Number(response.headers["content-length"]);
        const announcedBytes = Number.isSafeInteger(announced) ? announced : undefined;
        const tooLarge = (): void => {
          rejectBody(new BodyTooLargeError(init.maxBodyBytes, announcedBytes));
          response.destroy();
        };
        if (announcedBytes !== undefined && announcedBytes > init.maxBodyBytes) {
          tooLarge();
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > init.maxBodyBytes) tooLarge();
          else chunks.push(chunk);
        });
        response.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
        response.on("error", rejectBody);
        // A connection closed mid-body (by the signal, say) must not leave the reader waiting.
        response.on("close", () => {
          if (!response.complete)
            rejectBody(init.signal.reason ?? new Error("the connection closed mid-body"));
        });
      });
      // The caller reads the body (and its failure) through text().
      body.catch(() => {});
      resolve({
        status: response.statusCode ?? 0,
        headers: flattenHeaders(response.headers),
        text: () => body,
      });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
