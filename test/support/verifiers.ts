import { resolveExplorerUrls } from "../../src/client/explorerUrl.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { TransportSettings } from "../../src/verifiers/serviceTransports.js";
import type { BlockscoutTarget } from "../../src/verifiers/target.js";

/** What a test says of a Blockscout explorer beside its URL. */
export interface TestExplorerOptions extends TransportSettings {
  apiKey?: string;
  headers?: Record<string, string>;
  chainId?: number;
}

/**
 * A Blockscout target at a URL, as the hall resolves one for a named explorer (no route through the Blockscout API).
 * @param explorerUrl - the explorer
 * @param options - key, headers, chain
 * @returns the target
 */
export function blockscoutTargetAt(explorerUrl: string, options: TestExplorerOptions = {}): BlockscoutTarget {
  const urls = resolveExplorerUrls(explorerUrl);
  return {
    service: "blockscout",
    chainId: options.chainId,
    required: true,
    instanceUrl: urls.base,
    api: urls,
    apiKey: options.apiKey,
    keyIn: "query",
    sharedQuotaRoot: undefined,
    headers: options.headers ?? {},
    secrets: [],
    ledgerKey: urls.base,
    local: false,
    shownUrl: urls.base,
    reason: "a test's explorer",
  };
}

/**
 * The Blockscout verifier of an explorer at a URL.
 * @param explorerUrl - the explorer
 * @param options - key, headers, chain, and the transport's settings
 * @returns the verifier
 */
export function blockscoutVerifierAt(
  explorerUrl: string,
  options: TestExplorerOptions = {},
): BlockscoutVerifier {
  const { apiKey: _key, headers: _headers, chainId: _chain, ...settings } = options;
  return new BlockscoutVerifier(blockscoutTargetAt(explorerUrl, options), settings);
}

/**
 * A run's targets with one Blockscout explorer at a URL, as `resolveTargets` gives for a named explorer.
 * @param explorerUrl - the explorer
 * @param options - key, headers, chain
 * @returns the targets
 */
export function runTargetsAt(explorerUrl: string, options: TestExplorerOptions = {}): RunTargets {
  return {
    targets: [blockscoutTargetAt(explorerUrl, options)],
    chainIds: [options.chainId],
    localExplorers: [],
    close: async () => {},
  };
}
