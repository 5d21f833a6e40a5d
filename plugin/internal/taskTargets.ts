import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { Service } from "../../src/run/commands/requestFacts.js";
import type { HardhatRunWhere, OpenNetwork } from "../../src/run/commands/runWhere.js";
import { asUserErrors, userError } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

/**
 * Runs a task's work given Hardhat's world for the hall, as facts: the config, `--network` (opened only when the hall
 * asks, and closed after the work), the project's compilers and cache, and the options. This package's errors become
 * Hardhat plugin errors (see {@link asUserErrors}).
 *
 * @param hre - the Hardhat runtime
 * @param options - `--explorer-url`, the user agent and optional targets, and whether the network is read at all (a
 *   status or fetch with `--explorer-url` and no `--network` has no chain id to look up, no local explorer to start)
 * @param work - the task's work, given the facts
 * @returns what the work returns
 */
export async function withTaskWhere<T>(
  hre: HardhatRuntimeEnvironment,
  options: {
    explorerUrl: string | undefined;
    userAgent?: string | undefined;
    optionalTargets?: readonly Service[] | undefined;
    network?: boolean;
    /** The run's read budget: an HTTP network's answer is awaited no longer than it. */
    readTimeoutSeconds?: number | undefined;
    /** The option naming the service the task asks (default `--targets`); null: it asks Blockscout only. */
    serviceFlag?: string | null;
  },
  work: (where: HardhatRunWhere) => Promise<T>,
): Promise<T> {
  let opened: Promise<NetworkConnection> | undefined;
  const override = timeoutOverride(hre, options.readTimeoutSeconds);
  const connection = () => {
    opened ??= hre.network.create(override);
    return opened;
  };
  const network = async (): Promise<OpenNetwork> => {
    const open = await connection();
    const { networkConfig } = open;
    const rpcUrl = networkConfig.type === "http" ? await networkConfig.url.get() : undefined;
    // Where the read budget set the network's timeout, its HHE704 names the option that set it.
    const provider = {
      request: (call: { method: string; params?: unknown[] }) =>
        open.provider.request(call).catch((error: unknown) => {
          if (!override || !isNetworkTimeout(error)) throw error;
          throw userError(
            `Network connection timed out: "${open.networkName}" did not answer within the run's read budget ` +
              `(${options.readTimeoutSeconds} s). Check that its node is running, or raise --read-timeout.`,
          );
        }),
    };
    return { name: open.networkName, provider, rpcUrl };
  };
  const where: HardhatRunWhere = {
    hardhat: {
      ...options,
      config: hre.config,
      network:
        (options.network ?? (!options.explorerUrl || hre.globalOptions.network !== undefined))
          ? network
          : undefined,
      networkNamed: hre.globalOptions.network !== undefined,
      localExplorer: {
        cacheDir: join(hre.config.paths.cache, "explorer-verify"),
        compilers: projectCompilers(hre),
      },
    },
  };
  try {
    return await asUserErrors(() => work(where));
  } finally {
    await (await opened)?.close();
  }
}

// HHE704, Hardhat's NETWORK_TIMEOUT (its HardhatError class is not exported to plugins).
function isNetworkTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "HardhatError" && "number" in error && error.number === 704;
}

// Hardhat waits 300 s for an HTTP network's answer by default: a stalled one must not outlast a shorter read budget.
function timeoutOverride(hre: HardhatRuntimeEnvironment, seconds: number | undefined) {
  const network = hre.globalOptions.network ?? "default";
  const config = hre.config.networks[network];
  if (seconds === undefined || config?.type !== "http" || config.timeout <= seconds * 1_000) return undefined;
  return { network, override: { timeout: seconds * 1_000 } };
}
