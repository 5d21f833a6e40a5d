import { resolve } from "node:path";
import type { RunReporter } from "../../../src/run/runReporter.js";
import type { VerificationJob } from "../../../src/verify/job.js";

/**
 * With `--write-bundle FILE`: what writes the bundle of the run's jobs before they are verified.
 * @param file - the option's value
 * @param chainId - the run's chain, for jobs that do not say theirs
 * @param reporter - where its lines go
 * @returns the hook for `runVerify`, or undefined without the option
 */
export function bundleWriter(
  file: string | undefined,
  chainId: number | undefined,
  reporter: RunReporter,
): ((jobs: readonly VerificationJob[]) => Promise<void>) | undefined {
  if (!file) return undefined;
  return async (jobs) => {
    const { writeRunBundle } = await import("../../../src/run/bundleOfJobs.js");
    await writeRunBundle(resolve(file), jobs, chainId, "--write-bundle", (line) => reporter.info(line));
  };
}
