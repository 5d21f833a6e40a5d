/** The most redirects one request follows. */
export const maxRedirects = 3;

/**
 * Where a redirect may be followed to. A redirect is followed only on the explorer's own origin, or from http on its
 * default port to https on its default port of the same host (another port may be another service), and for a
 * submission only when it keeps the method and body (307, 308): the key and the sources never go to another origin.
 * @returns the URL to ask next, with our own query, or undefined when the redirect is not followed
 */
export function followableRedirect(
  from: URL,
  location: string,
  status: number,
  method: string,
): URL | undefined {
  const to = URL.parse(location, from.href);
  if (!to) return undefined;
  const sameOrigin = to.origin === from.origin;
  const upgrade =
    from.protocol === "http:" &&
    to.protocol === "https:" &&
    to.hostname === from.hostname &&
    from.port === "" &&
    to.port === "";
  if (!sameOrigin && !upgrade) return undefined;
  if (method !== "GET" && status !== 307 && status !== 308) return undefined;
  // Our own query (with the key) goes along; the explorer's location decides only where.
  const next = new URL(`${to.origin}${to.pathname}`);
  next.search = from.search;
  return next;
}
