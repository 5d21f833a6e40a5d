import { displayName } from "./engineOptions.js";
import type { VerificationJob, VerificationResult } from "./job.js";
import type { Verifier } from "./verifier.js";

type Said = "attempts" | "guid" | "message" | "error" | "match" | "matches" | "previousMatch";
/** What one outcome of a job says (no submission sent unless `attempts` says); the rest comes from job and service. */
export type Outcome = Pick<VerificationResult, "status" | "durationMs"> &
  Partial<Pick<VerificationResult, Said>>;

/**
 * A job's result record however it ended (sent, resumed from the ledger, settled by a watch), each with the same
 * fields: a `failed` or `timeout` one always with an `error`, a match only on the others.
 *
 * @param verifier - the service's verifier, for its pages
 * @param job - the job the record is of
 * @param outcome - how it ended, in the service's words where it said any
 * @returns the record
 */
export function jobRecord(verifier: Verifier, job: VerificationJob, outcome: Outcome): VerificationResult {
  const { status, error, match, matches, previousMatch } = outcome;
  const failed = status === "failed" || status === "timeout";
  return {
    address: job.address,
    contract: displayName(job),
    explorer: verifier.pages.base,
    format: job.source.format,
    status,
    ...(outcome.guid ? { guid: outcome.guid } : {}),
    url: verifier.pages.contract(job.address),
    attempts: outcome.attempts ?? 0,
    durationMs: outcome.durationMs,
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(failed ? { error: error ?? { code: status === "timeout" ? "timeout" : "verification_failed" } } : {}),
    ...(job.createdBy ? { createdBy: job.createdBy } : {}),
    ...(match && !failed ? { match } : {}),
    ...(matches && !failed ? { matches } : {}),
    ...(previousMatch ? { previousMatch } : {}),
    ...(job.copiedFrom ? { copiedFrom: job.copiedFrom } : {}),
  };
}
