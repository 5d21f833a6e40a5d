import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { type RateLimiter, sharedRateLimiter } from "../client/rateLimiter.js";
import { checkedHeaders } from "../client/requestHeaders.js";
import type { TransportOptions } from "../client/transport.js";
import { InvalidInputError } from "../errors/index.js";
import { chainIdOfExplorer, shippedExplorerFor, unknownChain } from "./shippedRegistry.js";

/** The Blockscout API: one key for every chain Blockscout hosts. */
export const defaultBlockscoutApiUrl = "https://api.blockscout.com";

/** The Blockscout API's free tier, until its answers state the quota. */
const blockscoutApiRequestsPerSecond = 5;

export interface ExplorerRouteOptions {
  /** The explorer in any usual form. Without it, `chainId` names the explorer from the shipped registry. */
  explorerUrl?: string | undefined;
  /** The chain: names the explorer when `explorerUrl` is not given, and the Blockscout API's route. */
  chainId?: number | undefined;
  apiKey?: string | undefined;
  /** Custom request headers (a gateway's token, a User-Agent); never shown. */
  headers?: Record<string, string> | undefined;
  /**
   * Send requests through the Blockscout API (`{blockscoutApiUrl}/{chainId}/api`, the key as `Authorization:
   * Bearer`). Default: when the key is a Blockscout API key (`proapi_…`) and the chain id is known.
   */
  blockscoutApi?: boolean | undefined;
  /** The Blockscout API's root. Default `https://api.blockscout.com`. */
  blockscoutApiUrl?: string | undefined;
  requestsPerSecond?: number | undefined;
  rateLimiter?: RateLimiter | undefined;
}

/** Where a client's requests go, where its links point, and why. */
export interface ExplorerRoute {
  /** The chain's own instance: the result's `explorer` and the root of its links. */
  instanceUrl: string;
  chainId: number | undefined;
  throughBlockscoutApi: boolean;
  /** What the transport is given. */
  transport: Pick<TransportOptions, "explorerUrl" | "apiKey" | "apiKeyIn" | "headers" | "rateLimiter">;
}

/**
 * Decides where requests go: to the explorer itself, or through the Blockscout API for its chain.
 *
 * @param options - explorer URL or chain id, key, headers, the Blockscout API setting and root
 * @returns the route
 * @throws {InvalidInputError} when neither an explorer URL nor a chain id is given, the chain is unknown, the
 *   Blockscout API is asked for without a chain id or key, or a header is malformed
 */
export function resolveExplorerRoute(options: ExplorerRouteOptions): ExplorerRoute {
  const headers = checkedHeaders(options.headers ?? {});
  let instanceUrl: string;
  if (options.explorerUrl) {
    instanceUrl = resolveExplorerUrls(options.explorerUrl).base;
  } else if (options.chainId !== undefined) {
    const known = shippedExplorerFor(options.chainId);
    if (!known) throw unknownChain(options.chainId);
    instanceUrl = known.url;
  } else {
    throw new InvalidInputError(
      "explorerUrl",
      "Name the explorer: give explorerUrl, or chainId to look it up.",
    );
  }
  const chainId = options.chainId ?? chainIdOfExplorer(instanceUrl);
  const apiKey = options.apiKey || undefined;
  const throughBlockscoutApi =
    options.blockscoutApi ?? (apiKey?.startsWith("proapi_") === true && chainId !== undefined);
  if (!throughBlockscoutApi) {
    return {
      instanceUrl,
      chainId,
      throughBlockscoutApi,
      transport: { explorerUrl: instanceUrl, apiKey, headers },
    };
  }
  if (chainId === undefined) {
    throw new InvalidInputError("chainId", "The Blockscout API needs the chain id: give chainId.");
  }
  if (!apiKey) {
    throw new InvalidInputError("apiKey", "The Blockscout API needs a key (proapi_…): give apiKey.");
  }
  const apiRoot = resolveExplorerUrls(options.blockscoutApiUrl ?? defaultBlockscoutApiUrl).base;
  const rateLimiter =
    options.rateLimiter ??
    // One key's quota covers every chain: one limiter for the API, whichever chain a request is for.
    sharedRateLimiter(apiRoot, options.requestsPerSecond ?? blockscoutApiRequestsPerSecond, {
      followExplorerQuota: options.requestsPerSecond === undefined,
    });
  return {
    instanceUrl,
    chainId,
    throughBlockscoutApi,
    transport: { explorerUrl: `${apiRoot}/${chainId}`, apiKey, apiKeyIn: "bearer", headers, rateLimiter },
  };
}
