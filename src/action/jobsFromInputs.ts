import { existsSync } from "node:fs";
import { readFoundryBroadcast } from "../inputs/foundryBroadcast.js";
import { readIgnitionDeployment } from "../inputs/ignitionDeployment.js";
import { type BadManifestEntry, readManifest } from "../inputs/manifest.js";
import { resolveInsideRoot } from "../inputs/workspacePath.js";
import type { VerificationJob } from "../verify/job.js";
import type { ActionInputs } from "./inputs.js";

/**
 * Turns the Action's inputs into engine jobs: the manifest's entries, then the deployment's contracts. A manifest
 * entry with `proxy: true` is linked to its implementation by the explorer after it is verified. With `rpc-url`, an
 * entry may leave out its contract (inferred from the deployed code) and its constructor arguments (recovered).
 *
 * @param inputs - the checked inputs
 * @param workspace - the folder relative paths start from, and every file read must be inside (after links)
 * @param onBadEntry - told of a manifest entry that cannot become a job; the others go on (unset: it stops all)
 * @returns the jobs
 * @throws {InvalidInputError} for a malformed manifest or deployment, before any request
 */
export async function jobsFromInputs(
  inputs: Pick<ActionInputs, "contracts" | "deployment" | "artifacts" | "rpcUrl">,
  workspace: string,
  onBadEntry?: (entry: BadManifestEntry) => void,
): Promise<VerificationJob[]> {
  const artifactsDir = await resolveInsideRoot(workspace, workspace, inputs.artifacts, "artifacts");
  const jobs: VerificationJob[] = [];
  if (inputs.contracts) {
    const manifest = inputs.contracts.trimStart().startsWith("{")
      ? inputs.contracts
      : await resolveInsideRoot(workspace, workspace, inputs.contracts, "contracts");
    const entries = await readManifest(manifest, {
      artifactsDir,
      cwd: workspace,
      root: workspace,
      ...(onBadEntry ? { onBadEntry } : {}),
      ...(inputs.rpcUrl ? { deployedCode: codeReader(inputs.rpcUrl) } : {}),
    });
    jobs.push(...entries.map(({ job, proxy }) => (proxy ? { ...job, proxyAddress: job.address } : job)));
  }
  if (inputs.deployment) {
    const path = await resolveInsideRoot(workspace, workspace, inputs.deployment, "deployment");
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
  let chain: Promise<import("../local-explorer/jsonRpcChain.js").JsonRpcChain> | undefined;
  return async (address) => {
    chain ??= import("../local-explorer/jsonRpcChain.js").then(
      ({ JsonRpcChain }) => new JsonRpcChain(rpcUrl),
    );
    return (await chain).getCode(address);
  };
}
