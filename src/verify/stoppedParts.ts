import type { ErrorCode } from "../errors/index.js";
import type { VerificationResult } from "./job.js";

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
