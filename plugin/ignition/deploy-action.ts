import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { TaskArguments } from "hardhat/types/tasks";
import { userError } from "../internal/pluginError.js";

/**
 * `ignition deploy … --verify` with `explorerVerify.ignitionVerify`: refused before anything is deployed on Hardhat's
 * in-process chain, whose deployments Ignition does not keep (a folder of the same id is an earlier deployment's, which
 * would be verified instead); Ignition's own deploy otherwise.
 * @param args - as Hardhat Ignition declares them
 * @param hre - the Hardhat runtime
 * @param runSuper - Ignition's deploy
 * @returns Ignition's result
 */
export default async function ignitionDeployAction(
  args: TaskArguments,
  hre: HardhatRuntimeEnvironment,
  runSuper: (args: TaskArguments) => Promise<unknown>,
): Promise<unknown> {
  const network = hre.globalOptions.network ?? "default";
  if (
    args.verify === true &&
    !args.writeLocalhostDeployment &&
    hre.config.networks[network]?.type === "edr-simulated"
  )
    throw userError(
      `The network "${network}" is Hardhat's in-process chain: nothing deployed there outlives the command, so nothing can be verified. Deploy with --network NAME (a node started with npx hardhat node is "localhost"), or drop --verify.`,
    );
  return runSuper(args);
}
