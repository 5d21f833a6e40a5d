import { existsSync } from "node:fs";
import { join } from "node:path";
import type { LocalExplorer } from "../local-explorer/index.js";
import { apiKeyFromEnvironment } from "./arguments.js";
import { UsageError } from "./cliErrors.js";

/** Where a command sends its requests. */
export interface CliExplorerTarget {
  explorerUrl: string;
  apiKey: string | undefined;
  /** Set when the embedded local explorer serves this run; close it at the end. */
  localExplorer: LocalExplorer | undefined;
  /** For the first output line. */
  description: string;
}

const localChainIds = new Set([31337, 1337]);

/**
 * Chooses the explorer: `--explorer-url`; else, for a local chain (`--rpc-url` with chain id 31337 or 1337), the
 * embedded local explorer, which keeps its state under `cache/explorer-verify` so reruns and `status` see earlier
 * work. Everything the user typed is checked before any request.
 *
 * @param explorerUrl - the `--explorer-url` flag
 * @param rpcUrl - the `--rpc-url` flag
 * @param cwd - the project folder (the local explorer's state and the project's `solc` are found here)
 * @returns the target
 * @throws {UsageError} when neither flag leads to an explorer, or the key variable is set but empty
 * @throws {InvalidInputError} when the explorer URL is not an http(s) URL
 */
export async function resolveCliExplorerTarget(
  explorerUrl: string | undefined,
  rpcUrl: string | undefined,
  cwd: string,
): Promise<CliExplorerTarget> {
  if (explorerUrl) {
    const { resolveExplorerUrls } = await import("../client/explorerUrl.js");
    resolveExplorerUrls(explorerUrl);
    return {
      explorerUrl,
      apiKey: apiKeyFromEnvironment(),
      localExplorer: undefined,
      description: explorerUrl,
    };
  }
  if (!rpcUrl) {
    throw new UsageError(
      "Give --explorer-url URL (the Blockscout explorer), or --rpc-url URL of a local chain to use the embedded local explorer.",
    );
  }
  const { JsonRpcChain } = await import("../chain/jsonRpcChain.js");
  const chainId = await new JsonRpcChain(rpcUrl).chainId().catch((error: unknown) => {
    throw new UsageError(
      `Cannot read the chain id from --rpc-url ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  });
  if (!localChainIds.has(chainId)) {
    throw new UsageError(
      `Chain ${chainId} is not a local chain: give --explorer-url URL, the chain's Blockscout explorer.`,
    );
  }
  // Loaded only here: a run against a real explorer does not need the compiler and chain code behind it.
  const { startLocalExplorer } = await import("../local-explorer/index.js");
  const localExplorer = await startLocalExplorer({
    rpcUrl,
    cacheDir: join(cwd, "cache", "explorer-verify"),
    compilers: projectSolcJs(cwd),
  });
  return {
    explorerUrl: localExplorer.url,
    apiKey: undefined,
    localExplorer,
    description: `the local explorer at ${localExplorer.url} (local chain ${chainId}, no --explorer-url)`,
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
