import { InvalidInputError } from "../../errors/index.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ChainClaim } from "../targets/chainAgreement.js";

/** A bundle a door names, and what else the user gave beside it. */
export interface BundleRequest {
  /** The bundle file, as the user wrote it. */
  given: string;
  /** Where it is read: the door's resolved (and, for the Action, confined) path. */
  file: (given: string) => Promise<string> | string;
  /** The flag or input that named it, for messages (`--bundle`, `bundle`). */
  field: string;
  /** The flags given that name contracts too (a bundle names them all): refused. */
  naming?: readonly string[] | undefined;
}

/**
 * A bundle's contracts, each with the chain the bundle records: read and checked whole (every input against its
 * hash) before anything is sent.
 *
 * @returns the jobs, and the chains the bundle claims
 * @throws {InvalidInputError} for no file, a flag that names contracts too, a bundle that fails a check or holds no
 *   contracts
 */
export async function bundledJobs(
  request: BundleRequest,
): Promise<{ jobs: VerificationJob[]; claims: ChainClaim[] }> {
  const { given, field } = request;
  if (given.trim() === "")
    throw new InvalidInputError(field, `${field} needs the bundle file, e.g. verification.json.`);
  const naming = request.naming ?? [];
  if (naming.length > 0)
    throw new InvalidInputError(field, `${field} names the contracts: drop ${naming.join(", ")}.`);
  const { readVerificationBundle } = await import("../../inputs/verificationBundle.js");
  const { jobs, chainIds } = await readVerificationBundle(await request.file(given), field);
  if (jobs.length === 0) throw new InvalidInputError(field, `The bundle ${given} holds no contracts.`);
  return { jobs, claims: chainIds.map((id) => ({ id, source: `the bundle ${given}` })) };
}
