import type { ExplorerUrls } from "../client/explorerUrl.js";

/** What every target has: its chain, and whether its failures fail the run. */
interface TargetBase {
  /** False for a target the user made optional: its failures warn instead of failing the run. */
  required: boolean;
  /** Where its requests go, for the run's heading: the URL actually used, never a key. */
  shownUrl: string;
  /** Why this URL: the setting or lookup that chose it, for the run's heading. */
  reason: string;
}

/** What a service's target has when a chain's own entry names another endpoint in the service's place. */
interface EndpointOfItsOwn {
  /** The ledger's name for it; unset: `{service}/chain-{id}`, the service's own (or the run's) endpoint. */
  ledgerKey?: string | undefined;
}

/** A Blockscout explorer for one chain: its own instance, or the Blockscout API's route for the chain. */
export interface BlockscoutTarget extends TargetBase {
  service: "blockscout";
  /** Unknown only when the user named an explorer and nothing names its chain. */
  chainId: number | undefined;
  /** The chain's own instance, its URL's `${VAR}` values masked: its pages, and a record's `explorer`. */
  instanceUrl: string;
  /** Where requests go: the instance's `/api` and `/api/v2`, or the Blockscout API's for the chain. */
  api: ExplorerUrls;
  apiKey: string | undefined;
  /** `bearer` through the Blockscout API (`Authorization: Bearer proapi_…`); else the `apikey` query and header. */
  keyIn: "query" | "bearer";
  /** Through the Blockscout API: its root, whose one quota covers every chain's requests. */
  sharedQuotaRoot: string | undefined;
  /**
   * Through the Blockscout API: the chain's own instance, asked instead (without the key) once the API answers that it
   * does not serve the chain. Unset: that answer ends the target's work with an error naming the chain.
   */
  fallback?: ExplorerUrls | undefined;
  headers: Record<string, string>;
  /** Values never printed beside the key and the headers: what a `${VAR}` in the URL's settings file expanded to. */
  secrets: readonly string[];
  /** The ledger's name: the instance (as written, when its URL has `${VAR}`s), or `local-explorer/chain-N`. */
  ledgerKey: string;
  /** The embedded local explorer serves it (started by the run, closed with it). */
  local: boolean;
}

/** Etherscan API v2 for one chain: one host and one key for every chain. */
export interface EtherscanTarget extends TargetBase, EndpointOfItsOwn {
  service: "etherscan";
  chainId: number;
  /** The endpoint, e.g. `https://api.etherscan.io/v2/api` (`chainid` goes with every request). */
  apiUrl: string;
  apiKey: string;
  /** The chain's Etherscan site, where its pages live (`https://etherscan.io`), when known. */
  siteUrl: string | undefined;
}

/** Sourcify API v2 for one chain: no key. */
export interface SourcifyTarget extends TargetBase, EndpointOfItsOwn {
  service: "sourcify";
  chainId: number;
  /** The server, e.g. `https://sourcify.dev/server`. */
  apiUrl: string;
  /** Where its contract pages live, as `{siteUrl}/{chainId}/{address}`. */
  siteUrl: string;
}

/** Routescan's Etherscan-compatible API for one chain: a key is optional. */
export interface RoutescanTarget extends TargetBase, EndpointOfItsOwn {
  service: "routescan";
  chainId: number;
  /** The endpoint: `{origin}/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`. */
  apiUrl: string;
  apiKey: string | undefined;
  /** `https://routescan.io` or `https://testnet.routescan.io`, where its pages live. */
  siteUrl: string;
}

/**
 * One verification service for one chain, with everything its requests need decided: the URL, the key, how the key
 * travels, the headers. Resolved once per run by the hall (`resolveTargets`); `verifierFor` builds its verifier.
 */
export type Target = BlockscoutTarget | EtherscanTarget | SourcifyTarget | RoutescanTarget;
