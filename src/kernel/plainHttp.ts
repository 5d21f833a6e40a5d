import { InvalidInputError } from "../errors/index.js";
import { isLoopbackUrl } from "./httpUrl.js";

/** A key, headers and the secrets in the URL itself that would travel with requests. */
interface CarriedSecrets {
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** What the URL's `${VAR}`s expanded to. */
  inUrl?: readonly string[] | undefined;
}

/**
 * Refuses to send a key, a token or a header value over plain http to a host that is not this machine: anyone on the
 * way could read it. Loopback (a local explorer, a test's stand-in, a mirror on this machine) is fine.
 *
 * @param setting - the setting that named the URL, for the message
 * @throws {InvalidInputError} naming the setting, before anything is sent
 */
export function assertSecretsTravelSafely(url: string, secrets: CarriedSecrets, setting: string): void {
  if (secretsTravelSafely(url, secrets)) return;
  throw new InvalidInputError(
    setting,
    `${setting} is plain http (${new URL(url).host}), and ${carried(secrets).join(" and ")} would travel in clear: use https, or send no key or header to it. Nothing was sent.`,
  );
}

/**
 * Whether a key and headers may go to a URL: nothing secret, https, or loopback.
 *
 * @returns false when they would travel in clear to a host that is not this machine
 */
export function secretsTravelSafely(url: string, secrets: CarriedSecrets): boolean {
  return carried(secrets).length === 0 || !url.trim().toLowerCase().startsWith("http:") || isLoopbackUrl(url);
}

function carried(secrets: CarriedSecrets): string[] {
  return [
    ...(secrets.apiKey ? ["the API key"] : []),
    ...(secrets.inUrl?.length ? ["the secrets in its URL"] : []),
    // A User-Agent says who asks, nothing secret.
    ...Object.keys(secrets.headers ?? {})
      .filter((name) => name.toLowerCase() !== "user-agent")
      .map((name) => `the ${name} header`),
  ];
}
