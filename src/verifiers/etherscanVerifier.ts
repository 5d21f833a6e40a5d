import { Transport } from "../client/transport.js";
import type { TransportSettings } from "./blockscoutVerifier.js";
import { EtherscanCompatibleVerifier } from "./etherscanCompatible.js";
import type { EtherscanTarget } from "./target.js";

/** Etherscan answers `getcontractcreation` for at most five addresses at once. */
const creationsPerRequest = 5;

/** The free plan's rate: 3 calls per second, counted over every chain of the key. */
const defaultRequestsPerSecond = 3;

/**
 * Etherscan API v2 for one chain: the contract module Blockscout copies, with `chainid` on every request and a key.
 * Standard JSON input, single files (flattened sources too) and Vyper standard JSON; no registry format. A used-up
 * daily quota, a chain outside the key's plan or a refused key stops it: later calls fail with the same error, unsent.
 *
 * @param target - Etherscan for the chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the verifier
 */
export function etherscanVerifier(
  target: EtherscanTarget,
  settings: TransportSettings = {},
): EtherscanCompatibleVerifier {
  const site = target.siteUrl;
  return new EtherscanCompatibleVerifier({
    service: "etherscan",
    transport: new Transport({
      ...settings,
      explorerUrl: target.apiUrl,
      apiKey: target.apiKey,
      apiKeyIn: "query",
      fixedQuery: { chainid: String(target.chainId) },
      requestsPerSecond: settings.requestsPerSecond ?? defaultRequestsPerSecond,
      serviceName: "Etherscan",
    }),
    pages: {
      base: site ?? "",
      ledgerKey: `etherscan/chain-${target.chainId}`,
      contract: (address) => (site ? `${site}/address/${address}#code` : ""),
    },
    capabilities: {
      formats: ["standard-json", "single-file", "flattened", "vyper"],
      proxyLink: true,
      // One implementation per proxy, read from EIP-1967's slots or EIP-1822's (other-verifiers-api.md §1.7).
      proxyKinds: ["eip1967", "beacon", "eip1822"],
      creation: true,
      readsConstructorArguments: false,
    },
    creationsPerRequest,
  });
}
