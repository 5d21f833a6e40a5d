import type { Service } from "../../verify/verifier.js";
import type { ChainEndpoints, NamedKey, ServiceEndpoint } from "../targets/chainEndpoints.js";
import type { ExplorerVerifySection } from "./explorerVerifyConfig.js";

/** A configuration variable as Hardhat resolves it: its value is read when asked for, and may be unset. */
export interface ConfigValue {
  get(): Promise<string>;
}

interface DescribedExplorer {
  url?: string;
  apiUrl?: string;
}

/** What the Hardhat config (`hre.config`) holds that says where a run goes: handed in as it is. */
export interface HardhatConfigFacts {
  explorerVerify: ExplorerVerifySection<ConfigValue>;
  chainDescriptors: ReadonlyMap<
    bigint,
    { blockExplorers: { blockscout?: DescribedExplorer; etherscan?: DescribedExplorer } }
  >;
  networks: Record<string, { type: string; chainId?: number; url?: ConfigValue }>;
}

/**
 * Reads an optional key or header: one given as configVariable("X") with X unset means "none". Hardhat fails only
 * when the value is read, so it is read here and a missing variable (HardhatError 7, ENV_VAR_NOT_FOUND) is no value.
 *
 * @param variable - the configured value
 * @returns its text, or undefined for none
 */
export async function optionalValue(variable: ConfigValue | undefined): Promise<string | undefined> {
  if (!variable) return undefined;
  try {
    return (await variable.get()) || undefined;
  } catch (error) {
    if (error instanceof Error && error.name === "HardhatError" && "number" in error && error.number === 7)
      return undefined;
    throw error;
  }
}

/**
 * Reads configured headers, leaving out those whose variable is unset.
 *
 * @param variables - the headers as configured
 * @returns their values
 */
export async function headerValues(variables: Record<string, ConfigValue>): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, variable] of Object.entries(variables)) {
    const value = await optionalValue(variable);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/**
 * What the Hardhat config names for one chain's services: `explorerVerify.chains[id]`'s `etherscan`, `sourcify` and
 * `routescan` entries, over the chain descriptor's `blockExplorers.etherscan` as hardhat-verify 3 reads it (`apiUrl`
 * the endpoint, `url` the site its links point to).
 *
 * @param config - the Hardhat config
 * @param chainId - the chain
 * @param readKey - reads a configured key (an unset variable: none)
 * @returns the chain's entries
 */
export async function configEndpoints(
  config: HardhatConfigFacts,
  chainId: number,
  readKey: (variable: ConfigValue | undefined) => Promise<string | undefined> = optionalValue,
): Promise<ChainEndpoints> {
  const chain = config.explorerVerify.chains[String(chainId)];
  const section = `explorerVerify.chains["${chainId}"]`;
  const described = config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.etherscan;
  const descriptor = `chainDescriptors[${chainId}].blockExplorers.etherscan`;
  const key = async (variable: ConfigValue, source: string): Promise<NamedKey | undefined> => {
    const value = await readKey(variable);
    return value === undefined ? undefined : { value, source };
  };
  const entry = async (
    service: Exclude<Service, "blockscout">,
    given: { apiUrl?: string; apiKey?: ConfigValue } | undefined,
  ): Promise<ServiceEndpoint> => ({
    ...(given?.apiUrl ? { url: { url: given.apiUrl, source: `${section}.${service}.apiUrl` } } : {}),
    ...(given?.apiKey ? { apiKey: await key(given.apiKey, `${section}.${service}.apiKey`) } : {}),
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
