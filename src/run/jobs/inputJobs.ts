import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ProxyChainReader } from "../../chain/proxyKinds.js";
import { isDeadlineReached } from "../../errors/index.js";
import { readBuildInfos } from "../../inputs/buildInfo.js";
import { type CompiledContract, contractsOf } from "../../inputs/compiledContracts.js";
import { readFoundryBroadcast } from "../../inputs/foundryBroadcast.js";
import { readIgnitionDeployment } from "../../inputs/ignitionDeployment.js";
import { type BadManifestEntry, isInlineManifest, readManifest } from "../../inputs/manifest.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import type { VerificationJob } from "../../verify/job.js";
import { agreedChainId, type ChainClaim } from "../targets/chainAgreement.js";
import { chainIdOfDeployment } from "../targets/chainIdOfDeployment.js";
import { chainAt } from "./addressJobs.js";
import { deploymentFolderKind, namesNoDeployment } from "./deploymentFolder.js";
import { deploymentPaths } from "./deploymentPaths.js";
import { hardhatDeployJobs } from "./hardhatDeployJobs.js";
import type { ProxyAddress, ProxySources } from "./proxyJobs.js";

/** Files and settings that name a run's contracts: the Action's inputs, the CLI's flags. */
export interface JobSources {
  /** A manifest file, or a manifest as inline JSON. */
  contracts?: string | undefined;
  /** One deployment path, or several (newline-separated, globs allowed): see {@link deploymentPaths}. */
  deployment?: string | undefined;
  /** How the door names the deployment setting in a refusal; default the Action's `Input deployment`. */
  deploymentName?: string | undefined;
  /** Hardhat artifacts or Foundry out/. */
  artifacts: string;
  rpcUrl?: string | undefined;
  /** JSON-RPC URLs by chain id: a deployment's jobs on that chain read it. */
  rpcUrls?: Record<number, string> | undefined;
  readsDeadline?: ReadsDeadline | undefined;
}

/**
 * Turns the Action's inputs or the CLI's flags into engine jobs: the manifest's entries, then the deployments' contracts,
 * each with the chain its deployment records (and that chain's RPC from `rpc-urls`). A manifest entry with
 * `proxy: true` is linked to its implementation by the explorer after it is verified. With `rpc-url`, an entry may
 * leave out its contract (inferred from the deployed code) and its constructor arguments (recovered).
 *
 * @param workspace - the folder relative paths start from; the files the user names (manifest, deployment,
 *   artifacts) are read where they point, and paths found inside them must stay inside it (after links)
 * @param onBadEntry - told of a manifest entry (or a hardhat-deploy deployment) that cannot become a job; the others go
 *   on (unset: it stops all)
 * @param onChain - told of each deployment's recorded chain, with the deployment it comes from
 * @param onProxy - told of a manifest proxy whose own code is not in the build (a clone, a proxy built elsewhere):
 *   it makes no job, but its parts may (unset: such an entry is a bad entry)
 * @throws {InvalidInputError} for a malformed manifest or deployment, or a deployment whose path and file name two
 *   chains, before any request
 */
export async function jobsFromInputs(
  inputs: JobSources,
  workspace: string,
  onBadEntry?: (entry: BadManifestEntry) => void,
  onChain?: (claim: ChainClaim) => void,
  onProxy?: (proxy: ProxyAddress) => void,
): Promise<VerificationJob[]> {
  const artifactsDir = resolve(workspace, inputs.artifacts);
  const jobs: VerificationJob[] = [];
  if (inputs.contracts) {
    const manifest = isInlineManifest(inputs.contracts)
      ? inputs.contracts
      : resolve(workspace, inputs.contracts);
    const entries = await readManifest(manifest, {
      artifactsDir,
      cwd: workspace,
      root: workspace,
      ...(onBadEntry ? { onBadEntry } : {}),
      ...(onProxy ? { onProxyOutsideBuild: ({ address }: { address: string }) => onProxy({ address }) } : {}),
      ...(inputs.rpcUrl ? { deployedCode: codeReader(inputs.rpcUrl, inputs.readsDeadline) } : {}),
    });
    for (const { job, proxy } of entries) jobs.push(proxy ? { ...job, proxyAddress: job.address } : job);
  }
  if (inputs.deployment) {
    for (const given of await deploymentPaths(inputs.deployment, workspace)) {
      const path = resolve(workspace, given);
      const outDir = existsSync(artifactsDir) ? artifactsDir : undefined;
      const folder = !path.endsWith(".json") && deploymentFolderKind(path, given);
      const named = `${inputs.deploymentName ?? "Input deployment"} ${given}`;
      if (folder === "none") throw namesNoDeployment(named, given, given);
      const deployment = !folder
        ? await readFoundryBroadcast(path, { root: workspace, ...(outDir ? { outDir } : {}) })
        : folder === "hardhat-deploy"
          ? await hardhatDeployJobs(path, given, workspace, onBadEntry)
          : await readIgnitionDeployment(path, {
              root: workspace,
              ...(outDir ? { artifactsDir: outDir } : {}),
            });
      // What the path names and what the file records must be one chain.
      const fromPath = chainIdOfDeployment(given);
      const chainId = agreedChainId([
        ...(fromPath === undefined ? [] : [{ id: fromPath, source: `the deployment's path ${given}` }]),
        ...(deployment.chainId === undefined
          ? []
          : [{ id: deployment.chainId, source: `the deployment file ${given}` }]),
      ]);
      if (chainId !== undefined) onChain?.({ id: chainId, source: `the deployment ${given}` });
      const rpcUrl = chainId === undefined ? undefined : inputs.rpcUrls?.[chainId];
      const own = {
        ...(chainId === undefined ? {} : { chainId }),
        ...(rpcUrl ? { rpc: { rpcUrl, compilers: workspaceCompilers(workspace) } } : {}),
      };
      for (const { job } of deployment.contracts) jobs.push({ ...job, ...own });
    }
  }
  return jobs;
}

// A manifest's deployed code, each read under the run's reads deadline when the door gives one: a chain that
// answers late fails the entry that waits on it, in words, and the run goes on.
function codeReader(
  rpcUrl: string,
  deadline: JobSources["readsDeadline"],
): (address: string) => Promise<string> {
  const { getCode } = chainAt(rpcUrl, deadline?.endsAt);
  if (deadline === undefined) return getCode;
  return async (address) => {
    try {
      return await getCode(address);
    } catch (error) {
      if (!isDeadlineReached(error) && Date.now() < deadline.endsAt) throw error;
      throw new Error(
        `the chain had not answered eth_getCode when the run's deadline came (timeout ${deadline.seconds} s)`,
      );
    }
  };
}

/**
 * Preflight compiles with the npm `solc` package of the workspace, when the workflow installed one.
 * @param workspace - the workspace folder
 * @returns the compiler files found
 */
export function workspaceCompilers(workspace: string): string[] {
  const soljson = join(workspace, "node_modules", "solc", "soljson.js");
  return existsSync(soljson) ? [soljson] : [];
}

/**
 * Where the Action and the CLI read their proxies: each job's chain (its RPC, else `rpc-url`) and the build under
 * `artifacts`, both read only when a proxy is looked at.
 *
 * @param inputs - the artifacts folder and the run's RPC
 * @param workspace - the folder relative paths start from
 * @param proxies - the proxies named without a job, and whether every contract is looked at (`include-proxies`)
 */
export function proxySources(
  inputs: Pick<JobSources, "artifacts" | "rpcUrl">,
  workspace: string,
  proxies: { addresses: readonly ProxyAddress[]; includeProxies: boolean },
): ProxySources {
  const chains = new Map<string, ProxyChainReader>();
  let contracts: Promise<CompiledContract[]> | undefined;
  const artifactsDir = resolve(workspace, inputs.artifacts);
  return {
    addresses: proxies.addresses,
    includeProxies: proxies.includeProxies,
    chainOf: (place, endsAt) => {
      const rpcUrl = place.rpc?.rpcUrl ?? inputs.rpcUrl;
      if (!rpcUrl) return undefined;
      const key = `${endsAt} ${rpcUrl}`;
      const chain = chains.get(key) ?? chainAt(rpcUrl, endsAt);
      chains.set(key, chain);
      return chain;
    },
    contracts: () => {
      contracts ??= existsSync(artifactsDir)
        ? readBuildInfos(artifactsDir, "artifacts", { root: workspace }).then((infos) =>
            infos.flatMap(contractsOf),
          )
        : Promise.resolve([]);
      return contracts;
    },
  };
}
