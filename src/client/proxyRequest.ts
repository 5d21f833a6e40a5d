import type { RequestOptions } from "node:http";
import type { Socket } from "node:net";

/** How to send a request through a proxy: where to connect, and with which options. */
export interface ProxiedRequest {
  url: URL;
  options: RequestOptions;
}

/**
 * The proxy the environment names for a URL, the way curl and undici's environment proxy agent read it:
 * `HTTPS_PROXY` for https, `HTTP_PROXY` for http (lower-case forms too, lower-case first), unless `NO_PROXY` lists
 * the host (`*`, a host name, a `.domain` or `domain` suffix, optionally with `:port`).
 *
 * @param url - where the request goes
 * @param env - the environment
 * @returns the proxy's URL, or undefined to connect directly
 */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv): URL | undefined {
  const https = url.protocol === "https:";
  const named = https ? (env.https_proxy ?? env.HTTPS_PROXY) : (env.http_proxy ?? env.HTTP_PROXY);
  if (!named || bypassed(url, env.no_proxy ?? env.NO_PROXY ?? "")) return undefined;
  try {
    return new URL(named.includes("://") ? named : `http://${named}`);
  } catch {
    return undefined;
  }
}

function bypassed(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((rule) => {
      if (rule === "*") return true;
      const [ruleHost = "", rulePort] = rule
        .toLowerCase()
        .replace(/^\*/, "")
        .split(/:(?=\d+$)/);
      if (rulePort && rulePort !== port) return false;
      const bare = ruleHost.replace(/^\./, "");
      return host === bare || host.endsWith(`.${bare}`);
    });
}

/**
 * Rewrites a request to go through the proxy the environment names: an http URL is asked of the proxy in full; an
 * https one goes through a `CONNECT` tunnel, TLS end to end with the explorer (the proxy sees only the host).
 *
 * @param url - where the request goes
 * @param options - the request's options
 * @param env - the environment
 * @returns the rewritten request, or undefined when no proxy applies
 */
export async function throughProxy(
  url: URL,
  options: RequestOptions,
  env: NodeJS.ProcessEnv,
): Promise<ProxiedRequest | undefined> {
  const proxy = proxyFor(url, env);
  if (!proxy) return undefined;
  const authorization = proxyAuthorization(proxy);
  if (url.protocol === "http:") {
    return {
      url: new URL(`${proxy.protocol}//${proxy.host}`),
      options: {
        ...options,
        path: url.href,
        headers: { ...options.headers, host: url.host, ...authorization },
      },
    };
  }
  const socket = await openTunnel(proxy, url, authorization, options.signal ?? undefined);
  const { connect } = process.getBuiltinModule("node:tls");
  return {
    url,
    options: { ...options, createConnection: () => connect({ socket, servername: url.hostname }) },
  };
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { "proxy-authorization": `Basic ${Buffer.from(credentials).toString("base64")}` };
}

/**
 * Opens a `CONNECT` tunnel through an HTTP proxy to a URL's host and port.
 *
 * @param proxy - the proxy
 * @param url - where the tunnel leads
 * @param headers - more headers for the proxy (its authorization)
 * @param signal - aborts the attempt
 * @returns the tunnel's socket
 * @throws when the proxy refuses (with its status) or cannot be reached
 */
export function openTunnel(
  proxy: URL,
  url: URL,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Socket> {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const authority = `${url.hostname}:${port}`;
  const send =
    proxy.protocol === "https:"
      ? process.getBuiltinModule("node:https").request
      : process.getBuiltinModule("node:http").request;
  return new Promise((resolve, reject) => {
    const request = send(proxy, {
      method: "CONNECT",
      path: authority,
      headers: { host: authority, ...headers },
      ...(signal ? { signal } : {}),
    });
    request.on("connect", (response, socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(
          new Error(
            response.statusCode === 407
              ? `the proxy ${proxy.host} refused the credentials (HTTP 407 Proxy Authentication Required: check the user and password in HTTPS_PROXY)`
              : `the proxy ${proxy.host} refused the tunnel (HTTP ${response.statusCode})`,
          ),
        );
      }
    });
    request.on("error", reject);
    request.end();
  });
}
