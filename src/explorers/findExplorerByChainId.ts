import { InvalidInputError } from "../errors/index.js";
import { isLoopbackUrl } from "../kernel/httpUrl.js";
import { lowerFirst } from "../report/terminalText.js";
import {
  cachedChainListPath,
  defaultCacheDir,
  readCachedChainList,
  writeCachedChainList,
} from "./chainListCache.js";
import { fetchListJson } from "./fetchListJson.js";
import type { KnownExplorer } from "./knownExplorer.js";
import {
  type ChainListTrust,
  defaultChainListUrl,
  maxChainListBytes,
  parsePublishedChainList,
} from "./publishedChainList.js";
import { shippedExplorerFor, unknownChain } from "./shippedRegistry.js";

/** Where an explorer found by chain id came from. */
export type ExplorerSource = "blockscout-list" | "cached-blockscout-list" | "shipped-registry";

/** The explorer chosen for a chain, and why. */
export interface ExplorerChoice {
  chainId: number;
  /** The chain's name as the registry gives it. */
  name: string;
  /** The instance's web root, e.g. `https://optimism.blockscout.com`. */
  explorerUrl: string;
  source: ExplorerSource;
  /** One line for the output: which explorer, for which chain, and where that came from. */
  reason: string;
  /** Where it was found, in words: `Blockscout's list of instances`, `the registry shipped with explorer-verify`. */
  foundIn: string;
}

export interface FindExplorerOptions {
  /**
   * Blockscout's published list of instances. Default `https://chains.blockscout.com/api/chains`. The instances a
   * list names must be https; a list named here on loopback (a test stand-in, a local mirror) may also name
   * `http://` instances on loopback.
   */
  chainListUrl?: string;
  /** Ask the published list at all. Default true; false uses the kept copy, then the shipped registry. */
  refresh?: boolean;
  /** Time limit of the whole read of the list. Default 2 s. */
  refreshTimeoutMs?: number;
  /** Where a copy of the list is kept between runs; `false` keeps none. Default `~/.cache/explorer-verify`. */
  cacheDir?: string | false;
  /** How long a kept copy is used without asking again. Default 24 h. */
  cacheTtlMs?: number;
  /** The end of the unknown-chain message: how to name the explorer where this is called from. */
  howToNameExplorer?: string;
  /**
   * Told what was ignored on the way (a copy of the list on disk that is too large, or that names an explorer
   * that is not https). The choice's `reason` says it too.
   */
  onWarning?: (message: string) => void;
}

const defaultRefreshTimeoutMs = 2_000;
const defaultCacheTtlMs = 24 * 60 * 60 * 1_000;

/**
 * Finds a chain's Blockscout instance: from Blockscout's published list when it answers within the time limit
 * (a copy is kept on disk and reused for a day), else from the registry shipped with the package (made from
 * viem's chains, Hardhat's chain descriptors and a snapshot of the published list). Never fails for want of a
 * network: an unreachable list only means the shipped registry decides.
 *
 * @param chainId - the chain id
 * @param options - list URL, time limit, cache folder and age, the unknown-chain hint
 * @returns the explorer, with a line saying why it was chosen
 * @throws {InvalidInputError} when no registry knows the chain, in one line saying how to name the explorer
 * @example
 * const choice = await findExplorerByChainId(10);
 * choice.explorerUrl // "https://optimism.blockscout.com"
 * console.log(choice.reason);
 */
export async function findExplorerByChainId(
  chainId: number,
  options: FindExplorerOptions = {},
): Promise<ExplorerChoice> {
  assertChainId(chainId);
  const listUrl = options.chainListUrl ?? defaultChainListUrl;
  const cacheDir = options.cacheDir === undefined ? defaultCacheDir() : options.cacheDir;
  // Only a list the user named may name plain-http instances, and only on loopback: never the default list or
  // a copy of it that anyone with write access to the cache folder may have written.
  const trust: ChainListTrust = {
    userNamedLoopback: options.chainListUrl !== undefined && isLoopbackUrl(listUrl),
  };
  const read = cacheDir ? await readCachedChainList(cacheDir, listUrl, trust) : {};
  let ignoredNote = "";
  if (read.ignored !== undefined && cacheDir) {
    const warning = `Ignored the copy of Blockscout's list at ${cachedChainListPath(cacheDir)}: ${read.ignored}.`;
    options.onWarning?.(warning);
    ignoredNote = `; ${lowerFirst(warning.slice(0, -1))}`;
  }
  const cached = read.copy;
  const fresh = cached && Date.now() - cached.fetchedAt < (options.cacheTtlMs ?? defaultCacheTtlMs);
  let fallbackNote = ignoredNote;
  if (fresh) {
    const found = cached.chains.get(chainId);
    if (found)
      return choice(
        found,
        "cached-blockscout-list",
        `Blockscout's list of instances, read ${ago(cached.fetchedAt)}`,
      );
  } else if (options.refresh !== false) {
    try {
      const timeoutMs = options.refreshTimeoutMs ?? defaultRefreshTimeoutMs;
      const chains = parsePublishedChainList(
        await fetchListJson(listUrl, timeoutMs, maxChainListBytes),
        trust,
      );
      if (cacheDir) await writeCachedChainList(cacheDir, { listUrl, fetchedAt: Date.now(), chains });
      const found = chains.get(chainId);
      if (found) return choice(found, "blockscout-list", `Blockscout's list of instances${ignoredNote}`);
    } catch (error) {
      fallbackNote += `; Blockscout's list could not be read: ${error instanceof Error ? error.message : String(error)}`;
      const stale = cached?.chains.get(chainId);
      if (stale && cached) {
        return choice(
          stale,
          "cached-blockscout-list",
          `a copy of Blockscout's list read ${ago(cached.fetchedAt)}${fallbackNote}`,
        );
      }
    }
  }
  const shipped = shippedExplorerFor(chainId);
  if (shipped)
    return choice(shipped, "shipped-registry", `the registry shipped with explorer-verify${fallbackNote}`);
  throw unknownChain(chainId, options.howToNameExplorer);
}

function assertChainId(chainId: number): void {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidInputError("chainId", `The chain id must be a positive whole number, got ${chainId}.`);
  }
}

function choice(found: KnownExplorer, source: ExplorerSource, from: string): ExplorerChoice {
  return {
    chainId: found.chainId,
    name: found.name,
    explorerUrl: found.url,
    source,
    reason: `${found.url} (${found.name}, chain ${found.chainId}), found in ${from}`,
    foundIn: from,
  };
}

function ago(at: number): string {
  const minutes = Math.max(0, Math.round((Date.now() - at) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}
