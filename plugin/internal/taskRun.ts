import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { Service } from "../../src/run/commands/requestFacts.js";
import type { RunResults } from "../../src/run/commands/runReport.js";
import type { TaskVerifyRequest } from "../../src/run/commands/verifyRequest.js";

/**
 * Where the project keeps what the task reads, from Hardhat's config.
 * @param hre - the Hardhat runtime
 * @returns the project's root, artifacts and Ignition deployments
 */
export function projectPaths(hre: HardhatRuntimeEnvironment): TaskVerifyRequest["paths"] {
  // Set by the Ignition plugin when the project has it; Hardhat's own type does not name it.
  const { paths } = hre.config;
  const ignition =
    "ignition" in paths && typeof paths.ignition === "string" ? paths.ignition : join(paths.root, "ignition");
  return {
    root: hre.config.paths.root,
    artifacts: hre.config.paths.artifacts,
    ignitionDeployments: join(ignition, "deployments"),
  };
}

/**
 * Ends the task as its run ended: an interrupted run exits at once with the signal's code (answers still in flight
 * must not hold the process; the table is printed), a failed one sets exit code 1.
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 */
export async function endWith(results: RunResults, optionalTargets: readonly Service[]): Promise<void> {
  const { runExitCode } = await import("../../src/run/commands/runReport.js");
  const code = runExitCode(results, optionalTargets);
  if (results.interruptedBy) process.exit(code);
  if (code !== 0) process.exitCode = code;
}
