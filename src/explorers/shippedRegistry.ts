import { InvalidInputError } from "../errors/index.js";
import { shippedBlockscoutChains } from "./blockscoutChains.js";
import { type KnownExplorer, normaliseInstanceUrl } from "./knownExplorer.js";

// The lookups a client makes when it is built, kept apart from the published list's reader and its copy on disk:
// choosing a route loads neither. Only https instances are found by chain id: the key goes to the instance, and a
// descriptor's `http://localhost:…` (a development chain's) is no instance the user named.
const shippedByChainId = new Map(
  shippedBlockscoutChains
    .filter((chain) => chain.url.startsWith("https://"))
    .map((chain) => [chain.chainId, chain]),
);

const shippedHosts = new Set([...shippedByChainId.values()].map((chain) => new URL(chain.url).hostname));

/**
 * Whether a host serves a Blockscout instance of the shipped registry (`shibariumscan.io` does, whatever its name):
 * the chain's own, or any chain's.
 *
 * @param hostname - a URL's host name
 * @param chainId - the chain whose instance it must be; unset, any
 * @returns true for a shipped instance's host
 */
export function isShippedExplorerHost(hostname: string, chainId?: number): boolean {
  if (chainId === undefined) return shippedHosts.has(hostname);
  const own = shippedByChainId.get(chainId);
  return own !== undefined && new URL(own.url).hostname === hostname;
}

/**
 * Looks a chain up in the registry shipped with the package only: no network, no disk.
 *
 * @param chainId - the chain id
 * @returns the instance, or undefined when the shipped registry does not know the chain
 */
export function shippedExplorerFor(chainId: number): KnownExplorer | undefined {
  return shippedByChainId.get(chainId);
}

/**
 * The chain id of a known Blockscout instance, from the shipped registry (for routing through the Blockscout API
 * when only the instance's URL was given).
 *
 * @param explorerUrl - the instance in any usual form (`https://host`, `https://host/api`…)
 * @returns its chain id, or undefined when the URL is not a known instance
 */
export function chainIdOfExplorer(explorerUrl: string): number | undefined {
  const url = normaliseInstanceUrl(explorerUrl);
  if (!url) return undefined;
  return shippedBlockscoutChains.find((chain) => chain.url === url)?.chainId;
}

/**
 * The one-line error for a chain no registry knows.
 *
 * @param chainId - the chain id
 * @param howToNameExplorer - how to name the explorer where this is called from
 * @returns the error
 */
export function unknownChain(chainId: number, howToNameExplorer?: string): InvalidInputError {
  return new InvalidInputError(
    "chainId",
    `No Blockscout explorer is known for chain ${chainId}: ${(howToNameExplorer ?? "give its URL as the explorerUrl option").replace(/\.+$/, "")}.`,
  );
}
