import type { ExplorerClient } from "../../client/explorerClient.js";
import type { CreatedContractJobs } from "../../discovery/createdContractJobs.js";
import type { DiscoveryWarning } from "../../discovery/index.js";
import type { VerificationJob } from "../../verify/job.js";
import type { RunReporter } from "../report/runReporter.js";

/** What bounds the discovery of created contracts: the run's deadline, and where its warnings go. */
export interface DiscoveryLimits {
  /** When discovery must end, in ms since the epoch. */
  deadline: number;
  /** The most contracts looked at per factory. */
  maxCreated: number | undefined;
  onWarning: (warning: DiscoveryWarning) => void;
}

/**
 * What the jobs' transactions created joins the run (once each), and what is not submitted is said.
 *
 * @param jobs - the run's jobs, added to
 * @param discoverCreated - the door's way to what its inputs created
 * @param client - the explorer that answers
 * @param run - the most contracts looked at per factory, and where lines go
 * @param deadline - when discovery must end, in ms since the epoch
 */
export async function discoverCreatedJobs(
  jobs: VerificationJob[],
  discoverCreated: (client: ExplorerClient, limits: DiscoveryLimits) => Promise<CreatedContractJobs>,
  client: ExplorerClient,
  run: { maxCreated: number | undefined; reporter: RunReporter },
  deadline: number,
): Promise<void> {
  const { reporter } = run;
  // Pages that never end cannot hold the run.
  const created = await discoverCreated(client, {
    deadline,
    maxCreated: run.maxCreated,
    onWarning: (warning) => reporter.info(`warning     ${warning.message}`),
  });
  for (const clone of created.clones)
    reporter.info(
      `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
    );
  for (const twin of created.twins ?? [])
    reporter.info(
      `twin        ${twin.address} (created by ${twin.createdBy.factory}): the same deployed code as ${twin.twinOf}, not submitted; the explorer shows it verified through its twin`,
    );
  for (const skipped of created.skipped)
    reporter.info(
      `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
    );
  const known = new Set(jobs.map((job) => job.address.toLowerCase()));
  jobs.push(...created.jobs.filter((job) => !known.has(job.address.toLowerCase())));
}
