import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { TaskArguments } from "hardhat/types/tasks";
import { userError } from "../internal/pluginError.js";
import { projectPaths } from "../internal/taskRun.js";

/**
 * `ignition verify <id>` (and `ignition deploy … --verify`) with `explorerVerify.ignitionVerify`: the deployment is
 * verified as `explorer-verify --deployment <id> --include-proxies` verifies it, on every configured target, with the
 * ledger, instead of by hardhat-verify.
 * @param args - as Hardhat Ignition declares them: the deployment's ID and `--force`
 * @param hre - the Hardhat runtime
 * @returns the task's result
 */
export default async function ignitionVerifyAction(
  args: TaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<unknown> {
  const deploymentId = String(args.deploymentId);
  // Said in Ignition's words: the user typed no --deployment.
  const folder = join(projectPaths(hre).ignitionDeployments, deploymentId);
  if (!existsSync(folder))
    throw userError(
      `Hardhat Ignition kept no deployment ${deploymentId} (${folder}): a deployment to the in-process network is not kept; deploy with --network NAME, then verify it.`,
    );
  console.log(
    `explorer-verify verifies the deployment ${deploymentId}, not hardhat-verify (explorerVerify.ignitionVerify in the Hardhat config)`,
  );
  return hre.tasks
    .getTask("explorer-verify")
    .run({ deployment: deploymentId, force: args.force === true, includeProxies: true });
}
