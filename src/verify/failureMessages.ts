import { isExplorerVerifyError, NotAContractError } from "../errors/index.js";
import { isoSeconds } from "../kernel/isoSeconds.js";
import type { ResultError } from "./job.js";
import type { PreflightResult } from "./preflight.js";
import { type BudgetReading, serviceTitles, type Verifier } from "./verifier.js";

/** The service's stated budget has nothing left for this contract: it is not sent. */
export class BudgetSpent extends Error {
  constructor(readonly reading: BudgetReading & { state: "stated" }) {
    super("the stated budget is spent");
  }
}

/** What a contract not sent for a spent budget says. */
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

/**
 * What a contract the service holds as a similar match says: it is not sent, and why sending would not help.
 * @param verifier - the service (Etherscan)
 * @param similarTo - the contract whose verified sources it shows, when named
 */
export function similarMatchNote(verifier: Verifier, similarTo: string | undefined): string {
  const service = serviceTitles[verifier.service];
  return `${service} holds it as a similar match (it shows the verified sources of ${similarTo ?? "another contract"}, which has the same code): not resubmitted. Only an account ${service} has whitelisted can turn a similar match into an exact one (because of comment-vandalism attacks); --force sends it anyway.`;
}

// A local recompile that named why the code does not match: its verdict code, else (none) the explorer's refusal.
export function verdictError(checked: PreflightResult | undefined, explorerText?: string): ResultError {
  const code =
    checked?.code && checked.code !== "perfect" && checked.code !== "partial" ? checked.code : undefined;
  return { code: code ?? "verification_failed", ...(explorerText ? { details: explorerText } : {}) };
}

/**
 * Why the explorer could not verify the contract, with what to check.
 * @param bothInputs - the minimal and the full build input were both refused
 */
export function explainFailure(explorerText: string, bothInputs: boolean): string {
  const tried = bothInputs
    ? " with the minimal input (the sources its metadata lists) nor with the full build input"
    : "";
  return `The explorer could not verify the contract${tried}: ${withoutFullStop(explorerText) || "no reason given"}. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.`;
}

// Etherscan's and Sourcify's reasons end in a full stop; the sentence they go into adds its own.
export function withoutFullStop(text: string): string {
  return text.replace(/\.$/, "");
}

export function describe(error: unknown): string {
  return isExplorerVerifyError(error) ? error.shortMessage.replace(/\.$/, "") : String(error);
}

/**
 * What a failed verification's record says of the error that ended it (a deadline passed is a timeout, not this).
 *
 * @param verifier - the service, for a spent budget's words
 * @param attempts - the submissions sent, for a contract the chain did not show
 */
export function failureOf(
  error: unknown,
  verifier: Verifier,
  attempts: number,
): { message: string; error?: ResultError } {
  if (error instanceof BudgetSpent)
    return {
      message: budgetSpentMessage(verifier, error.reading),
      error: { code: "quota_exhausted", details: error.reading.statedAs },
    };
  if (error instanceof NotAContractError) {
    const after = `after ${attempts} attempt${attempts === 1 ? "" : "s"}`;
    return {
      message: error.notIndexed
        ? `${error.shortMessage} It still had not ${after}; wait a few minutes and run again.`
        : `${error.shortMessage} It still was not ${after}; check the address and the network.`,
      error: { code: error.code, details: `The explorer said: ${error.explorerMessage}` },
    };
  }
  if (isExplorerVerifyError(error))
    return {
      message: error.shortMessage,
      error: { code: error.code, ...(error.details ? { details: error.details } : {}) },
    };
  return { message: `Unexpected error: ${error instanceof Error ? error.message : String(error)}` };
}
