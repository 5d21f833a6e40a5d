import { httpUrlOf, isLoopbackUrl } from "../kernel/httpUrl.js";

/**
 * Why an explorer URL that a list (Blockscout's published list, its copy on disk, a chain descriptor) names may
 * not receive the key: the key goes to the explorer, so the explorer must be reached over https. A loopback
 * `http://` instance is accepted only when the list itself is one the user named on this machine (a test stand-in
 * or a mirror on loopback): a copy on disk or a list from elsewhere could otherwise send the key, in clear, to
 * whatever listens on a local port.
 *
 * @param url - the instance URL as the list names it
 * @param options - `userNamedLoopback`: the list was named by the user and is on loopback
 * @returns why it is refused, said of the URL, or undefined when it may be used
 * @example
 * listedExplorerUrlProblem("http://127.0.0.1:4000") // "is not an https URL"
 */
export function listedExplorerUrlProblem(
  url: string,
  options: { userNamedLoopback?: boolean } = {},
): string | undefined {
  const parsed = httpUrlOf(url.trim());
  if (!parsed) return URL.canParse(url.trim()) ? "is not an https URL" : "is not a URL";
  const allowed = parsed.protocol === "https:" || (options.userNamedLoopback === true && isLoopbackUrl(url));
  return allowed ? undefined : "is not an https URL";
}

/**
 * A URL a list names, as a line of output shows it: the list's text is anyone's, so only a bounded part of it.
 *
 * @param url - the URL as the list names it
 * @returns at most 100 characters of it
 */
export function shownListedUrl(url: string): string {
  return url.length > 100 ? `${url.slice(0, 100)}…` : url;
}
