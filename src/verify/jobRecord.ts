import { withoutControls } from "../report/terminalText.js";
import { displayName } from "./engineOptions.js";
import type { VerificationEventListener } from "./events.js";
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
  return serviceRecord(verifier, job.address, displayName(job), {
    format: job.source.format,
    status,
    ...(outcome.guid ? { guid: outcome.guid } : {}),
    attempts: outcome.attempts ?? 0,
    durationMs: outcome.durationMs,
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(failed ? { error: error ?? { code: status === "timeout" ? "timeout" : "verification_failed" } } : {}),
    ...(job.createdBy ? { createdBy: job.createdBy } : {}),
    ...(match && !failed ? { match } : {}),
    ...(matches && !failed ? { matches } : {}),
    ...(previousMatch ? { previousMatch } : {}),
    ...(job.copiedFrom ? { copiedFrom: job.copiedFrom } : {}),
  });
}

/**
 * A record of a contract on a service, from what `fields` say of it, told to the listener as finished where there is
 * one. Unless they say otherwise, it is a proxy link's (`format: "proxy"`) and nothing was sent (no attempt, no time):
 * a part is not verified, the ledger records the link, the run never sent the contract.
 *
 * @param verifier - the service's verifier, for its pages
 * @param fields - its status, then what else it says (a format, a guid, the attempts and time, a message, an error,
 *   the proxy), each in the record's order
 * @param onEvent - the listener; unset, no one is told
 * @returns the record
 */
export function serviceRecord(
  verifier: Verifier,
  address: string,
  contract: string,
  fields: Pick<VerificationResult, "status"> & Partial<VerificationResult>,
  onEvent?: VerificationEventListener,
): VerificationResult {
  const { status, guid, ...said } = fields;
  const result: VerificationResult = {
    address,
    contract,
    explorer: verifier.pages.base,
    format: "proxy",
    status,
    ...(guid === undefined ? {} : { guid }),
    url: verifier.pages.contract(address),
    attempts: 0,
    durationMs: 0,
    ...said,
    // An explorer's words, kept for whoever prints them later: no escape sequence of a stranger's in them.
    ...(said.message === undefined ? {} : { message: withoutControls(said.message) }),
  };
  onEvent?.({ type: "finished", address, contract, result });
  return result;
}
