import type { ResolvedConfigurationVariable } from "hardhat/types/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { ChainEndpoints, NamedKey, ServiceEndpoint } from "../../src/run/chainEndpoints.js";

/**
 * What the Hardhat config names for one chain's services, as facts for the hall: `explorerVerify.chains[id]`'s
 * `etherscan`, `sourcify` and `routescan` entries, over the chain descriptor's `blockExplorers.etherscan` as
 * hardhat-verify 3 reads it (`apiUrl` the endpoint, `url` the site its links point to).
 *
 * @param hre - the Hardhat runtime
 * @param chainId - the chain
 * @param readKey - reads a configured key (an unset variable: none)
 * @returns the chain's entries
 */
export async function configEndpoints(
  hre: HardhatRuntimeEnvironment,
  chainId: number,
  readKey: (variable: ResolvedConfigurationVariable | undefined) => Promise<string | undefined>,
): Promise<ChainEndpoints> {
  const chain = hre.config.explorerVerify.chains[String(chainId)];
  const config = `explorerVerify.chains["${chainId}"]`;
  const described = hre.config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.etherscan;
  const descriptor = `chainDescriptors[${chainId}].blockExplorers.etherscan`;
  const key = async (
    variable: ResolvedConfigurationVariable | undefined,
    source: string,
  ): Promise<NamedKey | undefined> => {
    const value = await readKey(variable);
    return value === undefined ? undefined : { value, source };
  };
  const entry = async (
    service: "etherscan" | "sourcify" | "routescan",
    given: { apiUrl?: string; apiKey?: ResolvedConfigurationVariable } | undefined,
  ): Promise<ServiceEndpoint> => ({
    ...(given?.apiUrl ? { url: { url: given.apiUrl, source: `${config}.${service}.apiUrl` } } : {}),
    ...(given?.apiKey ? { apiKey: await key(given.apiKey, `${config}.${service}.apiKey`) } : {}),
  });
  const etherscan = await entry("etherscan", chain?.etherscan);
  return {
    etherscan: {
      ...etherscan,
      // The config's URL first; else the descriptor's, whose site then goes with it.
      ...(etherscan.url === undefined && described?.apiUrl
        ? { url: { url: described.apiUrl, source: `${descriptor}.apiUrl` } }
        : {}),
      ...(etherscan.url === undefined && described?.url
        ? { siteUrl: described.url.replace(/\/+$/, "") }
        : {}),
    },
    sourcify: await entry("sourcify", chain?.sourcify),
    routescan: await entry("routescan", chain?.routescan),
  };
}
