import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { TaskArguments } from "hardhat/types/tasks";

/**
 * `ignition verify <id>` (and `ignition deploy … --verify`): with `explorerVerify.ignitionVerify`, the deployment is
 * verified as `explorer-verify --deployment <id> --include-proxies` verifies it, on every configured target, with the
 * ledger; without it, hardhat-verify does, as before.
 * @param args - as Hardhat Ignition declares them: the deployment's ID and `--force`
 * @param hre - the Hardhat runtime
 * @param runSuper - Hardhat Ignition's own action
 */
export default async function ignitionVerifyAction(
  args: TaskArguments,
  hre: HardhatRuntimeEnvironment,
  runSuper: (args: TaskArguments) => Promise<unknown>,
): Promise<unknown> {
  if (!hre.config.explorerVerify.ignitionVerify) return runSuper(args);
  const deploymentId = String(args.deploymentId);
  console.log(
    `explorer-verify verifies the deployment ${deploymentId}, not hardhat-verify (explorerVerify.ignitionVerify in the Hardhat config)`,
  );
  return hre.tasks
    .getTask("explorer-verify")
    .run({ deployment: deploymentId, force: args.force === true, includeProxies: true });
}
