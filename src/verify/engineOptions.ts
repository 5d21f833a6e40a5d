import type { Clock } from "../kernel/waits.js";
import type { BatchMemory } from "./batchMemory.js";
import type { VerificationEventListener } from "./events.js";
import type { VerificationJob } from "./job.js";
import type { PollingOptions } from "./pollSchedule.js";
import type { PreflightOptions } from "./preflight.js";
import type { PreparedSubmission } from "./submission.js";

/** Engine settings shared by every job of a run. */
export interface EngineOptions {
  /** Deadline per contract when the job sets none. Default 300 s. */
  timeoutMs?: number;
  polling?: Partial<PollingOptions>;
  /** First wait after `Address is not a smart-contract` (not indexed yet); doubles each time. Default 2 s. */
  notIndexedRetryMs?: number;
  /** How long an address may stay "not a contract" before that is taken as the answer. Default 60 s. */
  notIndexedWindowMs?: number;
  /** Where the engine's waits (polls, retries, the deadline) take their time from; the machine's clock by default. */
  clock?: Clock;
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
   * Look the contract up again after a pass, as the pre-check does, and say so when the explorer does not show it
   * verified yet. Default false: the explorer's verdict stands, and the read would cost a request per contract.
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
