import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { type FoundryConfig, foundryExplorerFor, readFoundryConfig } from "../inputs/foundryConfig.js";
import { chainIdOfDeployment } from "../run/chainIdOfDeployment.js";
import { type ExplorerTarget, resolveExplorerTarget } from "../run/explorerTarget.js";
import type { VerifierKind } from "../verify/verifier.js";
import { apiKeyFromEnvironment } from "./arguments.js";
import { resolveCliExplorerTarget } from "./explorerTarget.js";

/**
 * The project's foundry.toml, when the current folder has one. A file this reader cannot read is left aside with a
 * warning: the flags still say everything, and a Hardhat project with a foundry.toml beside it keeps working.
 *
 * @param cwd - the current folder
 * @param warn - told why the file was left aside
 * @returns the settings, or undefined
 */
export async function projectFoundryConfig(
  cwd: string,
  warn: (line: string) => void,
): Promise<FoundryConfig | undefined> {
  try {
    return await readFoundryConfig(cwd);
  } catch (error) {
    if (!isExplorerVerifyError(error)) throw error;
    warn(`foundry.toml is not read: ${error.shortMessage}`);
    return undefined;
  }
}

/** What the command line says about where to verify, and the project's foundry.toml. */
export interface CliTargetRequest {
  explorerUrl: string | undefined;
  chainId: number | undefined;
  rpcUrl: string | undefined;
  deployments: readonly string[];
  cwd: string;
  foundry: FoundryConfig | undefined;
  /** The run's targets; Blockscout unless said otherwise. */
  targets?: readonly VerifierKind[];
}

// Etherscan and its family answer another API: an `[etherscan]` entry for them is forge's, not this tool's.
const etherscanFamily = /(^|\.)(etherscan\.(io|com)|[a-z]+scan\.(io|com|org|xyz))$/i;

/**
 * The CLI's explorer: `--explorer-url` when given; else the `url` that foundry.toml's `[etherscan]` table gives for
 * the chain (`--chain-id`, the chain the deployments name, or the chain behind `--rpc-url`), as forge reads that table for every verifier, with its
 * `key` when `EXPLORER_VERIFY_API_KEY` is not set; else as {@link resolveCliExplorerTarget} decides.
 *
 * @param request - the flags and the project's settings
 * @returns the target
 * @throws {UsageError} or {InvalidInputError} as {@link resolveCliExplorerTarget}, or for an unset `${VAR}`
 */
export async function resolveCliTarget(request: CliTargetRequest): Promise<ExplorerTarget> {
  const { explorerUrl, chainId, rpcUrl, cwd, foundry } = request;
  const chains = new Set(request.deployments.map(chainIdOfDeployment));
  const [deploymentChain] = chains.size === 1 ? [...chains] : [];
  const chain =
    chainId ??
    deploymentChain ??
    (explorerUrl === undefined && rpcUrl && foundry?.etherscan.some((entry) => entry.url)
      ? await chainOf(rpcUrl)
      : undefined);
  const withoutBlockscout = request.targets !== undefined && !request.targets.includes("blockscout");
  const entry =
    explorerUrl === undefined && foundry && chain !== undefined && !withoutBlockscout
      ? foundryExplorerFor(foundry, chain)
      : undefined;
  if (!entry?.url || etherscanFamily.test(hostOf(entry.url)))
    return resolveCliExplorerTarget(
      { explorerUrl, chainId, rpcUrl, deployment: request.deployments[0], targets: request.targets },
      cwd,
    );
  const key = apiKeyFromEnvironment() ?? entry.key;
  const target = await resolveExplorerTarget({
    explorerUrl: { url: entry.url, source: `[etherscan] ${entry.name} of ${foundry?.path}` },
    chainId: {
      id: chain as number,
      source:
        chainId !== undefined
          ? "--chain-id"
          : deploymentChain !== undefined
            ? "the deployment's path"
            : "--rpc-url",
    },
    apiKey: key,
    howToNameExplorer: "Give --explorer-url URL (the Blockscout explorer) or --chain-id N (its chain).",
  });
  return { ...target, description: `${entry.url} ([etherscan] ${entry.name} in foundry.toml)` };
}

// The chain behind --rpc-url; one that does not answer is left to the usual resolver to report.
async function chainOf(rpcUrl: string): Promise<number | undefined> {
  const { JsonRpcChain } = await import("../chain/jsonRpcChain.js");
  return new JsonRpcChain(rpcUrl).chainId().catch(() => undefined);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
