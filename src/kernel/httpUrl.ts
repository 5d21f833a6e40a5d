/**
 * A URL the product may call: text that parses as an http or https URL.
 *
 * @param text - the URL as given
 * @returns the parsed URL, or undefined for text that is not one, or another scheme
 */
export function httpUrlOf(text: string): URL | undefined {
  const url = URL.parse(text);
  return url?.protocol === "http:" || url?.protocol === "https:" ? url : undefined;
}

/**
 * Whether a URL names this machine: `localhost`, 127.0.0.0/8, `[::1]`, or the unspecified address `0.0.0.0`, which
 * `npx hardhat node` prints and a connection to reaches this machine. A name under `localhost` is not: many resolvers
 * ask the network's DNS for it, whose answer could take a key sent in clear anywhere.
 *
 * @param url - a URL
 * @returns true for a loopback host; false for any other, or for text that is not a URL
 */
export function isLoopbackUrl(url: string): boolean {
  const host = URL.parse(url.trim())?.hostname.toLowerCase();
  if (host === undefined) return false;
  return (
    host === "localhost" ||
    host === "[::1]" ||
    host === "0.0.0.0" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}
