import { join } from "node:path";
import { readIgnitionDeployment } from "../../inputs/ignitionDeployment.js";
import type { VerificationJob } from "../../verify/job.js";
import { displayName } from "../../verify/verifyContract.js";
import type { ChainClaim } from "../targets/chainAgreement.js";
import { chainIdOfDeployment } from "../targets/chainIdOfDeployment.js";

/**
 * The jobs of an Ignition deployment, rows of one contract deployed several times named by their future.
 *
 * @param deploymentsDir - the project's `ignition/deployments` folder
 * @param id - the deployment's ID (its folder there)
 * @param artifactsDir - the project's artifacts, where the deployment's build is read when it has none of its own
 * @returns the jobs, the chain id the deployment says (its journal, else its folder `chain-N`), and what says it
 */
export async function ignitionJobs(
  deploymentsDir: string,
  id: string,
  artifactsDir: string,
): Promise<{ jobs: VerificationJob[]; chainId: number | undefined; claims: ChainClaim[] }> {
  const folder = join(deploymentsDir, id);
  const deployment = await readIgnitionDeployment(folder, { artifactsDir });
  const counts = new Map<string, number>();
  for (const { job } of deployment.contracts)
    counts.set(displayName(job), (counts.get(displayName(job)) ?? 0) + 1);
  const jobs = deployment.contracts.map(({ futureId, job }) =>
    (counts.get(displayName(job)) ?? 0) > 1 ? { ...job, contract: `${displayName(job)} (${futureId})` } : job,
  );
  const fromFolder = chainIdOfDeployment(folder);
  const claims = [
    ...(fromFolder === undefined ? [] : [{ id: fromFolder, source: `deployment "${id}"` }]),
    ...(deployment.chainId === undefined
      ? []
      : [{ id: deployment.chainId, source: `the journal of deployment "${id}"` }]),
  ];
  return { jobs, chainId: deployment.chainId ?? fromFolder, claims };
}
