import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { foundExplorerLine } from "../../src/run/hardhat/hardhatTargets.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import type { Service } from "../../src/verify/verifier.js";
import { resolveTaskTargets } from "./taskTargets.js";

/**
 * Resolves one service's target (opening the network unless `--explorer-url` is given without `--network`) and runs
 * a step with it, closing everything after.
 * @param hre - the Hardhat runtime
 * @param explorerUrl - the `--explorer-url` option
 * @param service - the service asked
 * @param step - the work
 * @returns the step's result
 */
export async function withTarget<T>(
  hre: HardhatRuntimeEnvironment,
  explorerUrl: string | undefined,
  service: Service,
  step: (targets: RunTargets) => Promise<T>,
): Promise<T> {
  // With --explorer-url and no --network, the network is not needed: no chain id to look up, no local explorer to
  // start. A --network named beside it still names the chain, which routes a proapi_ key through the Blockscout API.
  const connection =
    explorerUrl && hre.globalOptions.network === undefined ? undefined : await hre.network.create();
  try {
    const targets = await resolveTaskTargets(hre, {
      connection,
      explorerUrl,
      services: [service],
    });
    try {
      // On stderr, so that --json stays one document.
      const found = foundExplorerLine(targets, explorerUrl);
      if (found) process.stderr.write(`${found}\n`);
      return await step(targets);
    } finally {
      await targets.close();
    }
  } finally {
    await connection?.close();
  }
}
