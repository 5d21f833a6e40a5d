import { type ExplorerUrls, resolveExplorerUrls } from "../../client/explorerUrl.js";
import { createRedactor, InvalidInputError } from "../../errors/index.js";
import type { FindExplorerOptions } from "../../explorers/findExplorerByChainId.js";
import {
  chainIdOfExplorer,
  isShippedExplorerHost,
  shippedExplorerFor,
} from "../../explorers/shippedRegistry.js";
import { isLoopbackUrl } from "../../kernel/httpUrl.js";
import { assertSecretsTravelSafely, secretsTravelSafely } from "../../kernel/plainHttp.js";
import { checkedHeaders } from "../../kernel/requestHeaders.js";
import { assertNoCredentialsInUrl } from "../../kernel/urlCredentials.js";
import type { LocalExplorer } from "../../local-explorer/index.js";
import type { BlockscoutTarget } from "../../verifiers/target.js";
import { serviceTitles } from "../../verify/verifier.js";

/** The Blockscout API: one key for every chain Blockscout hosts. */
export const defaultBlockscoutApiUrl = "https://api.blockscout.com";

/** A URL the user gave, and where: the setting a message names. */
export interface NamedUrl {
  url: string;
  source: string;
  /** The URL as the settings file writes it (`${VAR}` unexpanded), printed instead of `url`. */
  shown?: string | undefined;
  /** What its `${VAR}`s expanded to: never printed. */
  secrets?: readonly string[] | undefined;
  /** Why the run's secrets may not go to it (a repository's file named it): said when it is chosen. */
  refusal?: string | undefined;
}

/** What the hall knows of a chain's Blockscout explorer when it resolves it. */
export interface BlockscoutFacts {
  chainId: number | undefined;
  /** Where the chain id came from, for the heading. */
  chainSource: string | undefined;
  /** The explorer the user named for the run, or for this chain. */
  named: NamedUrl | undefined;
  apiKey: string | undefined;
  headers: Record<string, string>;
  /** The chain's JSON-RPC: on a local chain with no explorer named, the embedded explorer serves it. */
  rpcUrl: string | undefined;
  /** Said when the chain ends with the command (Hardhat's in-process network): nothing on it outlives the run. */
  inProcess?: string | undefined;
  /** Said when nothing names the chain or an explorer; default `howToNameExplorer`. */
  nothingNamed?: string | undefined;
  /** How the embedded explorer compiles and keeps its state. */
  localExplorer: { cacheDir: string; compilers: string[] } | undefined;
  /** The Blockscout API's root (the environment's, a test's stand-in). */
  blockscoutApiUrl: NamedUrl | undefined;
  lookup: FindExplorerOptions;
  required: boolean;
  howToNameExplorer: string;
  /** How this door reaches a local chain's JSON-RPC, said when a local chain has none and no explorer. */
  howToReachLocalChain: string;
  /**
   * How this door's command names another service and a chain's endpoint of it (`--targets`, `--endpoint
   * CHAIN=SERVICE=URL`), said when a URL named here is that service's API; no flag: the command asks Blockscout only.
   */
  serviceWords?: { flag: string | null; endpoint: string } | undefined;
}

// Etherscan and its family answer another API: an `[etherscan]` entry for them is forge's, not a Blockscout explorer.
const etherscanFamily = /(^|\.)(etherscan\.(io|com)|[a-z]+scan\.(io|com|org|xyz))$/i;

/** The other service whose API a URL is: Etherscan's family (`/v2/api?chainid=`), Routescan, Sourcify. */
export function otherServiceOf(url: string): "etherscan" | "sourcify" | "routescan" | undefined {
  const { hostname = "", pathname = "", searchParams } = URL.parse(url) ?? {};
  // Some Blockscout instances are named like Etherscan's family (shibariumscan.io, blockscout.mantrascan.io).
  if (isShippedExplorerHost(hostname) || /(^|\.)blockscout\./i.test(hostname)) return undefined;
  if (/(^|\.)routescan\.io$/i.test(hostname)) return "routescan";
  if (etherscanFamily.test(hostname) || (/\/v2\/api\/?$/.test(pathname) && searchParams?.has("chainid")))
    return "etherscan";
  return /(^|\.)sourcify\.dev$/i.test(hostname) ? "sourcify" : undefined;
}

const localChainIds = new Set([31337, 1337]);

// A chain is local when its id says so, or when its JSON-RPC is on this machine (anvil --chain-id 7777) and no explorer
// is shipped for its id: a chain the registry knows keeps its explorer, whatever carries its RPC (a tunnel, a proxy).
function isLocalChain(chainId: number, rpcUrl: string | undefined): boolean {
  if (localChainIds.has(chainId)) return true;
  return rpcUrl !== undefined && isLoopbackUrl(rpcUrl) && shippedExplorerFor(chainId) === undefined;
}

// A door's clause (`give --explorer-url`) said alone: one sentence, one full stop.
function asSentence(clause: string): string {
  const text = clause.trim().replace(/\.+$/, "");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Chooses a chain's Blockscout explorer, in one order for every door: the URL the user named; else, on a local
 * chain (31337, 1337, or a chain no shipped registry entry names whose JSON-RPC is on loopback) reached over
 * JSON-RPC, the embedded local explorer; else the chain's Blockscout instance by chain id (Blockscout's published
 * list, or the registry shipped with the package). A `proapi_` key with a known chain routes requests through the
 * Blockscout API, whose one key covers every chain; pages stay the instance's, and the instance is asked instead
 * when the API answers that it does not serve the chain.
 *
 * @param started - told of an embedded explorer started for the run, which the run closes
 * @throws {InvalidInputError} for a URL that is not http(s) or carries credentials, a key, header or `${VAR}` in the
 *   URL that would go in clear to a host that is not this machine, or when nothing names an explorer
 */
export async function resolveBlockscoutTarget(
  facts: BlockscoutFacts,
  started: (explorer: LocalExplorer) => void,
): Promise<BlockscoutTarget> {
  const headers = checkedHeaders(facts.headers);
  const { chainId } = facts;
  const chainNote = facts.chainSource ? `; chain ${chainId} from ${facts.chainSource}` : "";
  if (!facts.named && chainId !== undefined && facts.rpcUrl && isLocalChain(chainId, facts.rpcUrl)) {
    // Loaded only here: a run against a real explorer does not need the compiler and chain code behind it.
    const { startLocalExplorer } = await import("../../local-explorer/index.js");
    const explorer = await startLocalExplorer({
      rpcUrl: facts.rpcUrl,
      cacheDir: facts.localExplorer?.cacheDir ?? "cache/explorer-verify",
      compilers: facts.localExplorer?.compilers ?? [],
    });
    started(explorer);
    const urls = resolveExplorerUrls(explorer.url);
    return {
      service: "blockscout",
      chainId,
      required: facts.required,
      instanceUrl: urls.base,
      api: urls,
      apiKey: undefined,
      keyIn: "query",
      sharedQuotaRoot: undefined,
      headers: {},
      secrets: [],
      // The embedded explorer takes a new port each run: its ledger entries go under its chain.
      ledgerKey: `local-explorer/chain-${chainId}`,
      local: true,
      shownUrl: urls.base,
      reason: `no explorer is named for local chain ${chainId}`,
    };
  }
  let instance: ExplorerUrls;
  let reason: string;
  if (facts.named) {
    instance = checkedExplorerUrl(facts.named, facts.serviceWords);
    reason = `from ${facts.named.source}`;
  } else if (chainId !== undefined && localChainIds.has(chainId)) {
    throw new InvalidInputError(
      "explorer",
      facts.inProcess ??
        `Chain ${chainId} is a local chain, which no public explorer serves: ${facts.howToReachLocalChain}.`,
    );
  } else if (chainId !== undefined) {
    // Loaded only here: with a named explorer, the first request does not wait for the registry.
    const { findExplorerByChainId } = await import("../../explorers/findExplorerByChainId.js");
    const choice = await findExplorerByChainId(chainId, {
      ...facts.lookup,
      howToNameExplorer: facts.howToNameExplorer,
    });
    instance = resolveExplorerUrls(choice.explorerUrl);
    reason = `${choice.name}, found in ${choice.foundIn}${chainNote}`;
  } else {
    throw new InvalidInputError("explorer", facts.nothingNamed ?? asSentence(facts.howToNameExplorer));
  }
  const apiKey = facts.apiKey?.trim() || undefined;
  const routedChain = chainId ?? chainIdOfExplorer(instance.base);
  const throughApi = apiKey?.startsWith("proapi_") === true && routedChain !== undefined;
  const root = resolveExplorerUrls(facts.blockscoutApiUrl?.url ?? defaultBlockscoutApiUrl).base;
  const api = throughApi ? resolveExplorerUrls(`${root}/${routedChain}`) : instance;
  const inUrl = facts.named?.secrets ?? [];
  const setting = (throughApi ? facts.blockscoutApiUrl : facts.named)?.source ?? "the explorer URL";
  assertSecretsTravelSafely(api.base, { apiKey, headers, inUrl: throughApi ? [] : inUrl }, setting);
  // Links and records show the instance with what its `${VAR}`s expanded to masked; the ledger names it as written
  // (`${VAR}` unexpanded), which tells two such explorers apart.
  const pages = createRedactor(inUrl)(instance.base);
  return {
    service: "blockscout",
    chainId: routedChain,
    required: facts.required,
    instanceUrl: pages,
    api,
    apiKey,
    keyIn: throughApi ? "bearer" : "query",
    sharedQuotaRoot: throughApi ? root : undefined,
    // The headers go along to the instance; the API's key does not.
    fallback: throughApi && secretsTravelSafely(instance.base, { headers, inUrl }) ? instance : undefined,
    headers,
    secrets: inUrl,
    ledgerKey: inUrl.length > 0 ? (facts.named?.shown ?? pages) : pages,
    local: false,
    shownUrl: throughApi
      ? `${api.base}, the Blockscout API for ${facts.named?.shown ?? instance.base}`
      : (facts.named?.shown ?? instance.base),
    reason: facts.named ? `${reason}${chainNote}` : reason,
  };
}

// An explorer URL the user named, checked before anything is sent (http(s), no credentials in it, not another
// service's API: forge's `--verifier-url` habit), errors naming it.
function checkedExplorerUrl(named: NamedUrl, words: BlockscoutFacts["serviceWords"]): ExplorerUrls {
  if (named.refusal) throw new InvalidInputError("explorer", named.refusal);
  const other = otherServiceOf(named.url);
  if (other) {
    const [title, endpoint] = [serviceTitles[other], words?.endpoint.replace("SERVICE", other)];
    const how = words?.flag ? `${words.flag} ${other} (${endpoint} for another ${title}-compatible one)` : "";
    const refusal = `${named.source} names ${title}'s API, not a Blockscout explorer: give`;
    throw new InvalidInputError("explorer", `${refusal} ${how || "a Blockscout explorer's URL"}.`);
  }
  try {
    // A key in the URL would be printed with it: the key goes in its own setting, and travels in a header.
    assertNoCredentialsInUrl(named.url, named.source);
    return resolveExplorerUrls(named.url);
  } catch (error) {
    if (error instanceof InvalidInputError)
      throw new InvalidInputError(error.field, `${named.source}: ${error.shortMessage}`);
    throw error;
  }
}
