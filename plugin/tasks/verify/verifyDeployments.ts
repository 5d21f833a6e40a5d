import { readdirSync } from "node:fs";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { withUserAgent } from "../../../src/client/requestHeaders.js";
import { explorerEnvironment } from "../../../src/explorers/environment.js";
import { interruptedExitCode } from "../../../src/run/interruption.js";
import { RunReporter } from "../../../src/run/runReporter.js";
import { runSucceeded, runVerify } from "../../../src/run/runVerify.js";
import type { RunSettingValues } from "../../../src/run/settings.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import { ChainAccess } from "../../internal/chainAccess.js";
import {
  chainExplorerTarget,
  type ExplorerTarget,
  resolveTaskExplorerTarget,
  taskServices,
} from "../../internal/explorerTarget.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { ledgerPath } from "./ledgerOption.js";
import type { VerifyTaskArguments } from "./taskArguments.js";
import { ignitionDeploymentsDir, ignitionJobs } from "./verifyBuilt.js";

/**
 * Verifies several Ignition deployments in one batch, each on its own chain's explorer: `--deployment all`, a
 * comma-separated list, or IDs after `--deployment` (Hardhat takes an option once). A deployment's chain comes
 * from its journal (else its folder `chain-<id>`); its explorer from the Hardhat network whose `chainId` matches
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
  const ids = deploymentIds(hre, args);
  if (args.explorerUrl && ids.length > 1) {
    throw userError(
      "--explorer-url names one explorer: with several deployments each chain's explorer is found by its chain id.",
    );
  }
  if (settings.preflight)
    throw userError("--preflight checks one deployment at a time: give one --deployment and its --network.");
  const reporter = new RunReporter({ json: args.json, table: true });
  const connections: NetworkConnection[] = [];
  const targets = new Map<number, ExplorerTarget>();
  try {
    const jobs: VerificationJob[] = [];
    for (const id of ids) {
      const deployment = await asUserErrors(() => ignitionJobs(hre, id));
      const { chainId } = deployment;
      if (chainId === undefined) {
        throw userError(
          `Deployment "${id}" does not say its chain (no chain id in its journal, and its folder is not chain-<id>).`,
        );
      }
      let target = targets.get(chainId);
      if (!target) {
        target = await targetFor(hre, chainId, args.explorerUrl, connections);
        targets.set(chainId, target);
        reporter.info(`Chain ${chainId}: ${target.description}`);
      }
      const { explorerUrl, apiKey } = target;
      // Each job carries its chain's headers, the `user-agent` setting's among them.
      const headers = withUserAgent(target.headers, settings.userAgent);
      for (const job of deployment.jobs)
        jobs.push({ ...job, target: { explorerUrl, chainId, apiKey, headers } });
    }
    const usesLocalExplorer = [...targets.values()].some((t) => t.localExplorer);
    const ledger = ledgerPath(hre, args.ledger, usesLocalExplorer && !args.ledger);
    const services = await taskServices(hre);
    const results = await asUserErrors(() =>
      runVerify({
        jobs,
        target: {
          explorerUrl: "",
          chainId: undefined,
          apiKey: undefined,
          headers: {},
          explorers: {},
          blockscoutApiUrl: explorerEnvironment().blockscoutApiUrl,
          localExplorer: undefined,
          description: `${ids.length} deployment${ids.length === 1 ? "" : "s"} on ${targets.size} chain${targets.size === 1 ? "" : "s"}`,
        },
        settings,
        ledger: ledger ? { path: ledger, recheck: settings.recheck } : undefined,
        reporter,
        services,
        interruptible: true,
      }),
    );
    // Interrupted: the table is printed; answers still in flight must not hold the process.
    if (results.interruptedBy) process.exit(interruptedExitCode(results.interruptedBy));
    if (!runSucceeded(results, settings.optionalTargets)) process.exitCode = 1;
  } finally {
    for (const target of targets.values()) await target.localExplorer?.close();
    for (const connection of connections) await connection.close();
  }
}

function deploymentIds(hre: HardhatRuntimeEnvironment, args: VerifyTaskArguments): string[] {
  const named = [args.deployment ?? "", args.address, ...args.constructorArgs]
    .flatMap((text) => text.split(","))
    .map((id) => id.trim())
    .filter((id) => id !== "");
  if (args.contract || args.constructorArgsPath || args.proxy) {
    throw userError(
      "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and --constructor-args-path.",
    );
  }
  if (!named.includes("all")) return [...new Set(named)];
  if (named.length > 1)
    throw userError("--deployment all already takes every deployment: name no others with it.");
  const folder = ignitionDeploymentsDir(hre);
  let ids: string[];
  try {
    ids = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    ids = [];
  }
  if (ids.length === 0) throw userError(`--deployment all: there are no deployments in ${folder}.`);
  return ids;
}

// The network whose chainId matches gives the explorer exactly as --network would; without one, the chain id does.
async function targetFor(
  hre: HardhatRuntimeEnvironment,
  chainId: number,
  explorerUrl: string | undefined,
  connections: NetworkConnection[],
): Promise<ExplorerTarget> {
  const network = Object.entries(hre.config.networks).find(
    ([, config]) => config.type === "http" && config.chainId === chainId,
  )?.[0];
  if (network) {
    const connection = await hre.network.create(network);
    connections.push(connection);
    return resolveTaskExplorerTarget(hre, connection, new ChainAccess(connection), explorerUrl);
  }
  if (explorerUrl) return resolveTaskExplorerTarget(hre, undefined, undefined, explorerUrl);
  return chainExplorerTarget(hre, chainId);
}
