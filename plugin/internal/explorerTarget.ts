import { join } from "node:path";
import type { ResolvedConfigurationVariable } from "hardhat/types/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { resolveExplorerUrls } from "../../src/client/explorerUrl.js";
import { checkedHeaders } from "../../src/client/requestHeaders.js";
import { isExplorerVerifyError } from "../../src/errors/explorerVerifyError.js";
import {
  type ExplorerTarget,
  type ExplorerTargetRequest,
  resolveExplorerTarget,
} from "../../src/run/explorerTarget.js";
import { type ServiceSettings, serviceEnvironment } from "../../src/run/serviceVerifiers.js";
import type { ChainAccess } from "./chainAccess.js";
import { asUserErrors, userError } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

export type { ExplorerTarget };

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
 * The hall's explorer for the task: what only Hardhat knows (the network's chain, `explorerVerify.chains`, the
 * chain descriptors, the project's compilers and cache) handed to the one resolver. `--explorer-url` first; else
 * the config's URL for the chain; else its chain descriptor's Blockscout entry; else, on a local chain reached over
 * HTTP, the embedded local explorer; else the chain's Blockscout instance by chain id.
 *
 * @param hre - the Hardhat runtime
 * @param connection - the network connection (needed without `--explorer-url`)
 * @param chain - reads of that network (likewise)
 * @param explorerUrlOption - the `--explorer-url` option
 * @param withoutBlockscout - the run's targets leave Blockscout out: only the chain is wanted
 * @returns the target
 * @throws {HardhatPluginError} when no explorer is known for the chain, no network was named on Hardhat's
 *   in-process chain, a URL is not http(s), or a header is malformed
 */
export async function resolveTaskExplorerTarget(
  hre: HardhatRuntimeEnvironment,
  connection: NetworkConnection | undefined,
  chain: ChainAccess | undefined,
  explorerUrlOption: string | undefined,
  withoutBlockscout = false,
): Promise<ExplorerTarget> {
  if (explorerUrlOption) {
    checkedExplorerUrl(explorerUrlOption, "--explorer-url");
    // The open network's chain still routes a proapi_ key through the Blockscout API, as the Action's explorer-url
    // with chain-id and the CLI's --explorer-url with --chain-id do. A chain that cannot answer names none.
    const chainId = connection && chain ? await chain.chainId().catch(() => undefined) : undefined;
    return taskTarget(hre, chainId, {
      explorerUrl: { url: explorerUrlOption, source: "--explorer-url" },
      ...(chainId === undefined || !connection
        ? {}
        : { chainId: { id: Number(chainId), source: `network "${connection.networkName}"` } }),
      howToNameExplorer: "",
    });
  }
  if (!connection || !chain)
    throw new Error("resolveTaskExplorerTarget: a network is needed without --explorer-url");
  const chainId = await chain.chainId();
  const id = Number(chainId);
  const configured = hre.config.explorerVerify.chains[chainId.toString()]?.explorerUrl;
  const blockscout = hre.config.chainDescriptors.get(chainId)?.blockExplorers.blockscout;
  const described = blockscout?.apiUrl ?? blockscout?.url;
  const named = configured
    ? { url: configured, source: `explorerVerify.chains["${chainId}"].explorerUrl` }
    : described
      ? {
          url: described,
          source: `chainDescriptors[${chainId}].blockExplorers.blockscout.${blockscout?.apiUrl ? "apiUrl" : "url"}`,
        }
      : undefined;
  if (named) checkedExplorerUrl(named.url, named.source);
  const networkConfig = connection.networkConfig;
  const local = chainId === 31337n || chainId === 1337n;
  if (!named && local && networkConfig.type !== "http") {
    // Nothing deployed on Hardhat's in-process chain outlives the command: the user meant another network.
    throw userError(
      hre.globalOptions.network === undefined
        ? `No network given: verify on the network the contracts are deployed to, with --network NAME (or give --explorer-url).`
        : `Network "${connection.networkName}" is Hardhat's in-process chain, which ends with the command: give the --network the contracts are deployed to (a node started with npx hardhat node is "localhost").`,
    );
  }
  return taskTarget(hre, chainId, {
    chainId: { id, source: `network "${connection.networkName}"` },
    withoutBlockscout,
    ...(named ? { explorers: { urls: { [id]: named.url }, source: named.source } } : {}),
    ...(!named && local && networkConfig.type === "http"
      ? {
          localChain: {
            rpcUrl: await networkConfig.url.get(),
            chainId: id,
            cacheDir: join(hre.config.paths.cache, "explorer-verify"),
            compilers: projectCompilers(hre),
          },
        }
      : {}),
    howToNameExplorer: `give --explorer-url, or set explorerVerify.chains["${chainId}"].explorerUrl in the Hardhat config (network "${connection.networkName}")`,
  });
}

/**
 * The target of a chain no Hardhat network names, found from the config, the chain descriptors or the lookup.
 * @param hre - the Hardhat runtime
 * @param chainId - the chain
 * @returns the target
 * @throws {HardhatPluginError} when no explorer is known for the chain
 */
export async function chainExplorerTarget(
  hre: HardhatRuntimeEnvironment,
  chainId: number,
): Promise<ExplorerTarget> {
  const configured = hre.config.explorerVerify.chains[String(chainId)]?.explorerUrl;
  const blockscout = hre.config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.blockscout;
  const described = configured ?? blockscout?.apiUrl ?? blockscout?.url;
  const source = configured
    ? `explorerVerify.chains["${chainId}"].explorerUrl`
    : `chainDescriptors[${chainId}]`;
  if (described) checkedExplorerUrl(described, source);
  return taskTarget(hre, BigInt(chainId), {
    chainId: { id: chainId, source: "the deployment" },
    ...(described
      ? {
          explorers: {
            urls: { [chainId]: described },
            source: `${source}; no Hardhat network has this chainId`,
          },
        }
      : {}),
    howToNameExplorer: `set explorerVerify.chains["${chainId}"].explorerUrl in the Hardhat config, or add a network with chainId ${chainId}`,
  });
}

// The key and headers the config gives: for a chain id, its `explorerVerify.chains` entry's over the top-level ones.
async function taskTarget(
  hre: HardhatRuntimeEnvironment,
  chainId: bigint | undefined,
  request: Omit<ExplorerTargetRequest, "apiKey" | "headers">,
): Promise<ExplorerTarget> {
  const settings = hre.config.explorerVerify;
  const perChain = chainId === undefined ? undefined : settings.chains[chainId.toString()];
  const keyVariable = perChain?.apiKey ?? settings.apiKey;
  const apiKey = await optionalValue(keyVariable);
  const headers = await headerValues({ ...settings.headers, ...perChain?.headers }, chainId);
  const target = await asUserErrors(() => resolveExplorerTarget({ ...request, apiKey, headers }));
  const keyNote =
    keyVariable && apiKey === undefined && !target.localExplorer
      ? ` (no API key: ${variableName(keyVariable)} is not set)`
      : "";
  return { ...target, description: `${target.description}${keyNote}` };
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

/**
 * Etherscan's key and the API roots of Etherscan and Sourcify, from `explorerVerify.etherscan` / `.sourcify` and the
 * environment (which the config overrides). The key is read only here, when a run names Etherscan.
 *
 * @param hre - the Hardhat runtime
 * @returns the services' settings
 */
export async function taskServices(hre: HardhatRuntimeEnvironment): Promise<ServiceSettings> {
  const { etherscan, sourcify } = hre.config.explorerVerify;
  const environment = serviceEnvironment();
  return {
    etherscanApiKey: await optionalValue(etherscan.apiKey),
    etherscanApiUrl: etherscan.apiUrl ?? environment.etherscanApiUrl,
    sourcifyApiUrl: sourcify.apiUrl ?? environment.sourcifyApiUrl,
  };
}
