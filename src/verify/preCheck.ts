import type { VerificationJob } from "./job.js";
import type { Verifier } from "./verifier.js";

/** What the explorer already holds for an address. */
export type VerifiedState = "verified" | "partial" | "unverified";

/**
 * Asks the explorer whether the job's contract is verified. Where the explorer has
 * `GET /api/v2/smart-contracts/{address}`, its `is_fully_verified` decides: `getabi` and `getsourcecode` answer
 * with a bytecode twin's data for unverified addresses. Elsewhere `getsourcecode` is read, and a contract of
 * another name than the job's is not taken for this one.
 *
 * @param client - the explorer
 * @param job - the job
 * @returns verified, partially verified, or not
 */
export async function verifiedState(client: Verifier, job: VerificationJob): Promise<VerifiedState> {
  const known = await client.addressVerifiedState(job.address);
  if (known) return known.state;
  const contract = await client.getSourceCode({ address: job.address });
  if (!contract) return "unverified";
  const expected = expectedContractName(job);
  return expected === undefined || contract.contractName === expected ? "verified" : "unverified";
}

function expectedContractName(job: VerificationJob): string | undefined {
  const { source } = job;
  if (source.format === "registry") return undefined;
  const name = source.contractName;
  return name.includes(":") ? name.slice(name.lastIndexOf(":") + 1) : name;
}
