import { isProxyNotVerified, onlyOneAttemptWaitMs } from "../client/explorerTexts.js";
import { ExplorerError, isExplorerVerifyError } from "../errors/index.js";
import { defaultTimeoutMs } from "../options/verificationOptions.js";
import { Deadline } from "./deadline.js";
import type { VerificationEventListener } from "./events.js";
import type { VerificationResult } from "./job.js";
import { defaultPolling, type PollingOptions } from "./pollVerifyStatus.js";
import { isRetryable, missedPoll } from "./retryable.js";
import type { Receipt, ReceiptStatus, Verifier } from "./verifier.js";

const maxLinkRequestFailures = 4;
const retryWaitMs = 1_000;

export interface ProxyLinkOptions {
  timeoutMs?: number;
  polling?: Partial<PollingOptions>;
  onEvent?: VerificationEventListener;
}

/**
 * Links a proxy to its verified implementation (a `proxy` submission, then its receipt's status until a verdict or
 * the deadline), on a service that links proxies. The proxy contract itself must be verified there first.
 *
 * @param verifier - the service
 * @param proxyAddress - the proxy
 * @param implementation - the implementation's result record
 * @param options - deadline, polling, events
 * @returns the proxy's result record (`format: "proxy"`); never throws
 */
export async function linkProxy(
  verifier: Verifier,
  proxyAddress: string,
  implementation: VerificationResult,
  options: ProxyLinkOptions = {},
): Promise<VerificationResult> {
  const startedAt = Date.now();
  const deadline = new Deadline(options.timeoutMs ?? defaultTimeoutMs);
  const polling = { ...defaultPolling, ...options.polling };
  // A job whose own address is the proxy (the Action's `proxy: true`) lets the explorer find the implementation.
  const selfLink = implementation.address.toLowerCase() === proxyAddress.toLowerCase();
  const contract = selfLink
    ? `proxy link of ${implementation.contract}`
    : `proxy of ${implementation.contract}`;
  const expected = selfLink ? undefined : implementation.address;
  let attempts = 0;
  let receipt: Receipt | undefined;
  const finish = (status: VerificationResult["status"], message?: string): VerificationResult => {
    const result: VerificationResult = {
      address: proxyAddress,
      contract,
      explorer: verifier.pages.base,
      format: "proxy",
      status,
      ...(receipt ? { guid: receipt.id } : {}),
      url: verifier.pages.contract(proxyAddress),
      attempts,
      durationMs: Date.now() - startedAt,
      ...(message ? { message } : {}),
      ...(status === "failed" || status === "timeout"
        ? { error: { code: status === "timeout" ? ("timeout" as const) : ("verification_failed" as const) } }
        : {}),
    };
    options.onEvent?.({ type: "finished", address: proxyAddress, contract, result });
    return result;
  };
  options.onEvent?.({
    type: "linking-proxy",
    address: proxyAddress,
    contract,
    implementation: expected,
  });
  try {
    const linked = await verifier.lookUp(proxyAddress);
    const implementations = linked.state === "unknown" ? [] : linked.implementations;
    const alreadyLinked = expected
      ? implementations.includes(expected.toLowerCase())
      : implementations.length > 0;
    if (alreadyLinked) {
      const known = implementations[0];
      return finish(
        "already-verified",
        !expected && known ? `The explorer links it to ${known}.` : undefined,
      );
    }
    for (let retryableFailures = 0; ; ) {
      attempts++;
      try {
        const outcome = await verifier.submit(
          { format: "proxy", address: proxyAddress, expectedImplementation: expected },
          Math.max(1, deadline.remainingMs()),
        );
        if (outcome.kind !== "receipt") return finish("already-verified");
        receipt = outcome.receipt;
        break;
      } catch (error) {
        // Asking again is harmless: the explorer only looks the implementation up again, under a new guid.
        const refreshWaitMs =
          error instanceof ExplorerError ? onlyOneAttemptWaitMs(error.explorerMessage) : undefined;
        const waitMs =
          refreshWaitMs ??
          (isRetryable(error) && ++retryableFailures < maxLinkRequestFailures ? retryWaitMs : undefined);
        if (waitMs === undefined || !(await deadline.wait(waitMs))) throw error;
      }
    }
    let intervalMs = polling.initialIntervalMs;
    for (let failuresInARow = 0; ; ) {
      if (!(await deadline.wait(intervalMs))) {
        return finish(
          "timeout",
          `The explorer had not linked the proxy when the deadline came; look later with the guid ${receipt.id}.`,
        );
      }
      let status: ReceiptStatus;
      try {
        status = await verifier.status(receipt);
        failuresInARow = 0;
      } catch (error) {
        const missed = missedPoll(error, ++failuresInARow, polling.failedPollsInARow ?? 5);
        if (missed === undefined) throw error;
        options.onEvent?.({
          type: "pending",
          address: proxyAddress,
          contract,
          guid: receipt.id,
          message: missed,
        });
        intervalMs = Math.min(polling.maxIntervalMs, intervalMs * polling.backoffFactor);
        continue;
      }
      if (status.state === "pass") {
        const found = status.implementation;
        if (found && expected && found !== expected.toLowerCase()) {
          return finish(
            "verified",
            `The explorer linked the proxy to ${found}, not to ${implementation.address}.`,
          );
        }
        return finish(
          "verified",
          !expected && found ? `The explorer found its implementation: ${found}.` : undefined,
        );
      }
      if (status.state === "already-verified") return finish("already-verified");
      if (status.state === "fail" || status.state === "unknown-uid") return finish("failed", status.message);
      options.onEvent?.({
        type: "pending",
        address: proxyAddress,
        contract,
        guid: receipt.id,
        message: status.message,
      });
      intervalMs = Math.min(polling.maxIntervalMs, intervalMs * polling.backoffFactor);
    }
  } catch (error) {
    const message = isExplorerVerifyError(error) ? error.shortMessage : String(error);
    const hint =
      error instanceof ExplorerError && isProxyNotVerified(error.explorerMessage)
        ? " The proxy contract itself must be verified before it can be linked to its implementation."
        : "";
    const sentence = hint && !/[.!?]$/.test(message) ? `${message}.` : message;
    return finish("failed", `${sentence}${hint}`);
  }
}
