import { InvalidInputError } from "../../errors/index.js";
import { etherscanEndedChain } from "../../explorers/etherscanEndedChains.js";
import { etherscanSiteOf, routescanNetworkOf, shippedServicesOf } from "../../explorers/serviceChainLists.js";
import { httpUrlOf } from "../../kernel/httpUrl.js";
import { assertSecretsTravelSafely } from "../../kernel/plainHttp.js";
import { shownUrl } from "../../kernel/urlCredentials.js";
import type { EtherscanTarget, RoutescanTarget, SourcifyTarget } from "../../verifiers/target.js";
import type { NamedUrl } from "./blockscoutTarget.js";

/** Etherscan API v2: one host, one key, every chain. */
export const defaultEtherscanApiUrl = "https://api.etherscan.io/v2/api";
/** Sourcify's public server. */
export const defaultSourcifyApiUrl = "https://sourcify.dev/server";
/** Where Sourcify's contract pages live, as `{site}/{chainId}/{address}`. */
export const sourcifySiteUrl = "https://repo.sourcify.dev";
/** Routescan's API origin. */
export const defaultRoutescanApiUrl = "https://api.routescan.io";

/** What a chain's own entry adds to a service's root: where its pages live, and that it is another endpoint. */
export interface EndpointPlace {
  /** Where the endpoint's pages live (a Hardhat chain descriptor's `url`); unset: the service's own, when known. */
  siteUrl?: string | undefined;
  /** The chain's own endpoint in the service's place (Tenderly, OKLink, a self-hosted scan): its own ledger name. */
  own?: boolean | undefined;
}

/**
 * Etherscan for one chain. `https://api.etherscan.io` alone means its v2 endpoint; any other path is taken as given;
 * a `chainid` in the URL (as Etherscan's chain list writes it) must be the chain's.
 *
 * @param apiKey - the key (one key serves every chain)
 * @param root - the API, when a setting names another than Etherscan's
 * @param howToGiveKey - where the door asking reads the key, said when there is none
 * @param place - a chain's own endpoint: its pages, and that it is another service in Etherscan's place
 * @throws {InvalidInputError} without a key, for a URL that is not http(s) or names another chain, or a key that
 *   would travel in clear
 */
export async function etherscanTarget(
  chainId: number,
  apiKey: string | undefined,
  root: NamedUrl | undefined,
  required: boolean,
  howToGiveKey: string,
  place: EndpointPlace = {},
): Promise<EtherscanTarget> {
  const key = apiKey?.trim();
  if (!key) {
    throw new InvalidInputError(
      "etherscan-api-key",
      place.own
        ? `Chain ${chainId}'s Etherscan-compatible endpoint (${root?.source}) needs an API key of its own: ${howToGiveKey}.`
        : `Etherscan needs an API key (one key serves every chain): ${howToGiveKey}.`,
    );
  }
  const url = httpUrl(root ?? { url: defaultEtherscanApiUrl, source: "Etherscan's API" });
  // Etherscan's own list: another Etherscan-compatible endpoint (a self-hosted scan) serves chains of its own.
  if (url.host === new URL(defaultEtherscanApiUrl).host) refuseEndedChain(chainId);
  const named = url.searchParams.get("chainid");
  if (named !== null && named !== String(chainId)) {
    throw new InvalidInputError(
      "apiUrl",
      `${root?.source}: the Etherscan API URL names chain ${named}, but the chain is ${chainId}: leave chainid out of the URL.`,
    );
  }
  const apiUrl =
    url.pathname === "/" || url.pathname === "" ? `${url.origin}/v2/api` : `${url.origin}${url.pathname}`;
  assertSecretsTravelSafely(apiUrl, { apiKey: key }, root?.source ?? "the Etherscan API URL");
  return {
    ...targetHead("etherscan", chainId, required, apiUrl, place),
    apiKey: key,
    // A chain's own endpoint has its own pages, if any: never Etherscan's site for the chain.
    siteUrl: place.own ? place.siteUrl : (place.siteUrl ?? (await etherscanSiteOf(chainId, url.origin))),
    shownUrl: `${apiUrl}?chainid=${chainId}`,
    reason: root ? `from ${root.source}` : "Etherscan API v2",
  };
}

/**
 * Sourcify for one chain.
 *
 * @param root - the server, when a setting names another than Sourcify's
 * @param place - a chain's own server: its pages, and that it is another server in Sourcify's place
 * @throws {InvalidInputError} for a URL that is not http(s)
 */
export function sourcifyTarget(
  chainId: number,
  root: NamedUrl | undefined,
  required: boolean,
  place: EndpointPlace = {},
): SourcifyTarget {
  const url = httpUrl(root ?? { url: defaultSourcifyApiUrl, source: "Sourcify's API" });
  const apiUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  return {
    ...targetHead("sourcify", chainId, required, apiUrl, place),
    // A chain's own server is named by its records: Sourcify's repository does not hold what it verified.
    siteUrl: place.siteUrl ?? (place.own ? apiUrl : sourcifySiteUrl),
    shownUrl: apiUrl,
    reason: root ? `from ${root.source}` : "Sourcify API v2",
  };
}

/**
 * Routescan for one chain: `{origin}/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`, the network from
 * Routescan's own lists. A root with a path (a chain's own entry, e.g. Snowtrace's endpoint through Routescan) is
 * the endpoint as given.
 *
 * @param apiKey - a key, when the user has one (Routescan takes requests without)
 * @param root - the origin, when a setting names another than Routescan's (`EXPLORER_VERIFY_ROUTESCAN_API_URL`)
 * @param place - a chain's own endpoint: its pages, and that it is another in Routescan's place
 * @throws {InvalidInputError} for a URL that is not http(s), a chain Routescan does not list, or a key that would
 *   travel in clear
 */
export async function routescanTarget(
  chainId: number,
  apiKey: string | undefined,
  root: NamedUrl | undefined,
  required: boolean,
  place: EndpointPlace = {},
): Promise<RoutescanTarget> {
  const url = httpUrl(root ?? { url: defaultRoutescanApiUrl, source: "Routescan's API" });
  const key = apiKey?.trim() || undefined;
  const given = url.pathname.replace(/\/+$/, "") !== "";
  // A root with a path is the endpoint as given; else Routescan's network for the chain, from its own lists.
  const network = given
    ? { network: /\/network\/testnet\//.test(url.pathname) ? "testnet" : "mainnet", pathChainId: chainId }
    : await routescanNetworkOf(chainId, url.origin);
  if (!network || network === "unread") {
    throw new InvalidInputError(
      "targets",
      network
        ? `Routescan's chain lists (${url.origin}/v2/network/…/evm/all/blockchains) did not all answer, so chain ${chainId}'s network is not known: give the chain's Routescan endpoint as an endpoint of its own, or leave routescan out of the targets for it.`
        : `Routescan does not list chain ${chainId} among its mainnets or testnets: leave routescan out of the targets for it.`,
    );
  }
  const apiUrl = given
    ? `${url.origin}${url.pathname}`.replace(/\/+$/, "")
    : `${url.origin}/v2/network/${network.network}/evm/${network.pathChainId}/etherscan/api`;
  assertSecretsTravelSafely(apiUrl, { apiKey: key }, root?.source ?? "the Routescan API URL");
  return {
    ...targetHead("routescan", chainId, required, apiUrl, place),
    apiKey: key,
    siteUrl:
      place.siteUrl ??
      (network.network === "testnet" ? "https://testnet.routescan.io" : "https://routescan.io"),
    shownUrl: apiUrl,
    reason: root ? `from ${root.source}` : `Routescan's ${network.network}`,
  };
}

// What every service's target starts with. A chain's own endpoint keeps its own ledger entries: what Tenderly
// verified is not what Etherscan holds.
function targetHead<S extends "etherscan" | "sourcify" | "routescan">(
  service: S,
  chainId: number,
  required: boolean,
  apiUrl: string,
  place: EndpointPlace,
): { service: S; chainId: number; required: boolean; apiUrl: string; ledgerKey?: string } {
  const url = new URL(apiUrl);
  const ledgerKey = `${service}/chain-${chainId}/${url.host}${url.pathname.replace(/\/+$/, "")}`;
  return { service, chainId, required, apiUrl, ...(place.own ? { ledgerKey } : {}) };
}

// Refused before anything is sent: Etherscan answers a chain it dropped with a refusal that says less.
function refuseEndedChain(chainId: number): void {
  const ended = etherscanEndedChain(chainId);
  if (!ended) return;
  const others = shippedServicesOf(chainId);
  const elsewhere =
    others.length > 0
      ? `${others.join(" and ")} ${others.length > 1 ? "serve" : "serves"} it`
      : "no other service in the lists shipped with explorer-verify is known to serve it (Sourcify, or the chain's Blockscout explorer given by its URL, may)";
  throw new InvalidInputError(
    "targets",
    `Etherscan no longer serves ${ended.name} (chain ${chainId}) since ${ended.endedOn}: leave etherscan out of the targets for it; ${elsewhere}. Nothing was sent.`,
  );
}

function httpUrl(root: NamedUrl): URL {
  const url = httpUrlOf(root.url.trim());
  if (url) return url;
  const problem = URL.canParse(root.url.trim()) ? "is not an http(s) URL" : "is not a valid URL";
  throw new InvalidInputError("apiUrl", `${root.source}: "${shownUrl(root.url)}" ${problem}.`);
}
