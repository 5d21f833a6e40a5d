import { canonicalJson } from "../kernel/jsonValues.js";
import type { VerificationJob } from "../verify/job.js";

// Taken when a hash is made, not imported: node:crypto loads some twenty of Node's modules, and a run whose ledger
// records nothing yet hashes only after its first request.
const createHash = (algorithm: string) => process.getBuiltinModule("node:crypto").createHash(algorithm);

/**
 * A stable hash of what a job submits: the address, the source (format, compiler, input or files), the constructor
 * arguments and the libraries. Object keys are sorted first, so the same build hashes the same in every run.
 *
 * @param job - the contract
 * @returns `sha256:` and 64 hex digits
 */
export function inputHash(job: VerificationJob): string {
  const submitted = {
    address: job.address.toLowerCase(),
    source: job.source,
    constructorArguments: job.constructorArguments ?? null,
    libraries: job.libraries ?? null,
  };
  return `sha256:${createHash("sha256").update(canonicalJson(submitted)).digest("hex")}`;
}

/** A proxy link's hash in the ledger: a link depends only on which implementations it names, in any order. */
export function proxyLinkHash(implementations: readonly string[]): string {
  const named = [...implementations].sort().join(",").toLowerCase();
  return `sha256:${createHash("sha256").update(`proxy-of:${named}`).digest("hex")}`;
}
