import { readdirSync } from "node:fs";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { isExplorerVerifyError } from "../../../src/errors/explorerVerifyError.js";
import { explorerEnvironment } from "../../../src/explorers/environment.js";
import { findExplorerByChainId } from "../../../src/explorers/findExplorerByChainId.js";
import { Ledger } from "../../../src/ledger/ledger.js";
import { isSuccess, type VerificationJob } from "../../../src/verify/job.js";
import { verifyBatch } from "../../../src/verify/verifyBatch.js";
import { ChainAccess } from "../../internal/chainAccess.js";
import {
  checkedExplorerUrl,
  type ExplorerTarget,
  explorerTargetFor,
  resolveExplorerTarget,
} from "../../internal/explorerTarget.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { TaskReporter } from "../../internal/taskReporter.js";
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
 */
export async function verifyDeployments(
  hre: HardhatRuntimeEnvironment,
  args: VerifyTaskArguments,
): Promise<void> {
  const ids = deploymentIds(hre, args);
  if (args.explorerUrl && ids.length > 1) {
    throw userError(
      "--explorer-url names one explorer: with several deployments each chain's explorer is found by its chain id.",
    );
  }
  if (args.preflight)
    throw userError("--preflight checks one deployment at a time: give one --deployment and its --network.");
  const reporter = new TaskReporter(args.json);
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
      const { explorerUrl, apiKey, headers } = target.client;
      for (const job of deployment.jobs) {
        jobs.push({
          ...job,
          target: {
            explorerUrl,
            chainId,
            apiKey,
            ...(headers ? { headers: headers as Record<string, string> } : {}),
          },
        });
      }
    }
    reporter.info(
      `Verifying ${jobs.length} contract${jobs.length === 1 ? "" : "s"} of ${ids.length} deployment${ids.length === 1 ? "" : "s"} on ${targets.size} chain${targets.size === 1 ? "" : "s"}`,
    );
    const usesLocalExplorer = [...targets.values()].some((t) => t.localExplorer);
    const ledger = ledgerPath(hre, args.ledger, usesLocalExplorer && !args.ledger);
    const results = await verifyBatch(jobs, {
      concurrency: hre.config.explorerVerify.concurrency,
      timeoutMs: (args.timeout > 0 ? args.timeout : hre.config.explorerVerify.timeoutSeconds) * 1_000,
      force: args.force,
      wait: !args.noWait,
      blockscoutApiUrl: explorerEnvironment().blockscoutApiUrl,
      ...(ledger
        ? { ledger: await asUserErrors(async () => new Ledger(ledger)), recheck: args.recheck }
        : {}),
      onEvent: reporter.event,
    });
    reporter.finish(results);
    if (!results.every(isSuccess)) process.exitCode = 1;
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
    return resolveExplorerTarget(hre, connection, new ChainAccess(connection), explorerUrl);
  }
  if (explorerUrl) return resolveExplorerTarget(hre, undefined, undefined, explorerUrl);
  const settings = hre.config.explorerVerify;
  const configured = settings.chains[String(chainId)]?.explorerUrl;
  const blockscout = hre.config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.blockscout;
  const described = configured ?? blockscout?.apiUrl ?? blockscout?.url;
  if (described) {
    const source = configured
      ? `explorerVerify.chains["${chainId}"].explorerUrl`
      : `chainDescriptors[${chainId}]`;
    return explorerTargetFor(
      hre,
      checkedExplorerUrl(described, source),
      BigInt(chainId),
      `${described} (chain ${chainId}: no Hardhat network has this chainId)`,
    );
  }
  try {
    const found = await findExplorerByChainId(chainId, {
      ...explorerEnvironment().lookup,
      howToNameExplorer: `set explorerVerify.chains["${chainId}"].explorerUrl in the Hardhat config, or add a network with chainId ${chainId}`,
    });
    return await explorerTargetFor(hre, found.explorerUrl, BigInt(chainId), found.reason);
  } catch (error) {
    if (isExplorerVerifyError(error)) throw userError(error.shortMessage);
    throw error;
  }
}
