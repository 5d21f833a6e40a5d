import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { HardhatRunWhere, OpenNetwork } from "../../src/run/commands/runWhere.js";
import type { Service } from "../../src/verify/verifier.js";
import { projectCompilers } from "./projectBuild.js";

/** Where a task's run goes, as facts for the hall, and the network it opened for them. */
export interface TaskWhere extends HardhatRunWhere {
  /** Closes the network, if it was opened. */
  close(): Promise<void>;
}

/**
 * Hardhat's world for the hall, as facts: the config, `--network` (opened only when the hall asks), the project's
 * compilers and cache, and the options.
 *
 * @param hre - the Hardhat runtime
 * @param options - `--explorer-url`, the user agent and optional targets, and whether the network is read at all
 * @returns the facts, and the network to close
 */
export function taskWhere(
  hre: HardhatRuntimeEnvironment,
  options: {
    explorerUrl: string | undefined;
    userAgent?: string | undefined;
    optionalTargets?: readonly Service[] | undefined;
    network: boolean;
  },
): TaskWhere {
  let opened: Promise<NetworkConnection> | undefined;
  const connection = () => {
    opened ??= hre.network.create();
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
      network: options.network ? network : undefined,
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

/**
 * Whether a one-explorer command opens the network: not with `--explorer-url` and no `--network` (no chain id to look
 * up, no local explorer to start); a `--network` named beside it still names the chain, which routes a proapi_ key
 * through the Blockscout API.
 *
 * @param hre - the Hardhat runtime
 * @param explorerUrl - `--explorer-url`
 * @returns true when the network is read
 */
export function readsNetwork(hre: HardhatRuntimeEnvironment, explorerUrl: string | undefined): boolean {
  return !explorerUrl || hre.globalOptions.network !== undefined;
}
