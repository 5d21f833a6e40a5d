import { BodyTooLargeError } from "../kernel/httpFailures.js";
import { isLoopbackUrl } from "../kernel/httpUrl.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { loadHttpClient } from "../kernel/loadHttpClient.js";
import { userAgent } from "../kernel/userAgent.js";

/** What GitHub answered: the status, the headers (lower-case names) and the body, parsed when it is JSON. */
export interface GitHubAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  json: unknown;
}

// A page of 100 comments of at most 65,536 characters each, with their metadata, fits well below this.
const maxAnswerBytes = 16 * 1_048_576;

/**
 * The base URL of GitHub's REST API from `GITHUB_API_URL` (GitHub Enterprise sets it; else github.com's), checked before the token is
 * sent to it: https, or plain http only to this machine (a token in clear to any other host is readable on the way).
 *
 * @param env - the runner's environment
 * @returns the base URL, or why the token may not be sent there (naming `GITHUB_API_URL`)
 * @example
 * githubApiBase({ GITHUB_API_URL: "https://ghe.corp.example/api/v3" }) // URL https://ghe.corp.example/api/v3
 */
export function githubApiBase(env: NodeJS.ProcessEnv = process.env): URL | { refused: string } {
  const named = env.GITHUB_API_URL?.trim() || "https://api.github.com";
  const url = URL.parse(named);
  if (!url) return { refused: "GITHUB_API_URL is not a URL" };
  if (url.username || url.password || url.search || url.hash)
    return {
      refused: "GITHUB_API_URL holds credentials, a query or a fragment: give the API's base URL alone",
    };
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackUrl(named))) return url;
  if (url.protocol === "http:")
    return {
      refused: `GITHUB_API_URL is ${url.origin}, plain http to a host other than this machine: the token is not sent in clear (give an https:// URL)`,
    };
  return { refused: `GITHUB_API_URL is a ${url.protocol} URL, not an https one` };
}

/**
 * A client of GitHub's REST API for one piece of work under one deadline: every request (connecting, waiting for
 * the head, reading the body) ends when the signal aborts, so a stalled or trickling API holds nothing past it.
 * Requests go through the product's one HTTP primitive (the kernel's, which the explorers' transport sends through
 * too): the proxy `HTTPS_PROXY` names (unless `NO_PROXY` lists the host), the process's pool of kept-alive
 * connections, redirects as answers like any other, never followed (the token must not go elsewhere), and bodies read
 * up to 16 MiB. undici loads with the first request.
 */
export class GitHubApi {
  readonly #base: URL;
  readonly #token: string;
  readonly #signal: AbortSignal;

  /**
   * @param base - the API's base URL, from {@link githubApiBase}
   * @param token - sent as `Authorization: token …`, to the base's origin only
   * @param signal - aborts every request of the work
   */
  constructor(base: URL, token: string, signal: AbortSignal) {
    this.#base = base;
    this.#token = token;
    this.#signal = signal;
  }

  /**
   * The URL of a path under the API's base (`/repos/o/r/issues/1/comments`), with a query.
   *
   * @param path - the path, from the API's root
   * @param query - query parameters
   * @returns the URL
   */
  url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${this.#base.href.replace(/\/$/, "")}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  /**
   * Whether a URL an answer gave (a `Link` header's next page) may receive the token: the API's own origin and base.
   *
   * @param url - the URL
   * @returns true when it lies under the API's base URL
   */
  isOwnUrl(url: URL): boolean {
    return (
      url.origin === this.#base.origin && url.pathname.startsWith(this.#base.pathname.replace(/\/?$/, "/"))
    );
  }

  /**
   * Sends one request with the token.
   *
   * @param method - the method
   * @param url - from {@link GitHubApi.url}, or a URL for which {@link GitHubApi.isOwnUrl} holds
   * @param body - a JSON body
   * @returns the answer, whatever its status
   * @throws the connection's error, the signal's abort, or an error for a body over 16 MiB
   */
  async send(method: "GET" | "POST" | "PATCH", url: URL, body?: unknown): Promise<GitHubAnswer> {
    if (!this.isOwnUrl(url)) throw new Error(`${url.origin} is not GitHub's API at ${this.#base.href}`);
    const { sendHttpRequest } = await loadHttpClient();
    const response = await sendHttpRequest(url, {
      method,
      headers: {
        accept: "application/vnd.github+json",
        authorization: `token ${this.#token}`,
        "user-agent": userAgent,
        "x-github-api-version": "2022-11-28",
        ...(body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.#signal,
      maxBodyBytes: maxAnswerBytes,
    });
    const text = await response.text().catch((error: unknown) => {
      if (error instanceof BodyTooLargeError)
        throw new Error("the answer is larger than 16 MiB; it was not read");
      throw error;
    });
    return { status: response.status, headers: response.headers, json: parsedJson(text) };
  }
}
