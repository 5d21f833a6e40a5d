import { type ErrorCode, isExplorerVerifyError, isUnsent, ProxyLinkRefusedError } from "../errors/index.js";
import { type Deadline, deadlineOf } from "./deadline.js";
import type { EngineOptions } from "./engineOptions.js";
import type { ResultError, VerificationResult } from "./job.js";
import { serviceRecord } from "./jobRecord.js";
import { defaultPolling } from "./pollSchedule.js";
import { isRetryable, missedPoll } from "./retryable.js";
import type { Receipt, ReceiptStatus, Verifier } from "./verifier.js";

const maxLinkRequestFailures = 4;
const retryWaitMs = 1_000;

/** The deadline, polling, events and clock of a link, as the engine's options name them. */
export type ProxyLinkOptions = Pick<EngineOptions, "timeoutMs" | "polling" | "onEvent" | "clock">;

/**
 * Links a proxy to its verified implementation (a `proxy` submission, then its receipt's status until a verdict or
 * the deadline), on a service that links proxies. The proxy contract itself must be verified there first.
 *
 * @param verifier - the service
 * @param proxyAddress - the proxy
 * @param implementation - the implementation's result record
 * @param options - deadline, polling, events; the proxy's own record, where this run verified it too
 * @returns the proxy's result record (`format: "proxy"`); never throws
 */
export async function linkProxy(
  verifier: Verifier,
  proxyAddress: string,
  implementation: VerificationResult,
  options: ProxyLinkOptions & { proxyRecord?: VerificationResult | undefined } = {},
): Promise<VerificationResult> {
  // A job whose own address is the proxy (the Action's `proxy: true`) lets the explorer find the implementation.
  const selfLink = implementation.address.toLowerCase() === proxyAddress.toLowerCase();
  const partsVerifiedByThisRun = [implementation, options.proxyRecord].some(
    (record) => record?.status === "verified",
  );
  return linkProxyTo(
    verifier,
    proxyAddress,
    selfLink
      ? { contract: `proxy link of ${implementation.contract}`, expected: [], partsVerifiedByThisRun }
      : {
          contract: `proxy of ${implementation.contract}`,
          expected: [implementation.address],
          expectedImplementation: implementation.address,
          partsVerifiedByThisRun,
        },
    options,
  );
}

/** What a proxy link must find, and how its record is named. */
export interface ProxyLinkTarget {
  /** The link record's `contract`, e.g. `proxy of contracts/Box.sol:Box`. */
  contract: string;
  /** The implementations the link must find (a diamond's facets); empty: whatever the service finds. */
  expected: readonly string[];
  /** Sent with the request where the service enforces it (Etherscan's `expectedimplementation`). */
  expectedImplementation?: string | undefined;
  /** `expected` is what the chain shows (a proxy read from it), and the failed record says so. */
  readFromChain?: boolean;
  /**
   * This run verified the proxy or a part the link must find: a link the service shows at once is this run's doing
   * (Blockscout links a proxy by itself once its contracts are verified), and is recorded verified, not already so.
   */
  partsVerifiedByThisRun?: boolean;
}

/**
 * Links a proxy to the implementations it must find: when the service already shows them, nothing is sent;
 * otherwise a `proxy` submission, then its receipt's status until a verdict or the deadline, then (when the
 * service's words name no single implementation) a look at what the service shows now.
 *
 * @returns the link's record (`format: "proxy"`); never throws
 */
export async function linkProxyTo(
  verifier: Verifier,
  proxyAddress: string,
  target: ProxyLinkTarget,
  options: ProxyLinkOptions = {},
): Promise<VerificationResult> {
  const deadline = deadlineOf({}, options);
  const startedAt = deadline.now();
  const polling = { ...defaultPolling, ...options.polling };
  const { contract } = target;
  const expected = target.expected.map((address) => address.toLowerCase());
  const [only] = expected.length === 1 ? expected : [];
  let attempts = 0;
  let receipt: Receipt | undefined;
  const finish = (
    status: VerificationResult["status"],
    message?: string,
    error?: ErrorCode | ResultError,
  ): VerificationResult => {
    const code = error ?? (status === "timeout" ? "timeout" : "verification_failed");
    const fields = {
      status,
      ...(receipt ? { guid: receipt.id } : {}),
      attempts,
      durationMs: deadline.now() - startedAt,
      ...(message ? { message } : {}),
      ...(status === "failed" || status === "timeout"
        ? { error: typeof code === "object" ? code : { code } }
        : {}),
    };
    return serviceRecord(verifier, proxyAddress, contract, fields, options.onEvent);
  };
  const shows = (implementations: readonly string[]) =>
    expected.length > 0
      ? expected.every((address) => implementations.includes(address))
      : implementations.length > 0;
  options.onEvent?.({
    type: "linking-proxy",
    address: proxyAddress,
    contract,
    implementation: target.expectedImplementation ?? only,
  });
  try {
    const linked = await verifier.lookUp(proxyAddress, deadline.endsAt);
    const implementations = linked.state === "unknown" ? [] : linked.implementations;
    if (shows(implementations)) {
      const known = implementations[0];
      return finish(
        target.partsVerifiedByThisRun ? "verified" : "already-verified",
        expected.length === 0 && known ? `The explorer links it to ${known}.` : undefined,
      );
    }
    for (let retryableFailures = 0; ; ) {
      attempts++;
      try {
        const outcome = await verifier.submit(
          { format: "proxy", address: proxyAddress, expectedImplementation: target.expectedImplementation },
          Math.max(1, deadline.remainingMs()),
          deadline.endsAt,
        );
        if (outcome.kind === "mismatch") return finish("failed", outcome.message, "verification_failed");
        if (outcome.kind !== "receipt") return finish(outcome.kind);
        receipt = outcome.receipt;
        break;
      } catch (error) {
        if (isUnsent(error)) attempts--;
        // Asking again is harmless: the explorer only looks the implementation up again, under a new guid.
        const refreshWaitMs =
          error instanceof ProxyLinkRefusedError && error.reason === "try_again"
            ? error.retryAfterMs
            : undefined;
        const waitMs =
          refreshWaitMs ??
          (isRetryable(error) && ++retryableFailures < maxLinkRequestFailures ? retryWaitMs : undefined);
        if (waitMs === undefined || !(await deadline.wait(waitMs))) throw error;
      }
    }
    let intervalMs = polling.initialIntervalMs;
    const guid = receipt.id;
    const stillPending = (message: string) => {
      options.onEvent?.({ type: "pending", address: proxyAddress, contract, guid, message });
      intervalMs = Math.min(polling.maxIntervalMs, intervalMs * polling.backoffFactor);
    };
    for (let failuresInARow = 0; ; ) {
      if (!(await deadline.wait(intervalMs))) {
        return finish(
          "timeout",
          `The explorer had not linked the proxy when the deadline came; look later with the guid ${receipt.id}.`,
        );
      }
      let status: ReceiptStatus;
      try {
        status = await verifier.status(receipt, deadline.endsAt);
        failuresInARow = 0;
      } catch (error) {
        const missed = missedPoll(error, ++failuresInARow, polling.failedPollsInARow ?? 5);
        if (missed === undefined) throw error;
        stillPending(missed);
        continue;
      }
      if (status.state === "pass")
        return finish(...(await passed(verifier, proxyAddress, status, expected, target, deadline)));
      if (status.state === "already-verified") return finish("already-verified");
      if (status.state === "fail" || status.state === "unknown-uid") return finish("failed", status.message);
      stillPending(status.message);
    }
  } catch (error) {
    const message = isExplorerVerifyError(error) ? error.shortMessage : String(error);
    const hint =
      error instanceof ProxyLinkRefusedError && error.reason === "proxy_not_verified"
        ? " The proxy contract itself must be verified before it can be linked to its implementation."
        : "";
    const sentence = hint && !/[.!?]$/.test(message) ? `${message}.` : message;
    // The code and remedy of what stopped it (a bot challenge, a used-up quota, …), as every record carries them.
    const failed = isExplorerVerifyError(error)
      ? { code: error.code, ...(error.details ? { details: error.details } : {}) }
      : undefined;
    return finish("failed", `${sentence}${hint}`, failed);
  }
}

// The refusals after which a service's client sends nothing more: a part they left unverified was never judged.
const stoppedBy: Partial<Record<ErrorCode, string>> = {
  quota_exhausted: "the used-up quota",
  plan_required: "the key's plan, which does not cover this chain,",
  invalid_api_key: "the refused key",
  bot_protection: "the explorer's bot challenge",
  payment_required: "the Blockscout API's demand for payment (no key)",
};

/**
 * Why a proxy is not linked when a part it needs (an implementation, a facet, a beacon) is not verified: the service's
 * refusal that stopped the part (a bot challenge, a used-up quota, a plan, a key), with its code, so the link's
 * record says what the part's does; else the part's verification failed.
 *
 * @param part - the part's record, not a success
 * @param named - the part as the message names it (`implementation`, `facet 0x…`)
 */
export function unverifiedPartLink(
  part: VerificationResult,
  named: string,
): { code: ErrorCode; message: string } {
  const code = part.error?.code;
  const cause = code === undefined ? undefined : stoppedBy[code];
  if (code === undefined || cause === undefined)
    return { code: "verification_failed", message: `Not linked: the ${named} is not verified.` };
  const when = code === "quota_exhausted" ? "after the reset " : "";
  return {
    code,
    message: `Not linked: ${cause} stopped the ${named}; the run that verifies it ${when}links them.`,
  };
}

// What a passed link found: the implementation the service's words name, else (several: its words name none that
// can be read) what it shows for the proxy now; compared with what the link had to find. A link to anything else
// is no link to the contract the run verified, wherever that expectation came from.
async function passed(
  verifier: Verifier,
  proxyAddress: string,
  status: ReceiptStatus,
  expected: readonly string[],
  target: ProxyLinkTarget,
  deadline: Deadline,
): Promise<[status: "verified" | "failed", message: string | undefined, code?: ErrorCode]> {
  let found = status.implementation ? [status.implementation.toLowerCase()] : undefined;
  if (!found && expected.length > 1) {
    const shown = await verifier.lookUp(proxyAddress, deadline.endsAt);
    found = shown.state === "unknown" ? undefined : [...shown.implementations];
  }
  if (!found || found.length === 0) return ["verified", undefined];
  if (expected.length === 0) return ["verified", `The explorer found its implementation: ${found[0]}.`];
  if (expected.every((address) => found.includes(address))) return ["verified", undefined];
  const wanted = expected.length === 1 ? expected[0] : expected.join(", ");
  const message = `The explorer linked the proxy to ${found.join(", ")}, not to ${wanted}.`;
  return [
    "failed",
    target.readFromChain ? `${message} The chain shows ${wanted}.` : message,
    "implementation_mismatch",
  ];
}
