import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { Service } from "../../src/run/commands/requestFacts.js";
import type { HardhatRunWhere, OpenNetwork } from "../../src/run/commands/runWhere.js";
import { projectCompilers } from "./projectBuild.js";

/**
 * Hardhat's world for the hall, as facts: the config, `--network` (opened only when the hall asks), the project's
 * compilers and cache, and the options.
 *
 * @param hre - the Hardhat runtime
 * @param options - `--explorer-url`, the user agent and optional targets, and whether the network is read at all (a
 *   status or fetch with `--explorer-url` and no `--network` has no chain id to look up, no local explorer to start)
 * @returns the facts, and `close` for the network
 */
export function taskWhere(
  hre: HardhatRuntimeEnvironment,
  options: {
    explorerUrl: string | undefined;
    userAgent?: string | undefined;
    optionalTargets?: readonly Service[] | undefined;
    network?: boolean;
    /** The run's read budget: an HTTP network's answer is awaited no longer than it. */
    readTimeoutSeconds?: number | undefined;
  },
): HardhatRunWhere & { close(): Promise<void> } {
  let opened: Promise<NetworkConnection> | undefined;
  const connection = () => {
    opened ??= hre.network.create(timeoutOverride(hre, options.readTimeoutSeconds));
    return opened;
  };
  const network = async (): Promise<OpenNetwork> => {
    const open = await connection();
    const { networkConfig } = open;
    const rpcUrl = networkConfig.type === "http" ? await networkConfig.url.get() : undefined;
    return { name: open.networkName, provider: open.provider, rpcUrl };
  };
  return {
    hardhat: {
      config: hre.config,
      network:
        (options.network ?? (!options.explorerUrl || hre.globalOptions.network !== undefined))
          ? network
          : undefined,
      networkNamed: hre.globalOptions.network !== undefined,
      explorerUrl: options.explorerUrl,
      userAgent: options.userAgent,
      optionalTargets: options.optionalTargets,
      localExplorer: {
        cacheDir: join(hre.config.paths.cache, "explorer-verify"),
        compilers: projectCompilers(hre),
      },
    },
    close: async () => {
      await (await opened)?.close();
    },
  };
}

// Hardhat waits 300 s for an HTTP network's answer by default: a stalled one must not outlast a shorter read budget.
function timeoutOverride(hre: HardhatRuntimeEnvironment, seconds: number | undefined) {
  const network = hre.globalOptions.network ?? "default";
  const config = hre.config.networks[network];
  if (seconds === undefined || config?.type !== "http" || config.timeout <= seconds * 1_000) return undefined;
  return { network, override: { timeout: seconds * 1_000 } };
}
