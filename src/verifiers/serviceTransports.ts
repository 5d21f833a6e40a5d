import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { sharedRateLimiter } from "../client/rateLimiter.js";
import { defaultRequestsPerSecond } from "../client/transport.js";
import type { TransportOptions } from "../client/transportOptions.js";
import { type Service, serviceTitles } from "../verify/verifier.js";
import type { EtherscanTarget, Target } from "./target.js";

/**
 * What a run sets for every request of a target: its pace, the answers' cap, retries and time limits, where transport
 * events go. Where requests go, and with which key, is the target's.
 */
export type TransportSettings = Omit<
  TransportOptions,
  "explorerUrl" | "apiKey" | "apiKeyIn" | "headers" | "fixedQuery" | "serviceName" | "fallbackExplorerUrl"
>;

/** The Blockscout API's free tier, until its answers state the quota. */
const blockscoutApiRequestsPerSecond = 5;

/** Etherscan's free plan: 3 calls per second, counted over every chain of the key. */
const etherscanRequestsPerSecond = 3;

/** Routescan without a key: 2 requests a second (its stated limit for keyless use). */
const routescanKeylessRequestsPerSecond = 2;

/**
 * The pace a run keeps on each service when no rate is stated (no `requestsPerSecond`): a plan splits an explorer
 * only where its stated rate leaves each shard at least this much.
 */
export const unstatedRequestsPerSecond: Readonly<Record<Service, number>> = {
  blockscout: blockscoutApiRequestsPerSecond,
  etherscan: etherscanRequestsPerSecond,
  routescan: routescanKeylessRequestsPerSecond,
  sourcify: defaultRequestsPerSecond,
};

/**
 * How a resolved target's requests are sent: where, with which key, headers and fixed query, at which rate; the one
 * place each service's transport is described, for its verifier, its reader and its explorer client alike.
 *
 * @param target - one service for one chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the transport's options
 */
export function serviceTransportOptions(target: Target, settings: TransportSettings = {}): TransportOptions {
  switch (target.service) {
    // Through the Blockscout API, one limiter for the API's root, whose one quota covers every chain.
    case "blockscout": {
      const quotaRoot = target.sharedQuotaRoot;
      const rate = settings.requestsPerSecond ?? blockscoutApiRequestsPerSecond;
      const followExplorerQuota = settings.requestsPerSecond === undefined;
      return {
        ...settings,
        ...(quotaRoot && !settings.rateLimiter
          ? { rateLimiter: sharedRateLimiter(quotaRoot, rate, { followExplorerQuota }) }
          : {}),
        explorerUrl: target.api,
        fallbackExplorerUrl: target.fallback,
        apiKey: target.apiKey,
        apiKeyIn: target.keyIn,
        headers: target.headers,
        secrets: target.secrets,
      };
    }
    case "etherscan":
      return {
        ...etherscanKeyTransportOptions(target, settings),
        // Etherscan's chain goes with every request.
        fixedQuery: { chainid: String(target.chainId) },
      };
    // Routescan's chain is in its URL. Without a key its limit is the caller's, over every chain: one limiter.
    case "routescan": {
      const keyless = target.apiKey ? undefined : routescanKeylessRequestsPerSecond;
      const caller = `${new URL(target.apiUrl).origin} keyless`;
      return {
        ...(keyless && settings.requestsPerSecond === undefined
          ? { rateLimiter: sharedRateLimiter(caller, keyless, { clock: settings.clock }) }
          : {}),
        ...settings,
        explorerUrl: target.apiUrl,
        apiKey: target.apiKey,
        apiKeyIn: "query",
        requestsPerSecond: settings.requestsPerSecond ?? keyless,
        serviceName: serviceTitles.routescan,
      };
    }
    case "sourcify":
      return { ...settings, explorerUrl: target.apiUrl, serviceName: serviceTitles.sourcify };
  }
}

/**
 * Etherscan's requests for its key, whatever the chain (the key's budget is asked this way): without `chainid`.
 *
 * @param target - Etherscan for a chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the transport's options
 */
export function etherscanKeyTransportOptions(
  target: EtherscanTarget,
  settings: TransportSettings = {},
): TransportOptions {
  return {
    ...settings,
    // The endpoint as given: an Etherscan-compatible one need not end in `/api` (Tenderly's, OKLink's).
    explorerUrl: { ...resolveExplorerUrls(target.apiUrl), rpc: target.apiUrl },
    apiKey: target.apiKey,
    apiKeyIn: "query",
    requestsPerSecond: settings.requestsPerSecond ?? etherscanRequestsPerSecond,
    serviceName: serviceTitles.etherscan,
  };
}
