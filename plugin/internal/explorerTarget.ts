import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { resolveExplorerUrls } from "../../src/client/explorerUrl.js";
import { isExplorerVerifyError } from "../../src/errors/ExplorerVerifyError.js";
import type { LocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { ChainAccess } from "./chainAccess.js";
import { userError } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

/** Where verification goes, and how it was chosen (for the output). */
export interface ExplorerTarget {
  explorerUrl: string;
  apiKey: string | undefined;
  /** Set when the embedded local explorer serves this run; close it at the end. */
  localExplorer: LocalExplorer | undefined;
  description: string;
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
 * Chooses the explorer: `--explorer-url`, else the chain descriptor's Blockscout entry (`apiUrl`, else `url`),
 * else, on a local chain, the embedded local explorer with the project's compilers.
 *
 * @param hre - the Hardhat runtime
 * @param connection - the network connection (needed without `--explorer-url`)
 * @param chain - reads of that network (likewise)
 * @param explorerUrlOption - the `--explorer-url` option
 * @returns the target
 * @throws {HardhatPluginError} when no explorer is configured for a non-local chain, or its URL is not http(s)
 */
export async function resolveExplorerTarget(
  hre: HardhatRuntimeEnvironment,
  connection: NetworkConnection | undefined,
  chain: ChainAccess | undefined,
  explorerUrlOption: string | undefined,
): Promise<ExplorerTarget> {
  // The key is read only for a real explorer: a local run must not need the variable to be set.
  const apiKey = async () => hre.config.explorerVerify.apiKey?.get();
  if (explorerUrlOption) {
    return {
      explorerUrl: checkedExplorerUrl(explorerUrlOption, "--explorer-url"),
      apiKey: await apiKey(),
      localExplorer: undefined,
      description: explorerUrlOption,
    };
  }
  if (!connection || !chain)
    throw new Error("resolveExplorerTarget: a network is needed without --explorer-url");
  const chainId = await chain.chainId();
  const blockscout = hre.config.chainDescriptors.get(chainId)?.blockExplorers.blockscout;
  const configured = blockscout?.apiUrl ?? blockscout?.url;
  if (configured) {
    return {
      explorerUrl: checkedExplorerUrl(
        configured,
        `chainDescriptors[${chainId}].blockExplorers.blockscout.${blockscout?.apiUrl ? "apiUrl" : "url"}`,
      ),
      apiKey: await apiKey(),
      localExplorer: undefined,
      description: `${blockscout?.name ?? "Blockscout"} (${configured})`,
    };
  }
  const networkConfig = connection.networkConfig;
  if (localChainIds.has(chainId) && networkConfig.type === "http") {
    const rpcUrl = await networkConfig.url.get();
    const compilers = projectCompilers(hre);
    // Loaded only here: a run against a real explorer does not need the compiler and chain code behind it.
    const { startLocalExplorer } = await import("../../src/local-explorer/localExplorer.js");
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
    };
  }
  throw userError(
    `No explorer is configured for chain ${chainId} (network "${connection.networkName}"). Give --explorer-url, or add chainDescriptors: { ${chainId}: { name: "…", blockExplorers: { blockscout: { url: "https://…", apiUrl: "https://…/api" } } } } to the Hardhat config.`,
  );
}
