import { InvalidInputError } from "../errors/index.js";
import { shownUrl } from "../kernel/urlCredentials.js";

/** Where an explorer's two APIs live, derived from whatever form of its URL the user gave. */
export interface ExplorerUrls {
  /** The explorer's web root without a trailing slash, e.g. `https://eth.blockscout.com`; page links start here. */
  base: string;
  /** The RPC module endpoint: `{base}/api`. */
  rpc: string;
  /** The REST root: `{base}/api/v2`. */
  rest: string;
}

const apiSuffix = /\/api(?:\/v[12])?$/i;

/**
 * Normalises an explorer URL: `https://host`, `https://host/`, `https://host/api`, `https://host/api?` and
 * `https://host/api/v2` all name the same explorer. A path prefix before `/api` is kept.
 *
 * @param explorerUrl - the URL as the user wrote it
 * @returns the explorer's base, RPC and REST URLs
 * @throws {InvalidInputError} when it is not an http(s) URL
 * @example
 * resolveExplorerUrls("https://eth.blockscout.com/api?").rpc // "https://eth.blockscout.com/api"
 */
export function resolveExplorerUrls(explorerUrl: string): ExplorerUrls {
  const url = URL.parse(explorerUrl.trim());
  if (!url) {
    throw new InvalidInputError(
      "explorerUrl",
      `The explorer URL "${shownUrl(explorerUrl)}" is not a valid URL. Give it like https://eth.blockscout.com.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidInputError(
      "explorerUrl",
      `The explorer URL must start with http:// or https://, got "${url.protocol}".`,
    );
  }
  const path = url.pathname.replace(/\/+$/, "").replace(apiSuffix, "").replace(/\/+$/, "");
  const base = `${url.origin}${path}`;
  return { base, rpc: `${base}/api`, rest: `${base}/api/v2` };
}
