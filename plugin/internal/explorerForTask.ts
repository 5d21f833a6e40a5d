import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { ExplorerClient } from "../../src/client/explorerClient.js";
import { explorerClientFor } from "../../src/run/explorerTarget.js";
import { ChainAccess } from "./chainAccess.js";
import { type ExplorerTarget, resolveTaskExplorerTarget } from "./explorerTarget.js";

/**
 * Chooses the explorer (opening the network unless `--explorer-url` is given without `--network`) and runs a step with a
 * client for it, closing everything after.
 * @param hre - the Hardhat runtime
 * @param explorerUrl - the `--explorer-url` option
 * @param step - the work
 * @returns the step's result
 */
export async function withExplorer<T>(
  hre: HardhatRuntimeEnvironment,
  explorerUrl: string | undefined,
  step: (client: ExplorerClient, target: ExplorerTarget) => Promise<T>,
): Promise<T> {
  // With --explorer-url and no --network, the network is not needed: no chain id to look up, no local explorer to
  // start. A --network named beside it still names the chain, which routes a proapi_ key through the Blockscout API.
  const connection =
    explorerUrl && hre.globalOptions.network === undefined ? undefined : await hre.network.create();
  try {
    const chain = connection ? new ChainAccess(connection) : undefined;
    const target = await resolveTaskExplorerTarget(hre, connection, chain, explorerUrl);
    // Found from the network: say which explorer and why (on stderr, so that --json stays one document).
    if (!explorerUrl && !target.localExplorer) process.stderr.write(`Explorer: ${target.description}\n`);
    try {
      return await step(explorerClientFor(target), target);
    } finally {
      await target.localExplorer?.close();
    }
  } finally {
    await connection?.close();
  }
}
