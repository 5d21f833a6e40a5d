import { InvalidInputError } from "../errors/index.js";
import { etherscanEndedChain } from "../explorers/etherscanEndedChains.js";
import { etherscanSiteOf, routescanNetworkOf, shippedServicesOf } from "../explorers/serviceChainLists.js";
import type { EtherscanTarget, RoutescanTarget, SourcifyTarget } from "../verifiers/target.js";
import { assertSecretsTravelSafely } from "./plainHttp.js";

/** Etherscan API v2: one host, one key, every chain. */
export const defaultEtherscanApiUrl = "https://api.etherscan.io/v2/api";
/** Sourcify's public server. */
export const defaultSourcifyApiUrl = "https://sourcify.dev/server";
/** Where Sourcify's contract pages live, as `{site}/{chainId}/{address}`. */
export const sourcifySiteUrl = "https://repo.sourcify.dev";
/** Routescan's API origin. */
export const defaultRoutescanApiUrl = "https://api.routescan.io";

/** A service's API root, and the setting that named it. */
export interface ApiRoot {
  url: string;
  source: string;
}

/**
 * Etherscan for one chain. `https://api.etherscan.io` alone means its v2 endpoint; any other path is taken as given;
 * a `chainid` in the URL (as Etherscan's chain list writes it) must be the chain's.
 *
 * @param chainId - the chain
 * @param apiKey - the key (one key serves every chain)
 * @param root - the API, when a setting names another than Etherscan's
 * @param required - whether its failures fail the run
 * @param howToGiveKey - where the door asking reads the key, said when there is none
 * @returns the target
 * @throws {InvalidInputError} without a key, for a URL that is not http(s) or names another chain, or a key that
 *   would travel in clear
 */
export async function etherscanTarget(
  chainId: number,
  apiKey: string | undefined,
  root: ApiRoot | undefined,
  required: boolean,
  howToGiveKey: string,
): Promise<EtherscanTarget> {
  const key = apiKey?.trim();
  if (!key) {
    throw new InvalidInputError(
      "etherscan-api-key",
      `Etherscan needs an API key (one key serves every chain): ${howToGiveKey}.`,
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
    service: "etherscan",
    chainId,
    required,
    apiUrl,
    apiKey: key,
    siteUrl: await etherscanSiteOf(chainId, url.origin),
    shownUrl: `${apiUrl}?chainid=${chainId}`,
    reason: root ? `from ${root.source}` : "Etherscan API v2",
  };
}

/**
 * Sourcify for one chain.
 *
 * @param chainId - the chain
 * @param root - the server, when a setting names another than Sourcify's
 * @param required - whether its failures fail the run
 * @returns the target
 * @throws {InvalidInputError} for a URL that is not http(s)
 */
export function sourcifyTarget(
  chainId: number,
  root: ApiRoot | undefined,
  required: boolean,
): SourcifyTarget {
  const url = httpUrl(root ?? { url: defaultSourcifyApiUrl, source: "Sourcify's API" });
  const apiUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  return {
    service: "sourcify",
    chainId,
    required,
    apiUrl,
    siteUrl: sourcifySiteUrl,
    shownUrl: apiUrl,
    reason: root ? `from ${root.source}` : "Sourcify API v2",
  };
}

/**
 * Routescan for one chain: `{origin}/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`, the network from
 * Routescan's own lists.
 *
 * @param chainId - the chain
 * @param apiKey - a key, when the user has one (Routescan takes requests without)
 * @param root - the origin, when a setting names another than Routescan's (`EXPLORER_VERIFY_ROUTESCAN_API_URL`)
 * @param required - whether its failures fail the run
 * @returns the target
 * @throws {InvalidInputError} for a URL that is not http(s), a chain Routescan does not list, or a key that would
 *   travel in clear
 */
export async function routescanTarget(
  chainId: number,
  apiKey: string | undefined,
  root: ApiRoot | undefined,
  required: boolean,
): Promise<RoutescanTarget> {
  const origin = httpUrl(root ?? { url: defaultRoutescanApiUrl, source: "Routescan's API" }).origin;
  const network = await routescanNetworkOf(chainId, origin);
  if (!network) {
    throw new InvalidInputError(
      "targets",
      `Routescan does not list chain ${chainId} among its mainnets or testnets: leave routescan out of the targets for it.`,
    );
  }
  const apiUrl = `${origin}/v2/network/${network.network}/evm/${network.pathChainId}/etherscan/api`;
  const key = apiKey?.trim() || undefined;
  assertSecretsTravelSafely(apiUrl, { apiKey: key }, root?.source ?? "the Routescan API URL");
  return {
    service: "routescan",
    chainId,
    required,
    apiUrl,
    apiKey: key,
    siteUrl: network.network === "testnet" ? "https://testnet.routescan.io" : "https://routescan.io",
    shownUrl: apiUrl,
    reason: root ? `from ${root.source}` : `Routescan's ${network.network}`,
  };
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

function httpUrl(root: ApiRoot): URL {
  let url: URL;
  try {
    url = new URL(root.url.trim());
  } catch {
    throw new InvalidInputError("apiUrl", `${root.source}: "${root.url}" is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InvalidInputError("apiUrl", `${root.source}: "${root.url}" is not an http(s) URL.`);
  return url;
}
