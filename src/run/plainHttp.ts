import { InvalidInputError } from "../errors/index.js";
import { isLoopbackUrl } from "../explorers/listedExplorerUrl.js";

/**
 * Refuses to send a key, a token or a header value over plain http to a host that is not this machine: anyone on the
 * way could read it. Loopback (a local explorer, a test's stand-in, a mirror on this machine) is fine.
 *
 * @param url - where the requests go
 * @param secrets - what would travel with them
 * @param setting - the setting that named the URL, for the message
 * @throws {InvalidInputError} naming the setting, before anything is sent
 */
export function assertSecretsTravelSafely(
  url: string,
  secrets: { apiKey?: string | undefined; headers?: Record<string, string> | undefined },
  setting: string,
): void {
  const carried = [
    ...(secrets.apiKey ? ["the API key"] : []),
    // A User-Agent says who asks, nothing secret.
    ...Object.keys(secrets.headers ?? {})
      .filter((name) => name.toLowerCase() !== "user-agent")
      .map((name) => `the ${name} header`),
  ];
  if (carried.length === 0 || !url.trim().toLowerCase().startsWith("http:") || isLoopbackUrl(url)) return;
  throw new InvalidInputError(
    setting,
    `${setting} is plain http (${new URL(url).host}), and ${carried.join(" and ")} would travel in clear: use https, or send no key or header to it. Nothing was sent.`,
  );
}
