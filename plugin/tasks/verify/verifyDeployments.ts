import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { deploymentIds } from "../../../src/run/hardhat/taskArgumentChecks.js";
import { taskLedger } from "../../../src/run/hardhat/taskDeployments.js";
import { namedBesideBundle, verifyTask } from "../../../src/run/hardhat/taskRuns.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import type { RunSettingValues } from "../../../src/run/settings.js";
import type { ChainClaim } from "../../../src/run/targets/targets.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { endWith, projectPaths } from "../../internal/taskRun.js";
import { resolveTaskTargets } from "../../internal/taskTargets.js";
import type { VerifyTaskArguments } from "./taskArguments.js";

/**
 * Verifies several deployments (Ignition IDs, hardhat-deploy or rocketh network folders) in one batch, each on its own
 * chain's explorer: `--deployment all`, a comma-separated list, or IDs after `--deployment` (Hardhat takes an option
 * once). A deployment's chain comes from its journal (else its folder `chain-<id>`) or its chain file; its explorer from the Hardhat network whose `chainId` matches
 * (as `--network` would choose it, the embedded local explorer included), else `explorerVerify.chains`, the chain
 * descriptors or the lookup by chain id.
 * @param hre - the Hardhat runtime
 * @param args - the task's arguments
 * @param settings - the run's settings
 */
export async function verifyDeployments(
  hre: HardhatRuntimeEnvironment,
  args: VerifyTaskArguments,
  settings: RunSettingValues,
): Promise<void> {
  const paths = projectPaths(hre);
  const ids = await asUserErrors(async () => deploymentIds(args, paths.ignitionDeployments));
  if (settings.preflight)
    throw userError("--preflight checks one deployment at a time: give one --deployment and its --network.");
  const { taskDeployments } = await import("../../../src/run/hardhat/taskDeployments.js");
  const { jobs, claims } = await asUserErrors(() => taskDeployments(paths, ids));
  await verifyOnChains(hre, args, settings, jobs, claims);
}

/**
 * Verifies every contract of a bundle (`--bundle FILE`), each on its own chain's targets, with no build: the bundle is
 * read and checked whole (every input against its hash) before anything is sent.
 * @param hre - the Hardhat runtime
 * @param args - the task's arguments
 * @param settings - the run's settings
 */
export async function verifyBundle(
  hre: HardhatRuntimeEnvironment,
  args: VerifyTaskArguments,
  settings: RunSettingValues,
): Promise<void> {
  const naming = namedBesideBundle(args, settings, args.writeBundle);
  const { bundledJobs } = await import("../../../src/run/jobs/bundledJobs.js");
  const { jobs, claims } = await asUserErrors(() =>
    bundledJobs({ given: args.bundle ?? "", file: (given) => resolve(given), field: "--bundle", naming }),
  );
  await verifyOnChains(hre, args, settings, jobs, claims);
}

// Each chain's jobs on its targets, as --network would choose them: the network whose chainId matches, else the chain id.
async function verifyOnChains(
  hre: HardhatRuntimeEnvironment,
  args: VerifyTaskArguments,
  settings: RunSettingValues,
  jobs: VerificationJob[],
  recorded: ChainClaim[],
): Promise<void> {
  const reporter = new RunReporter({ json: args.json, table: true });
  const targets = await resolveTaskTargets(hre, {
    explorerUrl: args.explorerUrl,
    recorded,
    services: settings.targets,
    optionalTargets: settings.optionalTargets,
    userAgent: settings.userAgent,
  });
  try {
    const ledger = taskLedger(
      hre.config.paths.root,
      args.ledger,
      targets.localExplorers.length > 0 && !args.ledger,
    );
    const run = { settings, targets, reporter, ledger, writeBundle: args.writeBundle };
    await endWith(await asUserErrors(() => verifyTask(run, jobs)), settings.optionalTargets);
  } finally {
    await targets.close();
  }
}
