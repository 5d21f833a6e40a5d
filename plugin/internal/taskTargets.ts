import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { HardhatWhere } from "../../src/run/hardhat/hardhatTargets.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import { asUserErrors } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

/** What the task knows of where a run goes, besides Hardhat's config: the open network, if any, and the options. */
export type TaskWhere = Omit<HardhatWhere, "config" | "network" | "networkNamed" | "localExplorer"> & {
  connection?: NetworkConnection | undefined;
};

/**
 * The run's targets for the task's commands: Hardhat's config, network and compilers handed to the hall as facts.
 *
 * @param hre - the Hardhat runtime
 * @param where - the network, the options, the deployments' chains
 * @returns the targets
 * @throws {HardhatPluginError} when the hall refuses where the run goes
 */
export async function resolveTaskTargets(
  hre: HardhatRuntimeEnvironment,
  { connection, ...where }: TaskWhere,
): Promise<RunTargets> {
  const { hardhatTargets } = await import("../../src/run/hardhat/hardhatTargets.js");
  const { ProviderChain } = await import("../../src/run/hardhat/providerChain.js");
  const network = connection && {
    name: connection.networkName,
    chainId: Number(await new ProviderChain(connection.provider).chainId()),
    rpcUrl: connection.networkConfig.type === "http" ? await connection.networkConfig.url.get() : undefined,
  };
  return asUserErrors(async () =>
    hardhatTargets({
      ...where,
      config: hre.config,
      network,
      networkNamed: hre.globalOptions.network !== undefined,
      localExplorer: {
        cacheDir: join(hre.config.paths.cache, "explorer-verify"),
        compilers: projectCompilers(hre),
      },
    }),
  );
}
