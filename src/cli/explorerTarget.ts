import { existsSync } from "node:fs";
import { join } from "node:path";
import { chainIdOfDeployment } from "../run/chainIdOfDeployment.js";
import { type ExplorerTarget, resolveExplorerTarget } from "../run/explorerTarget.js";
import type { VerifierKind } from "../verify/verifier.js";
import { apiKeyFromEnvironment } from "./arguments.js";
import { UsageError } from "./cliErrors.js";
import { foundryCompilers } from "./foundryCompilers.js";

/** The CLI's flags that say where to verify. */
export interface CliTargetFlags {
  explorerUrl: string | undefined;
  chainId: number | undefined;
  rpcUrl: string | undefined;
  /** A deployment path, which may name its chain (`broadcast/…/<chainId>/run-latest.json`). */
  deployment?: string | undefined;
  /** The run's targets; Blockscout unless said otherwise. */
  targets?: readonly VerifierKind[];
}

/**
 * The hall's explorer for the CLI's flags: `--explorer-url`; else `--chain-id` (the chain's Blockscout explorer);
 * else, for a local chain behind `--rpc-url` (chain id 31337 or 1337), the embedded local explorer, which keeps its
 * state under `cache/explorer-verify` so reruns and `status` see earlier work. Etherscan and Sourcify need only the
 * chain: `--chain-id`, the deployment's path, or the chain behind `--rpc-url`.
 *
 * @param flags - the flags that say where
 * @param cwd - the project folder (the local explorer's state and the project's `solc` are found here)
 * @returns the target
 * @throws {UsageError} when no flag leads to an explorer, or the key variable is set but empty
 * @throws {InvalidInputError} when the explorer URL is not an http(s) URL
 */
export async function resolveCliExplorerTarget(flags: CliTargetFlags, cwd: string): Promise<ExplorerTarget> {
  const { explorerUrl, rpcUrl } = flags;
  const withoutBlockscout = flags.targets !== undefined && !flags.targets.includes("blockscout");
  const howToNameExplorer =
    "Give --explorer-url URL (the Blockscout explorer), --chain-id N (its chain), or --rpc-url URL of a local chain to use the embedded local explorer.";
  const pathChainId = chainIdOfDeployment(flags.deployment);
  if (!explorerUrl && flags.chainId === undefined && pathChainId === undefined && !rpcUrl)
    throw new UsageError(howToNameExplorer);
  const chainFromRpc =
    rpcUrl && flags.chainId === undefined && (!explorerUrl || withoutBlockscout)
      ? await rpcChainId(rpcUrl)
      : undefined;
  const isLocal = chainFromRpc === 31337 || chainFromRpc === 1337;
  if (
    !explorerUrl &&
    !withoutBlockscout &&
    chainFromRpc !== undefined &&
    !isLocal &&
    pathChainId === undefined
  ) {
    throw new UsageError(
      `Chain ${chainFromRpc} is not a local chain: give --explorer-url URL, the chain's Blockscout explorer, or --chain-id ${chainFromRpc}.`,
    );
  }
  const local =
    rpcUrl && chainFromRpc !== undefined && isLocal && !explorerUrl && !withoutBlockscout
      ? {
          rpcUrl,
          chainId: chainFromRpc,
          cacheDir: join(cwd, "cache", "explorer-verify"),
          compilers: [...projectSolcJs(cwd), ...foundryCompilers(cwd)],
        }
      : undefined;
  const known = flags.chainId ?? chainFromRpc ?? pathChainId;
  return resolveExplorerTarget({
    explorerUrl: explorerUrl ? { url: explorerUrl, source: "--explorer-url" } : undefined,
    chainId:
      known === undefined
        ? undefined
        : {
            id: known,
            source:
              flags.chainId !== undefined
                ? "--chain-id"
                : chainFromRpc !== undefined
                  ? "--rpc-url"
                  : "the deployment's path",
          },
    apiKey: apiKeyFromEnvironment(),
    localChain: local,
    withoutBlockscout,
    howToNameExplorer,
  });
}

async function rpcChainId(rpcUrl: string): Promise<number> {
  const { JsonRpcChain } = await import("../chain/jsonRpcChain.js");
  return new JsonRpcChain(rpcUrl).chainId().catch((error: unknown) => {
    throw new UsageError(
      `Cannot read the chain id from --rpc-url ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  });
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
