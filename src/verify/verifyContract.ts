import { isBytecodeMismatch } from "../client/explorerTexts.js";
import {
  ExplorerError,
  InvalidInputError,
  isExplorerVerifyError,
  NetworkError,
  NotAContractError,
  TimeoutError,
} from "../errors/index.js";
import { assertAddress } from "../kernel/validate.js";
import { defaultTimeoutMs } from "../options/verificationOptions.js";
import { isoSeconds } from "../report/isoSeconds.js";
import type { BatchMemory, ExplorerMemory } from "./batchMemory.js";
import { encodeConstructorArguments, recoverConstructorArguments } from "./constructorArguments.js";
import { Deadline } from "./deadline.js";
import type { VerificationEventListener } from "./events.js";
import { unbuildableTarget, unlistedBuild } from "./explorerLimits.js";
import type { ResultError, VerificationJob, VerificationResult } from "./job.js";
import { defaultPolling, type PollingOptions, pollVerifyStatus } from "./pollVerifyStatus.js";
import { type VerifiedState, verifiedMatch, verifiedState } from "./preCheck.js";
import type { PreflightOptions, PreflightResult } from "./preflight.js";
import { isRetryable, isServerError } from "./retryable.js";
import { fullInputNeeded, standardJsonCandidates } from "./standardJsonCandidates.js";
import { type PreparedSubmission, prepareSubmissions } from "./submission.js";
import {
  type BudgetHold,
  type BudgetReading,
  type MatchKind,
  type SubmitOutcome,
  serviceTitles,
  type Verifier,
} from "./verifier.js";

/** Engine settings shared by every job of a run. */
export interface EngineOptions {
  /** Deadline per contract when the job sets none. Default 300 s. */
  timeoutMs?: number;
  polling?: Partial<PollingOptions>;
  /** First wait after `Address is not a smart-contract` (not indexed yet); doubles each time. Default 2 s. */
  notIndexedRetryMs?: number;
  /** How long an address may stay "not a contract" before that is taken as the answer. Default 60 s. */
  notIndexedWindowMs?: number;
  onEvent?: VerificationEventListener;
  /**
   * Called just before each submission is sent (the ledger records it here). Unlike `onEvent`, it may throw: the
   * job then fails with that error, and nothing is sent.
   */
  onSubmitting?: (submission: SubmittingContract) => void;
  /** Skip the pre-check for every job (a job's own `force` wins). */
  force?: boolean;
  /** Wait for verdicts (default true; a job's own `wait` wins). */
  wait?: boolean;
  /**
   * The target chain (and compiler files): with it, a failed verification is explained by compiling locally
   * against the deployed code.
   */
  rpc?: PreflightOptions;
  /** Also check each submission locally before sending it (needs `rpc`): a mismatch stops the job. */
  preflight?: boolean;
  /** Send a build even when the service's published lists leave out its compiler version or EVM target. */
  sendUnlisted?: boolean;
  /** Time limit of one synchronous submission (the explorer compiles while we wait). Default 120 s. */
  synchronousSubmissionTimeoutMs?: number;
  /**
   * Read `getsourcecode` after a pass and say so when the explorer does not show the source yet. Default false: the
   * explorer's verdict stands, and the read would cost a request per contract.
   */
  confirmVerified?: boolean;
  /**
   * What earlier jobs of the same batch learned (`verifyBatch` gives one): when verdicts are ready, whether
   * pre-checks find anything. Without it every job starts from the defaults.
   */
  memory?: BatchMemory;
}

/** A submission about to be sent, as {@link EngineOptions.onSubmitting} hears of it. */
export interface SubmittingContract {
  address: string;
  contract: string;
  input: PreparedSubmission["input"];
  /** Counts every submission of the job, resends included, from 1. */
  attempt: number;
}

const asyncSubmissionTimeoutMs = 30_000;

/** Synchronous submissions compile on the server while the request waits: they get a longer time limit. */
const synchronousSubmissionTimeoutMs = 120_000;

/**
 * The name a result shows for a job: the user's, else the source's contract name without Hardhat's `project/`.
 * @param job - the job
 * @returns e.g. `contracts/Token.sol:Token`
 */
export function displayName(job: VerificationJob): string {
  if (job.contract) return job.contract;
  const { source } = job;
  if (source.format === "registry") return job.address;
  return source.contractName.replace(/^project\//, "");
}

/**
 * Verifies one contract: pre-check, submit (each candidate input in turn), wait for the verdict within the
 * deadline, confirm. Never throws: every outcome, bad input included, comes back as a result record.
 *
 * @param verifier - the service
 * @param job - the contract
 * @param options - deadline, polling, events
 * @returns the result record (proxy links are separate: see `linkProxy`)
 */
export async function verifyContract(
  verifier: Verifier,
  job: VerificationJob,
  options: EngineOptions = {},
): Promise<VerificationResult> {
  return new ContractVerification(verifier, job, options).run();
}

class ContractVerification {
  readonly #client: Verifier;
  readonly #job: VerificationJob;
  readonly #options: EngineOptions;
  readonly #polling: PollingOptions;
  readonly #deadline: Deadline;
  readonly #startedAt = Date.now();
  readonly #contract: string;
  readonly #memory: ExplorerMemory | undefined;
  #attempts = 0;
  /** Whether the batch's memory has heard if this contract was verified before the run. */
  #learnedBefore = false;
  #guid: string | undefined;
  /** Worth reading even on success: a preflight warning (partial match) or note (skipped). */
  #note: string | undefined;
  #preflightResult: PreflightResult | undefined;
  /** The submission held of the service's stated budget, while the contract has not sent it. */
  #held: Extract<BudgetHold, { kind: "held" }> | undefined;
  /** How the service holds the contract, where it says (Sourcify). */
  #match: MatchKind | undefined;
  /** The partial match (`match`) the service held before the run, which an exact submission replaces. */
  #matchBefore: MatchKind | undefined;

  constructor(client: Verifier, job: VerificationJob, options: EngineOptions) {
    this.#client = client;
    this.#job = job;
    this.#options = options;
    this.#polling = { ...defaultPolling, ...options.polling };
    this.#deadline = new Deadline(job.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs);
    this.#contract = displayName(job);
    this.#memory = options.memory?.explorer(client.pages.base);
    if (job.copiedFrom?.match === "partial")
      this.#note = `Copied from ${serviceTitles[job.copiedFrom.service]}, where it is only a partial match (the code matches, its metadata does not).`;
  }

  async run(): Promise<VerificationResult> {
    try {
      return await this.#deadline.run(() => this.#verify());
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
      const hold = await budget.hold();
      if (hold.kind === "spent") throw new BudgetSpent(hold.reading);
      if (hold.kind === "held") this.#held = hold;
    }

    if (!(job.force ?? this.#options.force) && (await this.#preCheckPays())) {
      // The answer is noted before the pre-check counts as ended: jobs waiting for it decide on what it found.
      const state = await Promise.resolve()
        .then(() => {
          this.#emit({ type: "checking", address: job.address, contract: this.#contract });
          return this.#preCheck();
        })
        .then((found) => {
          if (found !== "unknown") {
            this.#memory?.noteVerifiedBefore(found === "verified");
            this.#learnedBefore = true;
          }
          return found;
        })
        .finally(() => this.#memory?.preCheckEnded());
      if (state === "verified") return this.#finish("already-verified");
    }
    const constructorArguments = explicitArguments ?? (await this.#recoveredArguments());
    const submissions = prepareSubmissions(this.#client, job, constructorArguments, candidates);
    if (this.#options.preflight && this.#options.rpc) {
      const checked = await this.#preflight(constructorArguments);
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
      const unlisted = await unlistedBuild(this.#client, job);
      if (unlisted) return this.#finish("failed", unlisted.message, unlisted.error);
    }

    let lastFailure = "";
    let minimalRefused = false;
    for (const submission of submissions) {
      const outcome = await this.#submit(submission);
      if (!this.#learnedBefore) this.#memory?.noteVerifiedBefore(outcome.kind === "already-verified");
      this.#learnedBefore = true;
      if (outcome.kind === "already-verified") {
        this.#match = outcome.match ?? this.#matchBefore;
        return this.#finish("already-verified");
      }
      // The minimal input was refused and the full one passes: the record says why the full one was needed.
      const saidWhy = () => {
        if (submission.input === "full" && minimalRefused && job.source.format === "standard-json")
          this.#note = joined(this.#note, fullInputNeeded(job.source.input));
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
      const answeredAt = Date.now();
      const scout = this.#memory?.claimScout() ?? false;
      const verdict = await pollVerifyStatus(
        this.#client,
        receipt,
        this.#deadline,
        this.#polling,
        (message) =>
          this.#emit({
            type: "pending",
            address: job.address,
            contract: this.#contract,
            guid: receipt.id,
            message,
          }),
        scout ? undefined : await this.#firstPollWaitMs(answeredAt),
        answeredAt,
      )
        .then((polled) => {
          if ("verdictAfterMs" in polled) this.#memory?.noteVerdictWait(polled.verdictAfterMs);
          return polled;
        })
        .finally(() => {
          if (scout) this.#memory?.scoutDone();
        });
      if (verdict.state === "timeout") return this.#timeout();
      if (verdict.state === "pass") {
        this.#match = verdict.match;
        saidWhy();
        return this.#confirmed();
      }
      if (verdict.state === "already-verified") {
        // The job did not yield a better match than the one held (Sourcify's `already_verified`).
        this.#match = verdict.match ?? this.#matchBefore;
        return this.#finish("already-verified");
      }
      if (verdict.state === "unknown-uid") {
        // Several explorers verified the contract although they had lost the guid: look before calling it a failure.
        // That look is the confirmation.
        if ((await verifiedState(this.#client, job)) !== "unverified") return this.#finish("verified");
        lastFailure = `The explorer lost track of the submission (${verdict.message}) and the contract is not verified.`;
        continue;
      }
      lastFailure = verdict.message;
      if (submission.input === "minimal") minimalRefused = true;
    }
    const explained = this.#explainFailure(lastFailure, submissions);
    if (!this.#options.rpc) {
      return this.#finish("failed", explained, {
        code: "verification_failed",
        ...(lastFailure ? { details: lastFailure } : {}),
      });
    }
    // The explorer gives no reason; the same submission compiled here against the chain usually finds it.
    const checked = this.#options.preflight
      ? this.#preflightResult
      : await this.#preflight(constructorArguments).catch(() => undefined);
    // Without a compiler nothing is known about the sources or settings: say only what is missing, first.
    if (checked?.code === "no_compiler") {
      return this.#finish(
        "failed",
        `${checked.diagnosis.replace(/^Preflight skipped: /, "")} The explorer could not verify the contract: ${withoutFullStop(lastFailure) || "no reason given"}.`,
        { code: "no_compiler", ...(lastFailure ? { details: lastFailure } : {}) },
      );
    }
    if (checked?.outcome === "perfect" || checked?.outcome === "partial") {
      const unbuildable = unbuildableTarget(job, lastFailure);
      if (unbuildable) return this.#finish("failed", unbuildable.message, unbuildable.error);
    }
    const refused: ResultError = {
      code: "verification_failed",
      ...(lastFailure ? { details: lastFailure } : {}),
    };
    if (this.#options.preflight) return this.#finish("failed", explained, refused);
    return checked?.outcome === "mismatch"
      ? this.#finish("failed", `${explained} ${checked.diagnosis}`, verdictError(checked, lastFailure))
      : this.#finish("failed", explained, refused);
  }

  async #preflight(constructorArguments: string | undefined): Promise<PreflightResult> {
    const rpc = this.#options.rpc;
    if (!rpc) return { outcome: "skipped", diagnosis: "" };
    let creationInput: string | undefined;
    try {
      creationInput = this.#client.capabilities.creation
        ? (await this.#client.creation(this.#job.address))?.creationBytecode
        : undefined;
    } catch {
      // Without creation data only the runtime code is compared.
    }
    // Loaded only when a chain is given: it brings a compiler loader and ABI decoding.
    const { preflight } = await import("./preflight.js");
    const result = await preflight(this.#job, constructorArguments, creationInput, rpc);
    this.#preflightResult = result;
    this.#emit({
      type: "preflight",
      address: this.#job.address,
      contract: this.#contract,
      outcome: result.outcome,
      diagnosis: result.diagnosis,
    });
    return result;
  }

  async #submit(submission: PreparedSubmission): Promise<SubmitOutcome> {
    const job = this.#job;
    let notIndexedDelayMs = this.#options.notIndexedRetryMs ?? 2_000;
    const notIndexedGiveUpAt = Date.now() + (this.#options.notIndexedWindowMs ?? 60_000);
    let uncertainSends = 0;
    for (;;) {
      if (this.#deadline.passed()) throw new DeadlinePassed();
      if (this.#held && !this.#held.spend()) {
        const reading = this.#client.capabilities.submissionBudget?.reading();
        if (reading?.state === "stated") throw new BudgetSpent(reading);
      }
      this.#options.onSubmitting?.({
        address: job.address,
        contract: this.#contract,
        input: submission.input,
        attempt: this.#attempts + 1,
      });
      this.#attempts++;
      const limitMs =
        job.source.format === "standard-json" || job.source.format === "single-file"
          ? asyncSubmissionTimeoutMs
          : synchronousSubmissionTimeoutMs;
      try {
        const outcome = await submission.send(Math.max(1, Math.min(limitMs, this.#deadline.remainingMs())));
        this.#emit({
          type: "submitted",
          address: job.address,
          contract: this.#contract,
          attempt: this.#attempts,
          input: submission.input,
          ...(outcome.kind === "receipt" ? { guid: outcome.receipt.id } : {}),
        });
        return outcome;
      } catch (error) {
        if (error instanceof NotAContractError) {
          if (Date.now() + notIndexedDelayMs > notIndexedGiveUpAt) throw error;
          this.#emit({
            type: "waiting",
            address: job.address,
            contract: this.#contract,
            reason: "the explorer has not indexed the contract yet",
            delayMs: notIndexedDelayMs,
          });
          if (!(await this.#deadline.wait(notIndexedDelayMs))) throw error;
          notIndexedDelayMs *= 2;
          continue;
        }
        if (mayHaveBeenReceived(error) && uncertainSends < maxUncertainSends) {
          // The explorer may have acted on it: look before sending it again, and not forever.
          uncertainSends++;
          const state = await this.#lookAfterUncertainSend(error);
          if (state !== "unverified") return { kind: "verified" };
          if (!(await this.#deadline.wait(uncertainRetryDelayMs * uncertainSends))) throw error;
          continue;
        }
        throw error;
      }
    }
  }

  // The pre-check only saves a submission: when the explorer cannot answer it now, submitting is still safe, since
  // a verified contract's submission is answered "already verified".
  async #preCheck(): Promise<VerifiedState | "unknown"> {
    try {
      const found = await verifiedMatch(this.#client, this.#job);
      if (found.state === "verified") this.#match = found.match;
      // A partial match is submitted again: an exact build replaces it (Sourcify), or the service says it holds it.
      if (found.state === "partial" && found.match === "match") this.#matchBefore = "match";
      return found.state;
    } catch (error) {
      if (!isRetryable(error)) throw error;
      this.#notice(`the pre-check failed (${describe(error)}); submitting without it.`);
      return "unknown";
    }
  }

  // After a submission that may have reached the explorer, sending it again is only right once the explorer says the
  // contract is not verified; a look that fails for a retryable reason is tried again, never taken as "not verified".
  async #lookAfterUncertainSend(sendError: unknown): Promise<VerifiedState> {
    for (let look = 1; ; look++) {
      try {
        return await verifiedState(this.#client, this.#job);
      } catch (error) {
        if (!isRetryable(error) || look >= maxLooksAfterUncertainSend) throw error;
        this.#notice(
          `the submission may have reached the explorer (${describe(sendError)}), and looking for it failed (${describe(error)}); looking again.`,
        );
        if (!(await this.#deadline.wait(uncertainRetryDelayMs * look))) throw sendError;
      }
    }
  }

  #notice(message: string): void {
    this.#emit({ type: "notice", address: this.#job.address, contract: this.#contract, message });
  }

  async #recoveredArguments(): Promise<string | undefined> {
    const args = this.#job.constructorArguments;
    if (!args || !("recoverFrom" in args) || this.#client.capabilities.readsConstructorArguments)
      return undefined;
    const creation = this.#client.capabilities.creation
      ? await this.#client.creation(this.#job.address)
      : null;
    if (!creation?.creationBytecode) {
      throw new InvalidInputError(
        "constructorArguments",
        "The explorer has no creation data for this contract, so its constructor arguments cannot be recovered: give them explicitly.",
      );
    }
    return recoverConstructorArguments(args.recoverFrom.creationBytecode, creation.creationBytecode);
  }

  // From what earlier jobs saw, or else what the batch's first polling job sees: a poll before the verdict is likely
  // ready is a request spent on `Pending in queue`.
  async #firstPollWaitMs(answeredAt: number): Promise<number | undefined> {
    const memory = this.#memory;
    if (!memory) return undefined;
    const learnedMs =
      memory.firstPollWaitMs() ?? (await memory.scoutedVerdictWait(this.#deadline.remainingMs()));
    return learnedMs === undefined ? undefined : Math.max(0, learnedMs - (Date.now() - answeredAt));
  }

  // Where the explorer answers "already verified" to a submission before compiling anything (`verifysourcecode`),
  // a pre-check that rarely finds a verified contract costs more requests than it saves; where it compiles first
  // (synchronous actions), the pre-check always pays.
  async #preCheckPays(): Promise<boolean> {
    const format = this.#job.source.format;
    const memory = this.#memory;
    if (!memory || (format !== "standard-json" && format !== "single-file")) return true;
    for (;;) {
      const decision = memory.claimPreCheck();
      if (decision !== "wait") return decision === "pays";
      await memory.nextPreCheckEnd();
    }
  }

  async #confirmed(): Promise<VerificationResult> {
    if (!this.#options.confirmVerified) return this.#finish("verified");
    try {
      const found = await this.#client.lookUp(this.#job.address);
      if (found.state === "unverified") {
        return this.#finish(
          "verified",
          "The explorer reported a pass, but getsourcecode does not show the source yet.",
        );
      }
    } catch {
      // The verdict stands; the confirmation is a courtesy read.
    }
    return this.#finish("verified");
  }

  #explainFailure(explorerText: string, submissions: PreparedSubmission[]): string {
    const tried =
      submissions.length > 1
        ? " with the minimal input (the sources its metadata lists) nor with the full build input"
        : "";
    return `The explorer could not verify the contract${tried}: ${withoutFullStop(explorerText) || "no reason given"}. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.`;
  }

  #failure(error: unknown): VerificationResult {
    if (error instanceof DeadlinePassed) return this.#timeout();
    if (error instanceof BudgetSpent) {
      return this.#finish("failed", budgetSpentMessage(this.#client, error.reading), {
        code: "quota_exhausted",
        details: error.reading.statedAs,
      });
    }
    if (error instanceof NotAContractError) {
      return this.#finish(
        "failed",
        `${error.shortMessage} It still was not after ${this.#attempts} attempts; check the address and the network.`,
        { code: error.code },
      );
    }
    if (error instanceof ExplorerError && isBytecodeMismatch(error.explorerMessage)) {
      return this.#finish("failed", this.#explainFailure(error.explorerMessage, []), {
        code: "bytecode",
        details: error.explorerMessage,
      });
    }
    if (isExplorerVerifyError(error)) {
      return this.#finish("failed", error.shortMessage, {
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    return this.#finish(
      "failed",
      `Unexpected error: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  #timeout(): VerificationResult {
    const waited = this.#guid
      ? `The explorer had not decided when the deadline came; look later with the guid ${this.#guid}.`
      : "The deadline came before the contract could be submitted.";
    return this.#finish("timeout", waited);
  }

  #finish(status: VerificationResult["status"], message?: string, error?: ResultError): VerificationResult {
    const job = this.#job;
    const failed = status === "failed" || status === "timeout";
    const upgraded = !failed && this.#matchBefore !== undefined && this.#match === "exact_match";
    if (upgraded && !message)
      message = `Upgraded: ${serviceTitles[this.#client.service]} held a partial match (match); this build's exact match (exact_match) replaced it.`;
    const result: VerificationResult = {
      address: job.address,
      contract: this.#contract,
      explorer: this.#client.pages.base,
      format: job.source.format,
      status,
      ...(this.#guid ? { guid: this.#guid } : {}),
      url: this.#client.pages.contract(job.address),
      attempts: this.#attempts,
      durationMs: Date.now() - this.#startedAt,
      ...(message || this.#note ? { message: message ?? this.#note } : {}),
      ...(failed
        ? { error: error ?? { code: status === "timeout" ? "timeout" : "verification_failed" } }
        : {}),
      ...(job.createdBy ? { createdBy: job.createdBy } : {}),
      ...(this.#match && !failed ? { match: this.#match } : {}),
      ...(upgraded ? { previousMatch: this.#matchBefore } : {}),
      ...(job.copiedFrom ? { copiedFrom: job.copiedFrom } : {}),
    };
    this.#emit({ type: "finished", address: job.address, contract: this.#contract, result });
    return result;
  }

  #emit(event: Parameters<VerificationEventListener>[0]): void {
    this.#options.onEvent?.(event);
  }
}

class DeadlinePassed extends Error {}

/** The service's stated budget has nothing left for this contract: it is not sent. */
class BudgetSpent extends Error {
  readonly reading: BudgetReading & { state: "stated" };

  constructor(reading: BudgetReading & { state: "stated" }) {
    super("the stated budget is spent");
    this.reading = reading;
  }
}

function budgetSpentMessage(verifier: Verifier, reading: BudgetReading & { state: "stated" }): string {
  const service = serviceTitles[verifier.service];
  const plural = (n: number) => `${n} submission${n === 1 ? "" : "s"}`;
  const spent =
    reading.used === 0
      ? `${service} said the key has no submissions left`
      : `this run sent the ${plural(reading.stated)} ${service} said the key had left`;
  const resetsAt = reading.resetsAt === undefined ? undefined : isoSeconds(reading.resetsAt);
  const reset = resetsAt === undefined ? "once it resets" : `once it resets, at ${resetsAt}`;
  return `Not sent: ${spent} (${reading.statedAs}). Run again ${reset}.`;
}

// A local recompile that named why the code does not match: its verdict code, else the explorer's refusal.
function verdictError(checked: PreflightResult, explorerText?: string): ResultError {
  const code =
    checked.code && checked.code !== "perfect" && checked.code !== "partial" ? checked.code : undefined;
  const details = explorerText ? { details: explorerText } : {};
  return code ? { code, ...details } : { code: "verification_failed", ...details };
}

const maxUncertainSends = 5;
const maxLooksAfterUncertainSend = 4;
const uncertainRetryDelayMs = 1_000;

// A time-out, a dropped connection or a server error after the request left: the explorer may have acted on it.
function mayHaveBeenReceived(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) return error.maybeReceived;
  return isServerError(error);
}

function joined(first: string | undefined, second: string): string {
  return first ? `${first} ${second}` : second;
}

// Etherscan's and Sourcify's reasons end in a full stop; the sentence they go into adds its own.
function withoutFullStop(text: string): string {
  return text.replace(/\.$/, "");
}

function describe(error: unknown): string {
  return isExplorerVerifyError(error) ? error.shortMessage.replace(/\.$/, "") : String(error);
}
