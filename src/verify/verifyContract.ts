import { isDeadlineReached } from "../errors/index.js";
import { assertAddress } from "../kernel/validate.js";
import { type ExplorerMemory, firstPollStart, preCheckPays } from "./batchMemory.js";
import { encodeConstructorArguments, recoveredArguments } from "./constructorArguments.js";
import { type Deadline, deadlineOf } from "./deadline.js";
import { displayName, type EngineOptions } from "./engineOptions.js";
import type { ContractEvent } from "./events.js";
import { unbuildableTarget, unlistedBuild } from "./explorerLimits.js";
import {
  BudgetSpent,
  describe,
  explainFailure,
  failureOf,
  similarMatchNote,
  verdictError,
  withoutFullStop,
} from "./failureMessages.js";
import type { MatchKind, ResultError, VerificationJob, VerificationResult } from "./job.js";
import { jobRecord } from "./jobRecord.js";
import { defaultPolling } from "./pollSchedule.js";
import { pollVerifyStatus } from "./pollVerifyStatus.js";
import { type VerifiedState, verifiedMatch } from "./preCheck.js";
import type { PreflightOptions, PreflightResult } from "./preflight.js";
import { isRetryable } from "./retryable.js";
import { fullInputNeeded, standardJsonCandidates } from "./standardJsonCandidates.js";
import { prepareSubmissions } from "./submission.js";
import { SubmissionSender } from "./submissionSender.js";
import { type BudgetHold, type Matched, serviceTitles, type Verifier } from "./verifier.js";

export { displayName, type EngineOptions, type SubmittingContract } from "./engineOptions.js";

/**
 * Verifies one contract: pre-check, submit (each candidate input in turn), wait for the verdict within the
 * deadline, confirm. Never throws: every outcome, bad input included, comes back as a result record.
 *
 * @param verifier - the service
 * @param job - the contract
 * @param options - deadline, polling, events
 * @param deadline - the contract's deadline, when its work began before (the ledger's watch): made now otherwise
 * @returns the result record (proxy links are separate: see `linkProxy`)
 */
export async function verifyContract(
  verifier: Verifier,
  job: VerificationJob,
  options: EngineOptions = {},
  deadline: Deadline = deadlineOf(job, options),
): Promise<VerificationResult> {
  return new ContractVerification(verifier, job, options, deadline).run();
}

class ContractVerification {
  readonly #client: Verifier;
  readonly #job: VerificationJob;
  readonly #options: EngineOptions;
  readonly #deadline: Deadline;
  readonly #startedAt: number;
  readonly #contract: string;
  readonly #memory: ExplorerMemory | undefined;
  readonly #sender: SubmissionSender;
  /** Whether the batch's memory has heard if this contract was verified before the run. */
  #learnedBefore = false;
  #guid: string | undefined;
  /** Worth reading even on success: a preflight warning (partial match) or note (skipped). */
  #note: string | undefined;
  #preflightResult: PreflightResult | undefined;
  /** The submission held of the service's stated budget, while the contract has not sent it. */
  #held: Extract<BudgetHold, { kind: "held" }> | undefined;
  /** How the service holds the contract, where it says (Sourcify, Etherscan's similar match). */
  #match: MatchKind | undefined;
  /** Which code that match covers, where the service says (Sourcify). */
  #matches: Matched["matches"];
  /** The partial match (`match`) the service held before the run, which an exact submission replaces. */
  #matchBefore: MatchKind | undefined;

  constructor(client: Verifier, job: VerificationJob, options: EngineOptions, deadline: Deadline) {
    this.#client = client;
    this.#job = job;
    this.#options = options;
    this.#deadline = deadline;
    this.#startedAt = this.#deadline.now();
    this.#contract = displayName(job);
    this.#memory = options.memory?.explorer(client.pages.base);
    this.#sender = new SubmissionSender({
      verifier: client,
      job,
      contract: this.#contract,
      deadline: this.#deadline,
      options,
      held: () => this.#held,
      emit: (event) => this.#emit(event),
    });
    if (job.copiedFrom?.match === "partial")
      this.#note = `Copied from ${serviceTitles[job.copiedFrom.service]}, where it is only a partial match (the code matches, its metadata does not).`;
  }

  async run(): Promise<VerificationResult> {
    try {
      return await this.#verify();
    } catch (error) {
      return this.#failure(error);
    } finally {
      this.#held?.release();
    }
  }

  async #verify(): Promise<VerificationResult> {
    const job = this.#job;
    assertAddress(job.address);
    const explicitArguments =
      job.constructorArguments && !("recoverFrom" in job.constructorArguments)
        ? encodeConstructorArguments(job.constructorArguments)
        : undefined;
    const candidates = job.source.format === "standard-json" ? standardJsonCandidates(job.source) : [];
    // Checked before anything is sent; the recovered arguments only change what is sent.
    prepareSubmissions(this.#client, job, explicitArguments, candidates);
    // Past the service's stated budget nothing is sent, not even a pre-check: the contract waits for the reset.
    const budget = this.#client.capabilities.submissionBudget;
    if (budget) {
      const hold = await budget.hold(this.#deadline.endsAt);
      if (hold.kind === "spent") throw new BudgetSpent(hold.reading);
      if (hold.kind === "held") this.#held = hold;
    }

    if (!(job.force ?? this.#options.force) && (await preCheckPays(this.#memory, job.source.format))) {
      let state: VerifiedState | "unknown";
      try {
        this.#emit({ type: "checking" });
        state = await this.#preCheck();
        if (state !== "unknown") {
          this.#memory?.noteVerifiedBefore(state === "verified");
          this.#learnedBefore = true;
        }
      } finally {
        // The answer is noted before the pre-check counts as ended: jobs waiting for it decide on what it found.
        this.#memory?.preCheckEnded();
      }
      if (state === "verified") return this.#finish("already-verified");
    }
    const constructorArguments =
      explicitArguments ?? (await recoveredArguments(this.#client, job, this.#deadline.endsAt));
    const submissions = prepareSubmissions(this.#client, job, constructorArguments, candidates);
    if (this.#options.preflight && this.#options.rpc) {
      const checked = await this.#preflight(constructorArguments, this.#options.rpc);
      if (checked.outcome === "mismatch")
        return this.#finish("failed", checked.diagnosis, verdictError(checked));
      if (checked.outcome !== "perfect") this.#note = checked.diagnosis;
      // Only a build whose metadata matches exactly can replace a partial match: this one would be refused.
      if (checked.outcome === "partial" && this.#matchBefore === "match") {
        this.#match = "match";
        return this.#finish(
          "already-verified",
          `${serviceTitles[this.#client.service]} holds a partial match (match), and this build's metadata differs from the deployed one too, so it cannot make it exact: not resubmitted. ${checked.diagnosis}`,
        );
      }
    }

    if (!this.#options.sendUnlisted) {
      const unlisted = await unlistedBuild(this.#client, job, this.#deadline.endsAt);
      if (unlisted) return this.#finish("failed", unlisted.message, unlisted.error);
    }

    let lastFailure = "";
    let minimalRefused = false;
    for (const submission of submissions) {
      const submittedAt = this.#deadline.now();
      const outcome = await this.#sender.send(submission);
      // The explorer compiled it while answering, and the code did not match.
      if (outcome.kind === "mismatch")
        return this.#finish("failed", explainFailure(outcome.message, false), {
          code: "bytecode",
          details: outcome.message,
        });
      if (!this.#learnedBefore) this.#memory?.noteVerifiedBefore(outcome.kind === "already-verified");
      this.#learnedBefore = true;
      if (outcome.kind === "already-verified") {
        this.#took(outcome);
        return this.#finish("already-verified");
      }
      // The minimal input was refused and the full one passes: the record says why the full one was needed.
      const saidWhy = () => {
        if (submission.input === "full" && minimalRefused && job.source.format === "standard-json")
          this.#note = [this.#note, fullInputNeeded(job.source.input)].filter(Boolean).join(" ");
      };
      // A synchronous verification answers with the contract it published: nothing to confirm.
      if (outcome.kind === "verified") {
        saidWhy();
        return this.#finish("verified");
      }
      const receipt = outcome.receipt;
      this.#guid = receipt.id;
      if ((job.wait ?? this.#options.wait) === false)
        return this.#finish("pending", "Submitted; not waiting for the verdict.");
      const answeredAt = this.#deadline.now();
      const scout = this.#memory?.claimScout() ?? false;
      const polling = { ...defaultPolling, ...this.#options.polling };
      const verdict = await pollVerifyStatus(
        this.#client,
        receipt,
        this.#deadline,
        polling,
        (message) => this.#emit({ type: "pending", guid: receipt.id, message }),
        {
          ...(scout ? {} : await firstPollStart(this.#memory, this.#deadline, answeredAt, polling)),
          startedAt: answeredAt,
          peers: this.#memory,
        },
      )
        .then((polled) => {
          if ("verdictAfterMs" in polled) this.#memory?.noteVerdictWait(polled.verdictAfterMs, submittedAt);
          return polled;
        })
        .finally(() => {
          if (scout) this.#memory?.scoutDone();
        });
      if (verdict.state === "timeout") return this.#timeout();
      if (verdict.state === "pass") {
        this.#took(verdict);
        saidWhy();
        return this.#confirmed();
      }
      if (verdict.state === "already-verified") {
        // The job did not yield a better match than the one held (Sourcify's `already_verified`).
        this.#took(verdict);
        return this.#finish("already-verified");
      }
      if (verdict.state === "unknown-uid") {
        // Several explorers verified the contract although they had lost the guid: look before calling it a failure.
        // That look is the confirmation.
        if ((await verifiedMatch(this.#client, job, this.#deadline.endsAt)).state !== "unverified")
          return this.#finish("verified");
        lastFailure = `The explorer lost track of the submission (${verdict.message}) and the contract is not verified.`;
        continue;
      }
      lastFailure = verdict.message;
      if (submission.input === "minimal") minimalRefused = true;
    }
    const explained = explainFailure(lastFailure, submissions.length > 1);
    const refused = verdictError(undefined, lastFailure);
    if (!this.#options.rpc) return this.#finish("failed", explained, refused);
    // The explorer gives no reason; the same submission compiled here against the chain usually finds it.
    const checked = this.#options.preflight
      ? this.#preflightResult
      : await this.#preflight(constructorArguments, this.#options.rpc).catch(() => undefined);
    // Without a compiler nothing is known about the sources or settings: say only what is missing, first.
    if (checked?.code === "no_compiler") {
      return this.#finish(
        "failed",
        `${checked.diagnosis.replace(/^Preflight skipped: /, "")} The explorer could not verify the contract: ${withoutFullStop(lastFailure) || "no reason given"}.`,
        verdictError(checked, lastFailure),
      );
    }
    if (checked?.outcome === "perfect" || checked?.outcome === "partial") {
      const unbuildable = unbuildableTarget(job, lastFailure);
      if (unbuildable) return this.#finish("failed", unbuildable.message, unbuildable.error);
    }
    if (!this.#options.preflight && checked?.outcome === "mismatch")
      return this.#finish("failed", `${explained} ${checked.diagnosis}`, verdictError(checked, lastFailure));
    return this.#finish("failed", explained, refused);
  }

  async #preflight(
    constructorArguments: string | undefined,
    rpc: PreflightOptions,
  ): Promise<PreflightResult> {
    // Without creation data only the runtime code is compared.
    const creationInput = this.#client.capabilities.creation
      ? await this.#client.creation(this.#job.address, this.#deadline.endsAt).then(
          (creation) => creation?.creationBytecode,
          () => undefined,
        )
      : undefined;
    // Loaded only when a chain is given: it brings a compiler loader and ABI decoding.
    const { preflightAgainst } = await import("./preflight.js");
    const result = await preflightAgainst(this.#job, constructorArguments, creationInput, rpc);
    this.#preflightResult = result;
    this.#emit({ type: "preflight", outcome: result.outcome, diagnosis: result.diagnosis });
    return result;
  }

  // The pre-check only saves a submission: when the explorer cannot answer it now, submitting is still safe, since
  // a verified contract's submission is answered "already verified".
  async #preCheck(): Promise<VerifiedState | "unknown"> {
    try {
      const found = await verifiedMatch(this.#client, this.#job, this.#deadline.endsAt);
      if (found.state === "verified") this.#took(found);
      if (found.match === "similar") this.#note = similarMatchNote(this.#client, found.similarTo);
      // A partial match is submitted again: an exact build replaces it (Sourcify), or the service says it holds it.
      if (found.state === "partial" && found.match === "match") this.#matchBefore = "match";
      return found.state;
    } catch (error) {
      if (!isRetryable(error)) throw error;
      this.#emit({
        type: "notice",
        message: `the pre-check failed (${describe(error)}); submitting without it.`,
      });
      return "unknown";
    }
  }

  // What the service said of its match; without a word of its own, the partial match it held before stands.
  #took(said: Matched): void {
    this.#match = said.match ?? this.#matchBefore;
    this.#matches = said.matches;
  }

  async #confirmed(): Promise<VerificationResult> {
    if (!this.#options.confirmVerified) return this.#finish("verified");
    try {
      const found = await this.#client.lookUp(this.#job.address, this.#deadline.endsAt);
      if (found.state === "unverified") {
        return this.#finish(
          "verified",
          "The explorer reported a pass, but looking the contract up again does not show it verified yet.",
        );
      }
    } catch {
      // The verdict stands; the confirmation is a courtesy read.
    }
    return this.#finish("verified");
  }

  #failure(error: unknown): VerificationResult {
    if (isDeadlineReached(error)) return this.#timeout();
    const failed = failureOf(error, this.#client, this.#sender.attempts);
    return this.#finish("failed", failed.message, failed.error);
  }

  #timeout(): VerificationResult {
    const waited = this.#guid
      ? `The explorer had not decided when the deadline came; look later with the guid ${this.#guid}.`
      : "The deadline came before the contract could be submitted.";
    return this.#finish("timeout", waited);
  }

  #finish(status: VerificationResult["status"], message?: string, error?: ResultError): VerificationResult {
    const failed = status === "failed" || status === "timeout";
    const upgraded = !failed && this.#matchBefore !== undefined && this.#match === "exact_match";
    if (upgraded && !message)
      message = `Upgraded: ${serviceTitles[this.#client.service]} held a partial match (match); this build's exact match (exact_match) replaced it.`;
    const result = jobRecord(this.#client, this.#job, {
      status,
      guid: this.#guid,
      attempts: this.#sender.attempts,
      durationMs: this.#deadline.now() - this.#startedAt,
      message: message ?? this.#note,
      error,
      match: this.#match,
      matches: this.#matches,
      previousMatch: upgraded ? this.#matchBefore : undefined,
    });
    this.#emit({ type: "finished", result });
    return result;
  }

  // Every event names the contract: its address and name, in the fields' usual place (right after the type).
  #emit(event: ContractEvent): void {
    const named = { address: this.#job.address, contract: this.#contract };
    this.#options.onEvent?.(Object.assign({ type: event.type }, named, event));
  }
}
