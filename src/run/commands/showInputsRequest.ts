import { shownInputs } from "../jobs/shownInputs.js";
import { checkedRequest, type VerifyRequest } from "./verifyRequest.js";

/**
 * `verify --show-standard-json-input`: the standard JSON input that would be sent (the first one tried: the minimal
 * input when the metadata allows it), and nothing sent. For one ADDRESS, the input itself, as forge prints it; for
 * deployments and manifests, `{ "inputs": [{ address, contract, compilerVersion, input }] }`.
 *
 * @param request - what `verify` would verify, checked as `verify` checks it
 * @param write - where the JSON goes (stdout)
 * @param info - where notes go (stderr)
 * @returns how many entries could not be read
 * @throws {InvalidInputError} for a mistake in the flags, or a contract not verified with standard JSON input
 */
export async function runShowInputsRequest(
  request: Omit<VerifyRequest, "where">,
  write: (text: string) => void,
  info: (line: string) => void,
): Promise<{ unread: number }> {
  const { flags } = checkedRequest(request);
  const { requestJobs } = await import("../jobs/requestJobs.js");
  const bad: Array<{ field: string; address: string; error: { shortMessage: string } }> = [];
  const jobs = flags ? await requestJobs(flags, (entry) => bad.push(entry)) : [];
  const inputs = shownInputs(jobs);
  const single = flags?.address !== undefined && flags.deployments.length === 0 && !flags.manifest;
  write(`${JSON.stringify(single && inputs.length === 1 ? inputs[0]?.input : { inputs }, null, 2)}\n`);
  for (const entry of bad) info(`Not shown: ${entry.field} (${entry.address}): ${entry.error.shortMessage}`);
  return { unread: bad.length };
}
