import { isExplorerVerifyError } from "../errors/index.js";
import { defaultTimeoutMs } from "../options/verificationOptions.js";
import { Deadline } from "../verify/deadline.js";
import type { VerificationEvent } from "../verify/events.js";
import type { VerificationJob, VerificationResult } from "../verify/job.js";
import { defaultPolling, pollVerifyStatus } from "../verify/pollVerifyStatus.js";
import type { Verifier } from "../verify/verifier.js";
import { displayName, type EngineOptions, verifyContract } from "../verify/verifyContract.js";
import { inputHash } from "./inputHash.js";
import type { Ledger } from "./ledger.js";
import type { LedgerEntry } from "./ledgerFile.js";

/** How a job uses the ledger. */
export interface LedgerUse {
  ledger: Ledger;
  /** Ask the explorer even when the ledger says verified with the same input. */
  recheck?: boolean;
  /** Recorded with each entry. */
  chainId?: number | undefined;
}

/**
 * Verifies one contract, reading the ledger first and recording every change in it. Verified with the same
 * input: `already-verified` with no request (unless `recheck` or `force`). A guid still pending: polled, never submitted
 * again. Failed, changed input, or nothing recorded: verified as usual, the guid recorded the moment the explorer
 * returns it (before polling), so a run killed at any point loses no submission.
 *
 * @param client - the explorer
 * @param job - the contract
 * @param options - engine settings
 * @param use - the ledger and how to read it
 * @returns the result record
 */
export async function verifyWithLedger(
  client: Verifier,
  job: VerificationJob,
  options: EngineOptions,
  use: LedgerUse,
): Promise<VerificationResult> {
  const { ledger } = use;
  const explorer = client.urls.base;
  // Hashed only when compared or recorded: with nothing recorded, the first request need not wait for it.
  let hash: string | undefined;
  const hashOfInput = (): string => {
    hash ??= inputHash(job);
    return hash;
  };
  const contract = displayName(job);
  const entry = isRecordable(job.address) ? ledger.entry(explorer, job.address) : undefined;
  const sameInput = entry !== undefined && entry.inputHash === hashOfInput();
  const record = (result: VerificationResult, submitted = false): void => {
    if (!isRecordable(job.address) || result.format === "proxy") return;
    ledger.record({
      explorer,
      address: job.address,
      ...(use.chainId === undefined ? {} : { chainId: use.chainId }),
      contract,
      format: result.format,
      inputHash: hashOfInput(),
      status: result.status === "already-verified" ? "verified" : result.status,
      ...(result.guid ? { guid: result.guid } : {}),
      url: result.url,
      ...(result.message && result.status !== "verified" && result.status !== "already-verified"
        ? { message: result.message }
        : {}),
      submitted,
    });
  };

  // `force` asks for a submission whatever is known: the ledger's word is not taken either.
  const force = job.force ?? options.force ?? false;
  if (entry && sameInput && entry.status === "verified" && !use.recheck && !force) {
    return finish(options, {
      address: job.address,
      contract,
      explorer,
      format: job.source.format,
      status: "already-verified",
      ...(entry.guid ? { guid: entry.guid } : {}),
      url: client.codeUrl(job.address),
      attempts: 0,
      durationMs: 0,
      message:
        "The ledger records it verified with this input; the explorer was not asked (recheck asks it).",
    });
  }
  if (entry && sameInput && (entry.status === "pending" || entry.status === "timeout") && entry.guid) {
    const resumed = await resumePending(client, job, options, entry.guid, contract);
    if (resumed) {
      if (resumed.recordable) record(resumed.result);
      return finish(options, resumed.result);
    }
  }

  const onEvent = (event: VerificationEvent): void => {
    if (event.type === "submitted" && event.guid && event.address === job.address) {
      record(
        {
          address: job.address,
          contract,
          explorer,
          format: job.source.format,
          status: "pending",
          guid: event.guid,
          url: client.codeUrl(job.address),
          attempts: event.attempt,
          durationMs: 0,
        },
        true,
      );
    }
    options.onEvent?.(event);
  };
  const result = await verifyContract(client, job, { ...options, onEvent });
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
  client: Verifier,
  job: VerificationJob,
  options: EngineOptions,
  guid: string,
  contract: string,
): Promise<Resumed | undefined> {
  const startedAt = Date.now();
  const deadline = new Deadline(job.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs);
  const result = (status: VerificationResult["status"], message?: string): VerificationResult => ({
    address: job.address,
    contract,
    explorer: client.urls.base,
    format: job.source.format,
    status,
    guid,
    url: client.codeUrl(job.address),
    attempts: 0,
    durationMs: Date.now() - startedAt,
    ...(message ? { message } : {}),
  });
  const onPending = (message: string): void =>
    options.onEvent?.({ type: "pending", address: job.address, contract, guid, message });
  try {
    if ((job.wait ?? options.wait) === false) {
      const status = await deadline.run(() => client.checkVerifyStatus({ guid }));
      if (status.state === "pending")
        return {
          result: result("pending", "Submitted by an earlier run; not waiting for the verdict."),
          recordable: true,
        };
      if (status.state === "pass") return { result: result("verified"), recordable: true };
      if (status.state === "already-verified")
        return { result: result("already-verified"), recordable: true };
      return undefined;
    }
    const polling = { ...defaultPolling, ...options.polling };
    const outcome = await deadline.run(() => pollVerifyStatus(client, guid, deadline, polling, onPending));
    if (outcome.state === "pass") return { result: result("verified"), recordable: true };
    if (outcome.state === "already-verified") return { result: result("already-verified"), recordable: true };
    if (outcome.state === "timeout") {
      return {
        result: result(
          "timeout",
          `The explorer had not decided when the deadline came; look later with the guid ${guid}.`,
        ),
        recordable: true,
      };
    }
    return undefined;
  } catch (error) {
    const message = isExplorerVerifyError(error) ? error.shortMessage : String(error);
    return {
      result: result("failed", `Polling the guid ${guid} of an earlier run failed: ${message}`),
      recordable: false,
    };
  }
}

function finish(options: EngineOptions, result: VerificationResult): VerificationResult {
  options.onEvent?.({ type: "finished", address: result.address, contract: result.contract, result });
  return result;
}

function isRecordable(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

export type { LedgerEntry };
