import { existsSync } from "node:fs";
import { join } from "node:path";
import { type ExplorerTarget, resolveExplorerTarget } from "../run/explorerTarget.js";
import { apiKeyFromEnvironment } from "./arguments.js";
import { UsageError } from "./cliErrors.js";
import { foundryCompilers } from "./foundryCompilers.js";

/**
 * The hall's explorer for the CLI's flags: `--explorer-url`; else `--chain-id` (the chain's Blockscout explorer);
 * else, for a local chain behind `--rpc-url` (chain id 31337 or 1337), the embedded local explorer, which keeps its
 * state under `cache/explorer-verify` so reruns and `status` see earlier work.
 *
 * @param explorerUrl - the `--explorer-url` flag
 * @param chainId - the `--chain-id` flag
 * @param rpcUrl - the `--rpc-url` flag
 * @param cwd - the project folder (the local explorer's state and the project's `solc` are found here)
 * @returns the target
 * @throws {UsageError} when no flag leads to an explorer, or the key variable is set but empty
 * @throws {InvalidInputError} when the explorer URL is not an http(s) URL
 */
export async function resolveCliExplorerTarget(
  explorerUrl: string | undefined,
  chainId: number | undefined,
  rpcUrl: string | undefined,
  cwd: string,
): Promise<ExplorerTarget> {
  const howToNameExplorer =
    "Give --explorer-url URL (the Blockscout explorer), --chain-id N (its chain), or --rpc-url URL of a local chain to use the embedded local explorer.";
  if (!explorerUrl && chainId === undefined && !rpcUrl) throw new UsageError(howToNameExplorer);
  return resolveExplorerTarget({
    explorerUrl: explorerUrl ? { url: explorerUrl, source: "--explorer-url" } : undefined,
    chainId: chainId === undefined ? undefined : { id: chainId, source: "--chain-id" },
    apiKey: apiKeyFromEnvironment(),
    localChain: !explorerUrl && chainId === undefined && rpcUrl ? await localChain(rpcUrl, cwd) : undefined,
    howToNameExplorer,
  });
}

async function localChain(
  rpcUrl: string,
  cwd: string,
): Promise<{ rpcUrl: string; chainId: number; cacheDir: string; compilers: string[] }> {
  const { JsonRpcChain } = await import("../chain/jsonRpcChain.js");
  const chainId = await new JsonRpcChain(rpcUrl).chainId().catch((error: unknown) => {
    throw new UsageError(
      `Cannot read the chain id from --rpc-url ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  });
  if (chainId !== 31337 && chainId !== 1337) {
    throw new UsageError(
      `Chain ${chainId} is not a local chain: give --explorer-url URL, the chain's Blockscout explorer, or --chain-id ${chainId}.`,
    );
  }
  return {
    rpcUrl,
    chainId,
    cacheDir: join(cwd, "cache", "explorer-verify"),
    compilers: [...projectSolcJs(cwd), ...foundryCompilers(cwd)],
  };
}

/**
 * The npm `solc` of the project, when it installed one: the local explorer and preflight compile with it.
 *
 * @param cwd - the project folder
 * @returns the compiler files found
 */
export function projectSolcJs(cwd: string): string[] {
  const soljson = join(cwd, "node_modules", "solc", "soljson.js");
  return existsSync(soljson) ? [soljson] : [];
}
