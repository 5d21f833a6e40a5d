import { Transport } from "../client/transport.js";
import { EtherscanCompatibleVerifier } from "./etherscanCompatible.js";
import { serviceTransportOptions, type TransportSettings } from "./serviceTransports.js";
import type { RoutescanTarget } from "./target.js";

/**
 * Routescan for one chain: Etherscan's contract module at
 * `{origin}/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`, a key optional. Standard JSON input and single
 * files (flattened sources too); no Vyper, no registry format, no proxy link.
 *
 * @param target - Routescan for the chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the verifier
 */
export function routescanVerifier(
  target: RoutescanTarget,
  settings: TransportSettings = {},
): EtherscanCompatibleVerifier {
  const site = target.siteUrl;
  return new EtherscanCompatibleVerifier({
    service: "routescan",
    transport: new Transport(serviceTransportOptions(target, settings)),
    pages: {
      base: site,
      ledgerKey: target.ledgerKey ?? `routescan/chain-${target.chainId}`,
      contract: (address) => `${site}/address/${address}/contract/${target.chainId}/code`,
    },
    capabilities: {
      formats: ["standard-json", "single-file", "flattened"],
      proxyLink: false,
      creation: true,
      readsConstructorArguments: false,
      librariesInInput: true,
    },
  });
}
