import { InvalidInputError } from "../../errors/index.js";
import { longCompilerVersion } from "../../verify/compilerVersion.js";
import type { VerificationJob } from "../../verify/job.js";
import { standardJsonCandidates } from "../../verify/standardJsonCandidates.js";

/**
 * The standard JSON input each job would send first (the minimal input when the metadata allows it).
 *
 * @param jobs - the run's jobs
 * @returns one input per job
 * @throws {InvalidInputError} when a contract is not verified with a standard JSON input (`--format`)
 */
export function shownInputs(
  jobs: readonly VerificationJob[],
): Array<{ address: string; contract: string; compilerVersion: string; input: unknown }> {
  return jobs.map((job) => {
    const { source } = job;
    if (source.format !== "standard-json")
      throw new InvalidInputError(
        "format",
        `--show-standard-json-input: ${job.contract ?? job.address} is verified as ${source.format}, not with a standard JSON input (leave out --format, or use --format standard-json).`,
      );
    const [first] = standardJsonCandidates(source);
    return {
      address: job.address,
      contract: source.contractName,
      compilerVersion: longCompilerVersion(source.compilerVersion),
      input: first?.input ?? source.input,
    };
  });
}
