import { InvalidInputError } from "../../errors/index.js";
import { readHardhatDeployment } from "../../inputs/hardhatDeployments.js";
import type { BadManifestEntry } from "../../inputs/manifest.js";
import type { VerificationJob } from "../../verify/job.js";

/**
 * A hardhat-deploy or rocketh network folder's jobs, as the hall takes a deployment's: a deployment that makes no job
 * (sources not embedded, a proxy's file missing) is a bad entry, a failed record of its own, when the door collects
 * them; otherwise it stops the run before anything is sent. One saved without metadata is left out, told as a bad
 * entry that fails nothing.
 *
 * @param path - the network's folder
 * @param given - the path as the user gave it, for messages
 * @param workspace - the root inner files may lie in
 * @param onBadEntry - told of each deployment that makes no job
 * @returns the chain the folder records and its jobs
 * @throws {InvalidInputError} for a malformed folder, or a deployment that makes no job when no one is told of it
 */
export async function hardhatDeployJobs(
  path: string,
  given: string,
  workspace: string,
  onBadEntry: ((entry: BadManifestEntry) => void) | undefined,
): Promise<{ chainId: number; contracts: Array<{ job: VerificationJob }> }> {
  const deployment = await readHardhatDeployment(path, { root: workspace });
  const { contracts, skipped: all } = deployment;
  // A deployment left out (saved without metadata) fails nothing: a folder of those alone would pass, verifying none.
  if (contracts.length === 0 && all.length > 0 && all.every((skipped) => skipped.withoutMetadata))
    throw new InvalidInputError(
      "deployment",
      `Every deployment of ${given} is saved without metadata (${all.map((skipped) => skipped.name).join(", ")}): nothing says how they were compiled, and nothing is left to verify.`,
    );
  for (const skipped of deployment.skipped) {
    const field = `deployment["${skipped.name}"]`;
    const error = new InvalidInputError(
      field,
      `The deployment ${skipped.name} of ${given} ${skipped.withoutMetadata ? "is left out" : "cannot be verified"}: ${skipped.reason}.`,
    );
    const entry = {
      field,
      address: skipped.address,
      contract: skipped.name,
      format: "standard-json" as const,
    };
    if (onBadEntry) onBadEntry({ ...entry, error, ...(skipped.withoutMetadata ? { leftOut: true } : {}) });
    else if (!skipped.withoutMetadata) throw error;
  }
  return deployment;
}
