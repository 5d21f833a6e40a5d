import type { BadManifestEntry } from "../inputs/manifest.js";
import { type JobsRequest, requestJobs } from "../run/requestJobs.js";
import { shownInputs } from "../run/shownInputs.js";
import { exitCodes } from "./cliErrors.js";

/**
 * `verify --show-standard-json-input`: prints the standard JSON input that would be sent (the first one tried: the
 * minimal input when the metadata allows it), and sends nothing. For one ADDRESS, the input itself, as forge prints
 * it; for deployments and manifests, `{ "inputs": [{ address, contract, compilerVersion, input }] }`.
 *
 * @param flags - the checked flags
 * @param write - where the JSON goes (stdout)
 * @param info - where notes go (stderr)
 * @returns the exit code: 1 when a manifest entry could not be read
 * @throws {InvalidInputError} when a contract is not verified with standard JSON input (`--format`)
 */
export async function showStandardJsonInput(
  flags: JobsRequest,
  write: (text: string) => void,
  info: (line: string) => void,
): Promise<number> {
  const bad: BadManifestEntry[] = [];
  const jobs = await requestJobs(flags, (entry) => bad.push(entry));
  const inputs = shownInputs(jobs);
  const single = flags.address !== undefined && flags.deployments.length === 0 && !flags.manifest;
  write(`${JSON.stringify(single && inputs.length === 1 ? inputs[0]?.input : { inputs }, null, 2)}\n`);
  for (const entry of bad) info(`Not shown: ${entry.field} (${entry.address}): ${entry.error.shortMessage}`);
  return bad.length > 0 ? exitCodes.failed : exitCodes.ok;
}
