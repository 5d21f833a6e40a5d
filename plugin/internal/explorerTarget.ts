import { join } from "node:path";
import type { ResolvedConfigurationVariable } from "hardhat/types/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { ExplorerClientOptions } from "../../src/client/explorerClient.js";
import { resolveExplorerUrls } from "../../src/client/explorerUrl.js";
import { checkedHeaders } from "../../src/client/requestHeaders.js";
import { isExplorerVerifyError } from "../../src/errors/explorerVerifyError.js";
import { explorerEnvironment } from "../../src/explorers/environment.js";
import { findExplorerByChainId } from "../../src/explorers/findExplorerByChainId.js";
import type { LocalExplorer } from "../../src/local-explorer/index.js";
import type { ChainAccess } from "./chainAccess.js";
import { userError } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

/** Where verification goes, and how it was chosen (for the output). */
export interface ExplorerTarget {
  explorerUrl: string;
  apiKey: string | undefined;
  /** Set when the embedded local explorer serves this run; close it at the end. */
  localExplorer: LocalExplorer | undefined;
  /** Which explorer, and why it was chosen. */
  description: string;
  /** What a client for this target is given: explorer, chain, key, headers, the Blockscout API's root. */
  client: ExplorerClientOptions;
}

const localChainIds = new Set([31337n, 1337n]);

/**
 * Checks an explorer URL the user gave (option or config) before anything is opened or sent.
 * @param url - the URL
 * @param source - where it came from, for the message
 * @returns the URL unchanged
 * @throws {HardhatPluginError} when it is not an http(s) URL
 */
export function checkedExplorerUrl(url: string, source: string): string {
  try {
    resolveExplorerUrls(url);
  } catch (error) {
    if (isExplorerVerifyError(error)) throw userError(`${source}: ${error.shortMessage}`);
    throw error;
  }
  return url;
}

/**
 * Chooses the explorer: `--explorer-url`; else `explorerVerify.chains[chainId].explorerUrl`; else the chain
 * descriptor's Blockscout entry (the config's or Hardhat's own); else, on a local chain, the embedded local
 * explorer with the project's compilers; else the chain's Blockscout instance by chain id (Blockscout's published
 * list, or the registry shipped with the package).
 *
 * @param hre - the Hardhat runtime
 * @param connection - the network connection (needed without `--explorer-url`)
 * @param chain - reads of that network (likewise)
 * @param explorerUrlOption - the `--explorer-url` option
 * @returns the target
 * @throws {HardhatPluginError} when no explorer is known for the chain, no network was named on Hardhat's
 *   in-process chain, a URL is not http(s), or a header is malformed
 */
export async function resolveExplorerTarget(
  hre: HardhatRuntimeEnvironment,
  connection: NetworkConnection | undefined,
  chain: ChainAccess | undefined,
  explorerUrlOption: string | undefined,
): Promise<ExplorerTarget> {
  const settings = hre.config.explorerVerify;
  const environment = explorerEnvironment();
  const target = (explorerUrl: string, chainId: bigint | undefined, description: string) =>
    explorerTargetFor(hre, explorerUrl, chainId, description);
  if (explorerUrlOption) {
    return target(checkedExplorerUrl(explorerUrlOption, "--explorer-url"), undefined, explorerUrlOption);
  }
  if (!connection || !chain)
    throw new Error("resolveExplorerTarget: a network is needed without --explorer-url");
  const chainId = await chain.chainId();
  const configuredUrl = settings.chains[chainId.toString()]?.explorerUrl;
  if (configuredUrl) {
    const source = `explorerVerify.chains["${chainId}"].explorerUrl`;
    return target(checkedExplorerUrl(configuredUrl, source), chainId, `${configuredUrl} (from ${source})`);
  }
  const blockscout = hre.config.chainDescriptors.get(chainId)?.blockExplorers.blockscout;
  const described = blockscout?.apiUrl ?? blockscout?.url;
  if (described) {
    const source = `chainDescriptors[${chainId}].blockExplorers.blockscout.${blockscout?.apiUrl ? "apiUrl" : "url"}`;
    return target(
      checkedExplorerUrl(described, source),
      chainId,
      `${blockscout?.name ?? "Blockscout"} (${described}, from ${source})`,
    );
  }
  const networkConfig = connection.networkConfig;
  if (localChainIds.has(chainId) && networkConfig.type !== "http") {
    // Nothing deployed on Hardhat's in-process chain outlives the command: the user meant another network.
    throw userError(
      hre.globalOptions.network === undefined
        ? `No network given: verify on the network the contracts are deployed to, with --network NAME (or give --explorer-url).`
        : `Network "${connection.networkName}" is Hardhat's in-process chain, which ends with the command: give the --network the contracts are deployed to (a node started with npx hardhat node is "localhost").`,
    );
  }
  if (localChainIds.has(chainId) && networkConfig.type === "http") {
    const rpcUrl = await networkConfig.url.get();
    const compilers = projectCompilers(hre);
    // Loaded only here: a run against a real explorer does not need the compiler and chain code behind it.
    const { startLocalExplorer } = await import("../../src/local-explorer/index.js");
    const localExplorer = await startLocalExplorer({
      rpcUrl,
      cacheDir: join(hre.config.paths.cache, "explorer-verify"),
      compilers,
    });
    return {
      explorerUrl: localExplorer.url,
      apiKey: undefined,
      localExplorer,
      description: `the local explorer at ${localExplorer.url} (no explorer is configured for local chain ${chainId})`,
      client: { explorerUrl: localExplorer.url },
    };
  }
  let found: Awaited<ReturnType<typeof findExplorerByChainId>>;
  try {
    found = await findExplorerByChainId(Number(chainId), {
      ...environment.lookup,
      howToNameExplorer: `give --explorer-url, or set explorerVerify.chains["${chainId}"].explorerUrl in the Hardhat config (network "${connection.networkName}")`,
    });
  } catch (error) {
    if (isExplorerVerifyError(error)) throw userError(error.shortMessage);
    throw error;
  }
  return target(found.explorerUrl, chainId, found.reason);
}

/**
 * The target for an explorer already chosen, with the key and headers the config gives: for a chain id, its
 * `explorerVerify.chains` entry's over the top-level ones. The key and headers are read only here, for a real
 * explorer: a local run must not need their variables set.
 *
 * @param hre - the Hardhat runtime
 * @param explorerUrl - the explorer
 * @param chainId - its chain, when known (undefined for an `--explorer-url` on its own)
 * @param description - which explorer, and why it was chosen
 * @returns the target
 * @throws {HardhatPluginError} when a header is malformed
 */
export async function explorerTargetFor(
  hre: HardhatRuntimeEnvironment,
  explorerUrl: string,
  chainId: bigint | undefined,
  description: string,
): Promise<ExplorerTarget> {
  const settings = hre.config.explorerVerify;
  const perChain = chainId === undefined ? undefined : settings.chains[chainId.toString()];
  const keyVariable = perChain?.apiKey ?? settings.apiKey;
  const apiKey = await optionalValue(keyVariable);
  const headers = await headerValues({ ...settings.headers, ...perChain?.headers }, chainId);
  const keyNote =
    keyVariable && apiKey === undefined ? ` (no API key: ${variableName(keyVariable)} is not set)` : "";
  const { blockscoutApiUrl } = explorerEnvironment();
  return {
    explorerUrl,
    apiKey,
    localExplorer: undefined,
    description: `${description}${keyNote}`,
    client: {
      explorerUrl,
      apiKey,
      headers,
      ...(chainId === undefined ? {} : { chainId: Number(chainId) }),
      ...(blockscoutApiUrl ? { blockscoutApiUrl } : {}),
    },
  };
}

// An optional key or header given as configVariable("X") with X unset means "none": Hardhat fails only when the
// value is read, so it is read here and a missing variable (HardhatError 7, ENV_VAR_NOT_FOUND) is no value.
async function optionalValue(
  variable: ResolvedConfigurationVariable | undefined,
): Promise<string | undefined> {
  if (!variable) return undefined;
  try {
    return (await variable.get()) || undefined;
  } catch (error) {
    if (isUnsetVariable(error)) return undefined;
    throw error;
  }
}

function isUnsetVariable(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { number?: unknown }).number === 7 &&
    (error as { name?: unknown }).name === "HardhatError"
  );
}

function variableName(variable: ResolvedConfigurationVariable): string {
  const name = (variable as { name?: unknown }).name;
  return typeof name === "string" ? name : "its configuration variable";
}

async function headerValues(
  variables: Record<string, ResolvedConfigurationVariable>,
  chainId: bigint | undefined,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, variable] of Object.entries(variables)) {
    const value = await optionalValue(variable);
    if (value !== undefined) values[name] = value;
  }
  const field =
    chainId === undefined ? "explorerVerify.headers" : `explorerVerify headers for chain ${chainId}`;
  try {
    return checkedHeaders(values, field);
  } catch (error) {
    if (isExplorerVerifyError(error)) throw userError(error.shortMessage);
    throw error;
  }
}
