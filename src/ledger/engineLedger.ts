import { isExplorerVerifyError, NotAContractError } from "../errors/index.js";
import { isAddress } from "../kernel/validate.js";
import { type Deadline, deadlineOf } from "../verify/deadline.js";
import type { VerificationEvent } from "../verify/events.js";
import { failureOf } from "../verify/failureMessages.js";
import type { VerificationJob, VerificationResult } from "../verify/job.js";
import { jobRecord, type Outcome } from "../verify/jobRecord.js";
import { defaultPolling } from "../verify/pollSchedule.js";
import { pollVerifyStatus } from "../verify/pollVerifyStatus.js";
import { verifiedMatch } from "../verify/preCheck.js";
import type { LedgerUse as EngineLedgerUse, VerificationLedger } from "../verify/verificationLedger.js";
import type { Receipt, Verifier } from "../verify/verifier.js";
import {
  displayName,
  type EngineOptions,
  type SubmittingContract,
  verifyContract,
} from "../verify/verifyContract.js";
import { inputHash, proxyLinkHash } from "./inputHash.js";
import type { Ledger } from "./ledger.js";
import type { LedgerEntry } from "./ledgerFile.js";

/** How a job uses the ledger: the ledger itself, and how the engine asks it to be used. */
export type LedgerUse = EngineLedgerUse & { ledger: Ledger };

/**
 * The ledger as the engine asks for it: the hall opens a {@link Ledger} and hands this to the engine.
 *
 * @param ledger - the open ledger
 * @returns what the engine reads and records through
 */
export function engineLedger(ledger: Ledger): VerificationLedger {
  return {
    verify: (verifier, job, options, use) =>
      verifyWithLedger(verifier, job, options, { ledger, recheck: use.recheck, chainId: use.chainId }),
    recordsLink: (verifier, address, implementations) => {
      const recorded = ledger.entry(verifier.pages.ledgerKey, address, "proxy");
      return recorded?.status === "verified" && recorded.inputHash === proxyLinkHash(implementations);
    },
    recordLink: (verifier, { address, implementations, result }, use) => {
      ledger.record({
        explorer: verifier.pages.ledgerKey,
        address,
        ...(use.chainId === undefined ? {} : { chainId: use.chainId }),
        contract: result.contract,
        format: "proxy",
        inputHash: proxyLinkHash(implementations),
        status: result.status === "already-verified" ? "verified" : result.status,
        ...(result.guid ? { guid: result.guid } : {}),
        url: result.url,
      });
    },
  };
}

/**
 * Verifies one contract, reading the ledger first and recording every change in it. Verified with the same
 * input: `already-verified` with no request (unless `recheck` or `force`). A guid still pending: polled, never submitted
 * again. A submission an earlier run sent without recording the answer (status `submitting`): looked at, and watched
 * for up to 60 s after it was sent, before it is sent again. Failed, changed input, or nothing recorded: verified as
 * usual. Each submission is recorded before it is sent, and its guid the moment the explorer returns it (before
 * polling), so a run killed at any point leaves a trace of every request it sent.
 *
 * @param verifier - the service
 * @param job - the contract
 * @param options - engine settings
 * @param use - the ledger and how to read it
 * @returns the result record; a job whose submission could not be recorded is a failed record, with nothing sent
 */
export async function verifyWithLedger(
  verifier: Verifier,
  job: VerificationJob,
  options: EngineOptions,
  use: LedgerUse,
): Promise<VerificationResult> {
  const { ledger } = use;
  // The ledger's name for the explorer (stable for the local one, whose port changes); records carry its URL.
  const ledgerKey = verifier.pages.ledgerKey;
  // Hashed only when compared or recorded: with nothing recorded, the first request need not wait for it.
  let hash: string | undefined;
  const hashOfInput = (): string => {
    hash ??= inputHash(job);
    return hash;
  };
  const contract = displayName(job);
  const notice = (message: string): void =>
    options.onEvent?.({ type: "notice", address: job.address, contract, message });
  const relayWarnings = (): void => {
    for (const warning of ledger.takeWarnings()) notice(warning);
  };
  relayWarnings();
  const entry = isAddress(job.address) ? ledger.entry(ledgerKey, job.address) : undefined;
  const sameInput = entry !== undefined && entry.inputHash === hashOfInput();
  const write = (
    status: LedgerEntry["status"],
    fields: Partial<Pick<LedgerEntry, "guid" | "message" | "format">>,
    submitted: boolean,
  ): void => {
    if (!isAddress(job.address)) return;
    ledger.record({
      explorer: ledgerKey,
      address: job.address,
      ...(use.chainId === undefined ? {} : { chainId: use.chainId }),
      contract,
      format: fields.format ?? job.source.format,
      inputHash: hashOfInput(),
      status,
      ...(fields.guid ? { guid: fields.guid } : {}),
      url: verifier.pages.contract(job.address),
      ...(fields.message ? { message: fields.message } : {}),
      submitted,
    });
    relayWarnings();
  };
  // After the request, a ledger that cannot be written costs the record, not the result: the intent written
  // before the request makes the next run look before sending again.
  const record = (result: VerificationResult): void => {
    // A job that failed because the ledger is locked has nothing to add to it, and could not.
    if (result.format === "proxy" || result.error?.code === "ledger_locked") return;
    // A verified record's message is a note for the run: the ledger keeps only why a contract is not verified.
    const notVerified = result.status !== "verified" && result.status !== "already-verified";
    try {
      write(
        result.status === "already-verified" ? "verified" : result.status,
        { format: result.format, guid: result.guid, message: notVerified ? result.message : undefined },
        false,
      );
    } catch (error) {
      notice(`the ledger could not record the ${result.status} state: ${describe(error)}`);
    }
  };

  // `force` asks for a submission whatever is known: the ledger's word is not taken either.
  const force = job.force ?? options.force ?? false;
  if (entry && sameInput && entry.status === "verified" && !use.recheck && !force) {
    const message =
      "The ledger records it verified with this input; the explorer was not asked (recheck asks it).";
    return finish(
      options,
      jobRecord(verifier, job, { status: "already-verified", guid: entry.guid, durationMs: 0, message }),
    );
  }
  if (entry && sameInput && (entry.status === "pending" || entry.status === "timeout") && entry.guid) {
    const resumed = await resumePending(verifier, job, options, entry.guid, contract);
    if (resumed) {
      if (resumed.recordable) record(resumed.result);
      return finish(options, resumed.result);
    }
  }

  let toSubmit = job;
  // The watch of an earlier submission spends the contract's deadline: the submission then has what is left.
  let begun: Deadline | undefined;
  if (entry && sameInput && entry.status === "submitting") {
    const deadline = deadlineOf(job, options);
    const startedAt = deadline.now();
    const sentAt = Date.parse(entry.submittedAt ?? "");
    const seen = await watchEarlierSubmission(
      verifier,
      job,
      Number.isNaN(sentAt) ? startedAt : sentAt,
      deadline,
      (watchMs) =>
        notice(
          `an earlier run sent it and stopped before the explorer answered; watching for up to ${Math.ceil(watchMs / 1_000)} s whether the explorer verifies it, before sending it again.`,
        ),
    );
    if (seen !== "unverified") {
      const verified = seen === "verified";
      const result = jobRecord(verifier, job, {
        status: verified ? "already-verified" : "timeout",
        durationMs: deadline.now() - startedAt,
        message: verified
          ? "An earlier run sent it and stopped before the explorer answered; the explorer shows it verified, so it was not sent again."
          : "An earlier run sent it and stopped before the explorer answered; the explorer did not show it verified before the deadline, so it was not sent again (the next run looks again).",
      });
      // At the deadline the intent stays in the ledger: the next run looks again before sending.
      if (verified) record(result);
      return finish(options, result);
    }
    // Just seen unverified: the engine's own pre-check would ask again. The watch spent part of the deadline.
    toSubmit = { ...job, force: true };
    begun = deadline;
  }

  const onSubmitting = (submission: SubmittingContract): void => {
    // The caller may stop the submission (an interrupted run): asked first, so that no intent is left for nothing.
    options.onSubmitting?.(submission);
    // Before the request leaves: a run killed while it is in flight leaves this trace. A ledger that cannot be
    // written stops the job here, with nothing sent.
    write("submitting", {}, true);
  };
  const onEvent = (event: VerificationEvent): void => {
    if (event.type === "submitted" && event.guid && event.address === job.address) {
      try {
        write("pending", { guid: event.guid }, false);
      } catch (error) {
        notice(`the ledger could not record the guid ${event.guid}: ${describe(error)}`);
      }
    }
    options.onEvent?.(event);
  };
  const result = await verifyContract(verifier, toSubmit, { ...options, onEvent, onSubmitting }, begun);
  record(result);
  return result;
}

interface Resumed {
  result: VerificationResult;
  /** False when polling broke for a reason that says nothing of the guid: the ledger keeps it pending. */
  recordable: boolean;
}

// Polls a guid left by an earlier run. Undefined when the explorer rejected it or forgot it: submit again.
async function resumePending(
  verifier: Verifier,
  job: VerificationJob,
  options: EngineOptions,
  guid: string,
  contract: string,
): Promise<Resumed | undefined> {
  const receipt: Receipt = { id: guid, of: "verification", address: job.address };
  const deadline = deadlineOf(job, options);
  const startedAt = deadline.now();
  // The service's answer brings its match, a failure its error code; the words said here replace theirs.
  const resumed = (status: Outcome["status"], message?: string, said: Partial<Outcome> = {}): Resumed => ({
    result: jobRecord(verifier, job, {
      ...said,
      status,
      guid,
      message,
      durationMs: deadline.now() - startedAt,
    }),
    recordable: status !== "failed",
  });
  try {
    // Without waiting, one look at the guid; else it is polled until the verdict or the deadline.
    const said =
      (job.wait ?? options.wait) === false
        ? await verifier.status(receipt, deadline.endsAt)
        : await pollVerifyStatus(
            verifier,
            receipt,
            deadline,
            { ...defaultPolling, ...options.polling },
            (message) =>
              options.onEvent?.({ type: "pending", address: job.address, contract, guid, message }),
          );
    if (said.state === "pass") return resumed("verified", undefined, said);
    if (said.state === "already-verified") return resumed("already-verified", undefined, said);
    if (said.state === "pending")
      return resumed("pending", "Submitted by an earlier run; not waiting for the verdict.");
    if (said.state === "timeout")
      return resumed(
        "timeout",
        `The explorer had not decided when the deadline came; look later with the guid ${guid}.`,
      );
    return undefined;
  } catch (error) {
    // A job that found no contract at the address ended as a failed one does: the contract is sent again.
    if (error instanceof NotAContractError) return undefined;
    const message = `Polling the guid ${guid} of an earlier run failed: ${describe(error)}`;
    return resumed("failed", message, failureOf(error, verifier, 0));
  }
}

/** How long after an unanswered submission was sent the contract is watched before it is sent again. */
const earlierSubmissionWatchMs = 60_000;
/** Time between two looks at a watched contract. */
const earlierSubmissionLookIntervalMs = 3_000;

/** What became of a submission an earlier run sent and got no answer to. */
type EarlierSubmissionOutcome =
  /** The explorer shows the contract verified: nothing to send. */
  | "verified"
  /** Still not verified when the watch ended: send it again. */
  | "unverified"
  /** The job's deadline came first. */
  | "deadline";

/**
 * Watches a contract an earlier run submitted without recording the answer (it stopped with the request in
 * flight): the explorer may have received it and be verifying it now. Looks at once, then every few seconds until
 * 60 s after that submission was sent, never past the job's deadline. A look that fails says nothing: the watch
 * goes on, and when it ends the contract is sent again (an explorer answers a submission for a verified contract
 * "already verified").
 *
 * @param sentAt - when the earlier submission was sent (epoch ms); the watch ends 60 s later, or 60 s from now if
 *   that time lies ahead
 * @param onWatch - told once, with how long the watch may last (deadline included), when the first look does not
 *   find it verified
 */
async function watchEarlierSubmission(
  verifier: Verifier,
  job: VerificationJob,
  sentAt: number,
  deadline: Deadline,
  onWatch: (watchMs: number) => void,
): Promise<EarlierSubmissionOutcome> {
  const watchEndsAt = Math.min(sentAt, deadline.now()) + earlierSubmissionWatchMs;
  for (let look = 0; ; look++) {
    const state = await verifiedMatch(verifier, job, deadline.endsAt).then(
      (found) => found.state,
      () => "unknown" as const,
    );
    if (state === "verified") return "verified";
    if (deadline.passed()) return "deadline";
    const leftMs = watchEndsAt - deadline.now();
    if (leftMs <= 0) return "unverified";
    if (look === 0) onWatch(Math.min(leftMs, deadline.remainingMs()));
    if (!(await deadline.wait(Math.min(earlierSubmissionLookIntervalMs, leftMs)))) return "deadline";
  }
}

function finish(options: EngineOptions, result: VerificationResult): VerificationResult {
  options.onEvent?.({ type: "finished", address: result.address, contract: result.contract, result });
  return result;
}

function describe(error: unknown): string {
  return isExplorerVerifyError(error) ? error.shortMessage : String(error);
}
