import { safeDecode } from "../kernel/urlCredentials.js";

/**
 * An RPC URL as messages show it: its origin alone, as RPC URLs often carry a key in the path or query.
 *
 * @param url - the RPC URL
 * @returns its origin, or "the RPC URL" when it does not parse
 */
export function shownUrl(url: string): string {
  return URL.parse(url)?.origin ?? "the RPC URL";
}

/**
 * The parts of an RPC URL that may be a key (user and password, path segments, query values), kept out of the
 * node's words and the network's: a part shorter than 8 characters would match unrelated text.
 *
 * @param url - the RPC URL
 * @returns the texts to redact
 */
export function urlSecrets(url: string): string[] {
  const parsed = URL.parse(url);
  if (!parsed) return [url];
  const parts = [
    url,
    parsed.username,
    parsed.password,
    ...parsed.pathname.split("/").map(safeDecode),
    ...[...parsed.searchParams.values()],
  ];
  return parts.filter((part) => part.length >= 8);
}
