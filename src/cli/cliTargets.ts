import { existsSync } from "node:fs";
import { join } from "node:path";
import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { InvalidInputError } from "../errors/index.js";
import { type FoundryConfig, outsideProjectField, readFoundryConfig } from "../inputs/foundryConfig.js";
import { endpointEntries } from "../run/chainEndpoints.js";
import { foundryBlockscoutExplorer } from "../run/foundryExplorer.js";
import { type ChainClaim, chainPlaces, type RunTargets, resolveTargets } from "../run/targets.js";
import type { Service } from "../verify/verifier.js";
import {
  apiKeyFromEnvironment,
  etherscanKeyFromEnvironment,
  routescanKeyFromEnvironment,
} from "./arguments.js";
import { foundryCompilers } from "./foundryCompilers.js";

/** What the command line (and the project's foundry.toml) says about where to verify: facts, for the hall. */
export interface CliWhere {
  explorerUrl: string | undefined;
  chainId: number | undefined;
  rpcUrl: string | undefined;
  /** The chains the deployments read record, each with its deployment. */
  recorded?: readonly ChainClaim[];
  /** The services to verify on. */
  targets: readonly Service[];
  optionalTargets?: readonly Service[];
  /** The `--user-agent` setting. */
  userAgent?: string | undefined;
  /** The `--timeout` setting: the RPC's answer to its chain id is awaited no longer. */
  timeoutSeconds?: number | undefined;
  /** When the run's chain reads must end: the chain id is awaited no longer. */
  readsEndAt?: number | undefined;
  foundry: FoundryConfig | undefined;
  cwd: string;
  /** `--endpoint CHAIN=SERVICE=URL` and `--endpoint-key CHAIN=SERVICE=VARIABLE`, as given. */
  endpoints?: EndpointFlagValues | undefined;
}

/** The flags that give a chain its own endpoint of a service, and the variable holding its key; repeatable. */
export const endpointFlags = {
  endpoint: { type: "string", multiple: true },
  "endpoint-key": { type: "string", multiple: true },
} as const;

/** What {@link endpointFlags} read. */
export interface EndpointFlagValues {
  endpoint?: string[] | undefined;
  "endpoint-key"?: string[] | undefined;
}

const howToNameExplorer =
  "Give --explorer-url URL (the Blockscout explorer), --chain-id N (its chain), or --rpc-url URL of a local chain to use the embedded local explorer.";

/**
 * The run's targets for `verify`, `status` and `fetch` alike: the keys from the environment, `--explorer-url`, the
 * chain from `--chain-id`, the deployments and `--rpc-url` (which must agree), a local chain's embedded explorer
 * (its state under `cache/explorer-verify`, so reruns and `status` see earlier work), and foundry.toml's
 * `[etherscan]` entry for the chain, whose URL names the Blockscout explorer as forge reads that table for every
 * verifier (its key when `EXPLORER_VERIFY_API_KEY` is not set).
 *
 * @param where - the flags and the project's settings
 * @returns the targets
 * @throws {UsageError} when a key variable is set but empty
 * @throws {InvalidInputError} as the hall's resolver does (nothing names an explorer or a chain, chains that
 *   disagree, a URL that is not http(s), …)
 */
export async function resolveCliTargets(where: CliWhere): Promise<RunTargets> {
  const { explorerUrl, chainId, rpcUrl, foundry, cwd } = where;
  const blockscoutKey = apiKeyFromEnvironment();
  const endpoints = endpointEntries(
    { urls: where.endpoints?.endpoint ?? [], keys: where.endpoints?.["endpoint-key"] ?? [] },
    { urls: "--endpoint", keys: "--endpoint-key" },
  );
  return resolveTargets({
    services: where.targets,
    optional: where.optionalTargets,
    chains: chainPlaces({
      given: chainId === undefined ? undefined : { id: chainId, source: "--chain-id" },
      recorded: where.recorded,
      rpc: rpcUrl ? { url: rpcUrl, source: "--rpc-url" } : undefined,
    }),
    explorerUrl: explorerUrl ? { url: explorerUrl, source: "--explorer-url" } : undefined,
    explorerFor: async (id) => foundryBlockscoutExplorer(foundry, id, blockscoutKey),
    endpointsFor: async (id) => endpoints[id],
    howToGiveChainKey: (id, service) =>
      `give --endpoint-key ${id}=${service}=VARIABLE, the environment variable holding that endpoint's key`,
    keys: {
      blockscout: blockscoutKey,
      etherscan: where.targets.includes("etherscan") ? etherscanKeyFromEnvironment() : undefined,
      routescan: where.targets.includes("routescan") ? routescanKeyFromEnvironment() : undefined,
    },
    userAgent: where.userAgent,
    timeoutSeconds: where.timeoutSeconds,
    readsEndAt: where.readsEndAt,
    localExplorer: {
      cacheDir: join(cwd, "cache", "explorer-verify"),
      compilers: [...projectSolcJs(cwd), ...foundryCompilers(cwd, foundry)],
    },
    howToNameExplorer,
    howToGiveEtherscanKey: "set ETHERSCAN_API_KEY in the environment",
    howToReachLocalChain:
      "give --rpc-url URL of the chain, and the embedded local explorer verifies on it, or give --explorer-url",
  });
}

/**
 * The project's foundry.toml, when the current folder has one. A file this reader cannot read is left aside with a
 * warning: the flags still say everything, and a Hardhat project with a foundry.toml beside it keeps working. A path
 * in it that leads outside the project is refused.
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
    // A path leading outside the project is refused, not left aside: the file names what to read and upload.
    if (
      !isExplorerVerifyError(error) ||
      (error instanceof InvalidInputError && error.field === outsideProjectField)
    )
      throw error;
    warn(`foundry.toml is not read: ${error.shortMessage}`);
    return undefined;
  }
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
