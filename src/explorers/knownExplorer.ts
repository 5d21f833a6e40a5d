import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { httpUrlOf } from "../kernel/httpUrl.js";
/** A chain's Blockscout instance as a registry names it. */
export interface KnownExplorer {
  chainId: number;
  /** The chain's name, e.g. `OP Mainnet`. */
  name: string;
  /** The instance's web root without a trailing slash, e.g. `https://optimism.blockscout.com`. */
  url: string;
}

/**
 * The form every registry keeps an instance URL in: origin and path, no trailing slash, no `/api` suffix.
 *
 * @param url - an explorer URL as a list or descriptor writes it
 * @returns the normalised URL, or undefined when it is not an http(s) URL
 */
export function normaliseInstanceUrl(url: string): string | undefined {
  return httpUrlOf(url.trim()) ? resolveExplorerUrls(url).base : undefined;
}
