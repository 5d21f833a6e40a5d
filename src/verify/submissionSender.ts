import { deadlineReached, isUnsent, NetworkError, NotAContractError, TimeoutError } from "../errors/index.js";
import type { Deadline } from "./deadline.js";
import type { EngineOptions } from "./engineOptions.js";
import type { ContractEvent } from "./events.js";
import { BudgetSpent, describe } from "./failureMessages.js";
import type { VerificationJob } from "./job.js";
import { type VerifiedState, verifiedMatch } from "./preCheck.js";
import { isRetryable, isServerError } from "./retryable.js";
import type { PreparedSubmission } from "./submission.js";
import type { BudgetHold, SubmitOutcome, Verifier } from "./verifier.js";

/** What a contract's sender works for: the contract, its service, its deadline and where its events go. */
export interface SendingFor {
  verifier: Verifier;
  job: VerificationJob;
  /** The contract's name in records and events. */
  contract: string;
  deadline: Deadline;
  options: EngineOptions;
  /** The submission held of the service's stated budget, once held. */
  held(): Extract<BudgetHold, { kind: "held" }> | undefined;
  emit(event: ContractEvent): void;
}

const asyncSubmissionTimeoutMs = 30_000;

/** Synchronous submissions compile on the server while the request waits: they get a longer time limit. */
const synchronousSubmissionTimeoutMs = 120_000;

/**
 * Sends a contract's submissions: waits while the explorer has not indexed the contract yet, looks before sending
 * again after a send that may have reached it, and spends the service's stated budget one submission at a time.
 */
export class SubmissionSender {
  readonly #at: SendingFor;
  #attempts = 0;

  constructor(sendingFor: SendingFor) {
    this.#at = sendingFor;
  }

  /** Submissions sent so far, resends included. */
  get attempts(): number {
    return this.#attempts;
  }

  async send(submission: PreparedSubmission): Promise<SubmitOutcome> {
    const job = this.#at.job;
    let notIndexedDelayMs = this.#at.options.notIndexedRetryMs ?? 2_000;
    const notIndexedGiveUpAt = this.#at.deadline.now() + (this.#at.options.notIndexedWindowMs ?? 60_000);
    let uncertainSends = 0;
    for (;;) {
      if (this.#at.deadline.passed()) throw deadlineReached();
      const held = this.#at.held();
      if (held && !held.spend()) {
        const reading = this.#at.verifier.capabilities.submissionBudget?.reading();
        if (reading?.state === "stated") throw new BudgetSpent(reading);
      }
      this.#at.options.onSubmitting?.({
        address: job.address,
        contract: this.#at.contract,
        input: submission.input,
        attempt: this.#attempts + 1,
      });
      const limitMs =
        job.source.format === "standard-json" || job.source.format === "single-file"
          ? asyncSubmissionTimeoutMs
          : (this.#at.options.synchronousSubmissionTimeoutMs ?? synchronousSubmissionTimeoutMs);
      try {
        const outcome = await submission.send(
          Math.max(1, Math.min(limitMs, this.#at.deadline.remainingMs())),
          this.#at.deadline.endsAt,
        );
        this.#attempts++;
        if (outcome.kind !== "mismatch")
          this.#at.emit({
            type: "submitted",
            attempt: this.#attempts,
            input: submission.input,
            ...(outcome.kind === "receipt" ? { guid: outcome.receipt.id } : {}),
          });
        return outcome;
      } catch (error) {
        if (isUnsent(error)) held?.refund?.();
        else this.#attempts++;
        if (error instanceof NotAContractError) {
          // The last wait is what is left of the window: the last try comes as it ends.
          const delayMs = Math.min(notIndexedDelayMs, notIndexedGiveUpAt - this.#at.deadline.now());
          if (delayMs <= 0) throw error;
          this.#at.emit({
            type: "waiting",
            reason: "the explorer has not indexed the contract yet",
            delayMs,
          });
          if (!(await this.#at.deadline.wait(delayMs))) throw error;
          notIndexedDelayMs *= 2;
          continue;
        }
        if (mayHaveBeenReceived(error) && uncertainSends < maxUncertainSends) {
          // The explorer may have acted on it: look before sending it again, and not forever.
          uncertainSends++;
          if ((await this.#lookAfterUncertainSend(error)) !== "unverified") return { kind: "verified" };
          if (!(await this.#at.deadline.wait(uncertainRetryDelayMs * uncertainSends))) throw error;
          continue;
        }
        throw error;
      }
    }
  }

  // After a submission that may have reached the explorer, sending it again is only right once the explorer says the
  // contract is not verified; a look that fails for a retryable reason is tried again, never taken as "not verified".
  async #lookAfterUncertainSend(sendError: unknown): Promise<VerifiedState> {
    for (let look = 1; ; look++) {
      try {
        return (await verifiedMatch(this.#at.verifier, this.#at.job, this.#at.deadline.endsAt)).state;
      } catch (error) {
        if (!isRetryable(error) || look >= maxLooksAfterUncertainSend) throw error;
        this.#at.emit({
          type: "notice",
          message: `the submission may have reached the explorer (${describe(sendError)}), and looking for it failed (${describe(error)}); looking again.`,
        });
        if (!(await this.#at.deadline.wait(uncertainRetryDelayMs * look))) throw sendError;
      }
    }
  }
}

const maxUncertainSends = 5;
const maxLooksAfterUncertainSend = 4;
const uncertainRetryDelayMs = 1_000;

// A time-out, a dropped connection or a server error after the request left: the explorer may have acted on it.
function mayHaveBeenReceived(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) return error.maybeReceived;
  return isServerError(error);
}
