/** A URL the product may call: the text parsed when it is an http or https URL, else undefined. */
export function httpUrlOf(text: string): URL | undefined {
  const url = URL.parse(text);
  return url?.protocol === "http:" || url?.protocol === "https:" ? url : undefined;
}

/**
 * Whether a URL names this machine: `localhost` (and names under it), 127.0.0.0/8 or `[::1]`; false for text that is
 * not a URL.
 */
export function isLoopbackUrl(url: string): boolean {
  const host = URL.parse(url.trim())?.hostname.toLowerCase();
  if (host === undefined) return false;
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}
