import { ExplorerClient, type ExplorerClientOptions } from "../client/explorerClient.js";
import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { assertNoCredentialsInUrl } from "../client/urlCredentials.js";
import { InvalidInputError } from "../errors/index.js";
import { explorerEnvironment } from "../explorers/environment.js";
import type { LocalExplorer } from "../local-explorer/index.js";

/** Where a run sends its requests, and why: the one answer of every door to "which explorer?". */
export interface ExplorerTarget {
  /** The explorer of jobs that name none of their own; empty when every job names its chain. */
  explorerUrl: string;
  /** The chain, when known: routes a `proapi_` key through the Blockscout API. */
  chainId: number | undefined;
  apiKey: string | undefined;
  headers: Record<string, string>;
  /** Explorers by chain id, for jobs that name a chain. */
  explorers: Record<number, string>;
  /** The Blockscout API's root (`EXPLORER_VERIFY_BLOCKSCOUT_API_URL`), when set. */
  blockscoutApiUrl: string | undefined;
  /** Set when the embedded local explorer serves this run; closed by the run. */
  localExplorer: LocalExplorer | undefined;
  /** Which explorer, and why it was chosen: the run's first line. */
  description: string;
}

/** What a door knows about where to verify; each field is the user's own words, checked here. */
export interface ExplorerTargetRequest {
  /** An explorer URL the user named, and where (`--explorer-url`, `explorer-url`, a config key). */
  explorerUrl?: { url: string; source: string } | undefined;
  /** The chain, and where its id came from. */
  chainId?: { id: number; source: string } | undefined;
  /** Explorers the user named by chain id, and where. */
  explorers?: { urls: Record<number, string>; source: string } | undefined;
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** How to start the embedded explorer when the chain is a local one and no explorer is named. */
  localChain?: { rpcUrl: string; chainId: number; cacheDir: string; compilers: string[] } | undefined;
  /** The jobs name their own chains: no explorer for the batch is needed. */
  jobsNameChains?: boolean;
  /** The run's targets leave Blockscout out: only the chain is wanted, no explorer is looked up or started. */
  withoutBlockscout?: boolean;
  /** What to tell a user whose chain no one knows: how to name its explorer in this door. */
  howToNameExplorer: string;
}

const localChainIds = new Set([31337, 1337]);

/**
 * Chooses the explorer, in one order for every door: the URL the user named; else the explorer the user named for
 * the chain; else, on a local chain (31337, 1337), the embedded local explorer; else the chain's Blockscout
 * instance by chain id (Blockscout's published list, or the registry shipped with the package). Every URL is
 * checked before anything is sent.
 *
 * @param request - what the door knows
 * @returns the target
 * @throws {InvalidInputError} for a URL that is not http(s), or when nothing names an explorer
 */
export async function resolveExplorerTarget(request: ExplorerTargetRequest): Promise<ExplorerTarget> {
  const { blockscoutApiUrl, lookup } = explorerEnvironment();
  const explorers = request.explorers?.urls ?? {};
  for (const [chainId, url] of Object.entries(explorers))
    checkedUrl(url, `${request.explorers?.source} (chain ${chainId})`);
  const chainId = request.chainId?.id ?? request.localChain?.chainId;
  const target = (explorerUrl: string, description: string): ExplorerTarget => ({
    explorerUrl,
    chainId,
    apiKey: request.apiKey,
    headers: request.headers ?? {},
    explorers,
    blockscoutApiUrl,
    localExplorer: undefined,
    description,
  });
  const named = request.explorerUrl;
  if (named) return target(checkedUrl(named.url, named.source), named.url);
  if (chainId !== undefined && explorers[chainId]) {
    const url = explorers[chainId] as string;
    return target(url, `${url} (from ${request.explorers?.source})${chainSource(request)}`);
  }
  if (request.jobsNameChains) return target("", "the explorers of the deployments' chains");
  if (request.withoutBlockscout) return target("", "no Blockscout explorer (not among the targets)");
  const local = request.localChain;
  if (local && localChainIds.has(local.chainId)) {
    // Loaded only here: a run against a real explorer does not need the compiler and chain code behind it.
    const { startLocalExplorer } = await import("../local-explorer/index.js");
    const localExplorer = await startLocalExplorer({
      rpcUrl: local.rpcUrl,
      cacheDir: local.cacheDir,
      compilers: local.compilers,
    });
    return {
      ...target(localExplorer.url, ""),
      apiKey: undefined,
      headers: {},
      localExplorer,
      description: `the local explorer at ${localExplorer.url} (no explorer is named for local chain ${local.chainId})`,
    };
  }
  if (chainId === undefined) throw new InvalidInputError("explorer", request.howToNameExplorer);
  // Loaded only here: with a named explorer, the first request does not wait for the registry.
  const { findExplorerByChainId } = await import("../explorers/findExplorerByChainId.js");
  const choice = await findExplorerByChainId(chainId, {
    ...lookup,
    howToNameExplorer: request.howToNameExplorer,
  });
  return target(choice.explorerUrl, `${choice.reason}${chainSource(request)}`);
}

function chainSource(request: ExplorerTargetRequest): string {
  return request.chainId ? ` (chain id from ${request.chainId.source})` : "";
}

function checkedUrl(url: string, source: string): string {
  try {
    // A key in the URL would be printed with it: the key goes in its own setting, and travels in a header.
    assertNoCredentialsInUrl(url, source);
    resolveExplorerUrls(url);
  } catch (error) {
    if (error instanceof InvalidInputError)
      throw new InvalidInputError(error.field, `${source}: ${error.shortMessage}`);
    throw error;
  }
  return url;
}

/**
 * A client for the target's explorer, with its chain, key, headers and the Blockscout API's root: what `status`
 * and `fetch` ask through, and what a run's discovery reads.
 *
 * @param target - the resolved target
 * @param options - further client options (pace, answer cap, events)
 * @returns the client
 */
export function explorerClientFor(
  target: ExplorerTarget,
  options: Omit<ExplorerClientOptions, "explorerUrl" | "chainId" | "apiKey" | "headers"> = {},
): ExplorerClient {
  return new ExplorerClient({
    ...options,
    explorerUrl: target.explorerUrl,
    ...(target.chainId === undefined ? {} : { chainId: target.chainId }),
    apiKey: target.apiKey,
    headers: target.headers,
    ...(target.blockscoutApiUrl ? { blockscoutApiUrl: target.blockscoutApiUrl } : {}),
    // The embedded explorer takes a new port each run: its ledger entries go under its chain, so a rerun finds them.
    ...(target.localExplorer && target.chainId !== undefined
      ? { ledgerKey: `local-explorer/chain-${target.chainId}` }
      : {}),
  });
}
