import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { isHardhatDeployFolder } from "../../../src/inputs/hardhatDeployFiles.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import { asUserErrors } from "../../internal/pluginError.js";

/**
 * The hardhat-deploy or rocketh network folder a `--deployment` value names (`deployments/sepolia`, from the project
 * root), when it names one rather than an Ignition deployment.
 * @param hre - the Hardhat runtime
 * @param id - the value
 * @returns the folder, or undefined for an Ignition deployment's ID
 */
export function hardhatDeployFolder(hre: HardhatRuntimeEnvironment, id: string): string | undefined {
  const path = resolve(hre.config.paths.root, id);
  return isHardhatDeployFolder(path) ? path : undefined;
}

/**
 * The jobs of a hardhat-deploy or rocketh network folder, and the chain it records.
 * @param hre - the Hardhat runtime
 * @param id - the value as given
 * @param folder - the folder it names
 * @returns the jobs and the chain id
 */
export async function hardhatDeployTaskJobs(
  hre: HardhatRuntimeEnvironment,
  id: string,
  folder: string,
): Promise<{ jobs: VerificationJob[]; chainId: number }> {
  const { hardhatDeployJobs } = await import("../../../src/run/hardhatDeployJobs.js");
  const deployment = await asUserErrors(() =>
    hardhatDeployJobs(folder, id, hre.config.paths.root, undefined),
  );
  return { jobs: deployment.contracts.map(({ job }) => job), chainId: deployment.chainId };
}
