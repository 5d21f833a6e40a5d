import type { VerificationJob } from "./job.js";
import type { Matched, Verifier } from "./verifier.js";

/** What the service already holds for an address. */
export type VerifiedState = "verified" | "partial" | "unverified";

/**
 * Asks the service whether the job's contract is verified. Where its answer may be a bytecode twin's data
 * (Blockscout's and Etherscan's `getsourcecode`), a contract of another name than the job's is not taken for this
 * one; a service that cannot tell is read as "not verified", so the job is submitted (a verified contract's
 * submission is answered "already verified").
 *
 * @param verifier - the service
 * @param job - the job
 * @param endsAt - when the work asking must end, ms since the epoch
 * @returns verified, partially verified, or not, with how the service matched the contract where it says (Sourcify)
 */
export async function verifiedMatch(
  verifier: Verifier,
  job: VerificationJob,
  endsAt: number,
): Promise<{ state: VerifiedState } & Matched & { similarTo?: string | undefined }> {
  const found = await verifier.lookUp(job.address, endsAt);
  if (found.state === "unknown" || found.state === "unverified") return { state: "unverified" };
  const expected = expectedContractName(job);
  const own = found.ownAnswer || expected === undefined || found.name === expected;
  return own
    ? { state: found.state, match: found.match, matches: found.matches, similarTo: found.similarTo }
    : { state: "unverified" };
}

function expectedContractName(job: VerificationJob): string | undefined {
  const { source } = job;
  if (source.format === "registry") return undefined;
  return source.contractName.slice(source.contractName.lastIndexOf(":") + 1);
}
