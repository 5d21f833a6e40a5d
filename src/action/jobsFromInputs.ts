import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readFoundryBroadcast } from "../inputs/foundryBroadcast.js";
import { readIgnitionDeployment } from "../inputs/ignitionDeployment.js";
import { readManifest } from "../inputs/manifest.js";
import type { VerificationJob } from "../verify/job.js";
import type { ActionInputs } from "./inputs.js";

/**
 * Turns the Action's inputs into engine jobs: the manifest's entries, then the deployment's contracts. A manifest
 * entry with `proxy: true` is linked to its implementation by the explorer after it is verified. With `rpc-url`, an
 * entry may leave out its contract (inferred from the deployed code) and its constructor arguments (recovered).
 *
 * @param inputs - the checked inputs
 * @param workspace - the folder relative paths start from (the workflow's workspace)
 * @returns the jobs
 * @throws {InvalidInputError} for a malformed manifest or deployment, before any request
 */
export async function jobsFromInputs(inputs: ActionInputs, workspace: string): Promise<VerificationJob[]> {
  const artifactsDir = resolve(workspace, inputs.artifacts);
  const jobs: VerificationJob[] = [];
  if (inputs.contracts) {
    const manifest = inputs.contracts.trimStart().startsWith("{")
      ? inputs.contracts
      : resolve(workspace, inputs.contracts);
    const entries = await readManifest(manifest, {
      artifactsDir,
      cwd: workspace,
      ...(inputs.rpcUrl ? { deployedCode: codeReader(inputs.rpcUrl) } : {}),
    });
    jobs.push(...entries.map(({ job, proxy }) => (proxy ? { ...job, proxyAddress: job.address } : job)));
  }
  if (inputs.deployment) {
    const path = isAbsolute(inputs.deployment) ? inputs.deployment : join(workspace, inputs.deployment);
    if (path.endsWith(".json")) {
      const outDir = existsSync(artifactsDir) ? artifactsDir : undefined;
      const broadcast = await readFoundryBroadcast(path, outDir ? { outDir } : {});
      jobs.push(...broadcast.contracts.map((contract) => contract.job));
    } else {
      const deployment = await readIgnitionDeployment(path, existsSync(artifactsDir) ? { artifactsDir } : {});
      jobs.push(...deployment.contracts.map((contract) => contract.job));
    }
  }
  return jobs;
}

// Loaded only when an entry needs it: the Action's first request does not wait for the JSON-RPC client.
function codeReader(rpcUrl: string): (address: string) => Promise<string> {
  let chain: Promise<import("../chain/jsonRpcChain.js").JsonRpcChain> | undefined;
  return async (address) => {
    chain ??= import("../chain/jsonRpcChain.js").then(({ JsonRpcChain }) => new JsonRpcChain(rpcUrl));
    return (await chain).getCode(address);
  };
}
