import type { BadManifestEntry } from "../inputs/manifest.js";
import { longCompilerVersion } from "../verify/compilerVersion.js";
import type { VerificationJob } from "../verify/job.js";
import { standardJsonCandidates } from "../verify/standardJsonCandidates.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { commandLineJobs, type JobFlags } from "./commandLineJobs.js";

/** One job's input, as `--show-standard-json-input` prints it for a deployment or a manifest. */
export interface ShownInput {
  address: string;
  contract: string;
  compilerVersion: string;
  input: unknown;
}

/**
 * `verify --show-standard-json-input`: prints the standard JSON input that would be sent (the first one tried: the
 * minimal input when the metadata allows it), and sends nothing. For one ADDRESS, the input itself, as forge prints
 * it; for deployments and manifests, `{ "inputs": [{ address, contract, compilerVersion, input }] }`.
 *
 * @param flags - the checked flags
 * @param write - where the JSON goes (stdout)
 * @param info - where notes go (stderr)
 * @returns the exit code: 1 when a manifest entry could not be read
 * @throws {UsageError} when a contract is not verified with standard JSON input (`--format`)
 */
export async function showStandardJsonInput(
  flags: JobFlags,
  write: (text: string) => void,
  info: (line: string) => void,
): Promise<number> {
  const bad: BadManifestEntry[] = [];
  const jobs = await commandLineJobs(flags, (entry) => bad.push(entry));
  const inputs = jobs.map(shownInput);
  const single = flags.address !== undefined && flags.deployments.length === 0 && !flags.manifest;
  write(`${JSON.stringify(single && inputs.length === 1 ? inputs[0]?.input : { inputs }, null, 2)}\n`);
  for (const entry of bad) info(`Not shown: ${entry.field} (${entry.address}): ${entry.error.shortMessage}`);
  return bad.length > 0 ? exitCodes.failed : exitCodes.ok;
}

function shownInput(job: VerificationJob): ShownInput {
  const { source } = job;
  if (source.format !== "standard-json")
    throw new UsageError(
      `--show-standard-json-input: ${job.contract ?? job.address} is verified as ${source.format}, not with a standard JSON input (leave out --format, or use --format standard-json).`,
    );
  const [first] = standardJsonCandidates(source);
  return {
    address: job.address,
    contract: source.contractName,
    compilerVersion: longCompilerVersion(source.compilerVersion),
    input: first?.input ?? source.input,
  };
}
