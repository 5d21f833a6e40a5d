import {
  BotProtectionError,
  InvalidApiKeyError,
  PaymentRequiredError,
  PlanRequiredError,
  QuotaExhaustedError,
  type RequestContext,
  type StoppingRefusal,
} from "../errors/index.js";
import { isPlainObject } from "../kernel/jsonValues.js";
import { browserLikeUserAgent } from "../kernel/userAgent.js";
import {
  type BlockscoutApiError,
  blockscoutApiErrorSchema,
  blockscoutApiMessageSchema,
} from "../schemas/blockscoutApiError.js";
import {
  envelopeReason,
  isDailyQuotaReached,
  isInvalidApiKey,
  isPlanRequired,
  isRateLimited,
  isSourcifyDuplicateRequest,
  isSubmissionQuotaReached,
} from "./explorerTexts.js";
import type { RawAnswer } from "./sendOnce.js";

/**
 * The Blockscout API's own error body (`{error, source}`), on an error status; the instance's bodies never have it.
 *
 * @param answer - the answer
 * @returns the API's error, or undefined
 */
export function blockscoutApiErrorOf(answer: RawAnswer): BlockscoutApiError | undefined {
  if (answer.status < 400) return undefined;
  const parsed = blockscoutApiErrorSchema.safeParse(answer.json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Whether an answer asks to slow down: HTTP 429 (but Sourcify's duplicate request, which is no rate limit), or
 * Etherscan's HTTP 200 envelope `{"status":"0","message":"NOTOK","result":"Max rate limit reached"}`.
 *
 * @param answer - the answer
 * @returns true when the request should wait and go again
 */
export function isRateLimitAnswer(answer: RawAnswer): boolean {
  const json: Record<string, unknown> = isPlainObject(answer.json) ? answer.json : {};
  return (
    (answer.status === 429 && !isSourcifyDuplicateRequest(json.customCode)) ||
    (json.status === "0" && isRateLimited(explorerMessageOf(json)))
  );
}

/**
 * What the explorer said in its envelope (`message`, `result`), when it said anything.
 *
 * @param json - the answer's JSON
 * @returns the explorer's words, or undefined
 */
export function explorerMessageOf(json: unknown): string | undefined {
  return isPlainObject(json) ? envelopeReason(json.message, json.result) : undefined;
}

/**
 * The refusal after which asking again the same day is refused too, so that nothing more is sent. Etherscan says so in
 * an HTTP 200 envelope; the Blockscout API refuses with `x-credits-remaining` at zero; a bot challenge refuses every
 * request alike.
 *
 * @param answer - the answer
 * @param request - the request
 * @param service - who answered, as messages name it
 * @returns the refusal, or undefined when the answer is none
 */
export function stoppingRefusal(
  answer: RawAnswer,
  request: RequestContext,
  service: string | undefined,
): StoppingRefusal | undefined {
  if (answer.challenge) {
    return new BotProtectionError({
      request,
      status: answer.status,
      evidence: answer.challenge,
      service,
      browserLikeUserAgent,
    });
  }
  const json = answer.json;
  if (answer.status === 402) {
    const said = explorerMessageOf(json) ?? blockscoutApiMessageOf(json);
    return new PaymentRequiredError({ request, service, explorerMessage: said });
  }
  if (isPlainObject(json) && json.status === "0") {
    const explorerMessage = explorerMessageOf(json);
    const refusal = { request, explorerMessage: `${explorerMessage}`, service };
    const submissionsOnly = isSubmissionQuotaReached(explorerMessage);
    if (isDailyQuotaReached(explorerMessage)) return new QuotaExhaustedError({ ...refusal, submissionsOnly });
    if (isPlanRequired(explorerMessage)) return new PlanRequiredError(refusal);
    if (isInvalidApiKey(explorerMessage)) return new InvalidApiKeyError(refusal);
  }
  // Zero only: the Blockscout API's -1 is its internal error, not an empty quota.
  const credits = answer.headers["x-credits-remaining"];
  if (answer.status >= 400 && credits !== undefined && credits.trim() !== "" && Number(credits) === 0) {
    const said = explorerMessageOf(json);
    return new QuotaExhaustedError({
      request,
      service,
      explorerMessage: `${said ? `${said} ` : ""}(HTTP ${answer.status}, x-credits-remaining: ${credits.trim()})`,
    });
  }
  return undefined;
}

// The 402's body is not documented: its `error` text when it has one (`{error}`, as the API's other answers).
function blockscoutApiMessageOf(json: unknown): string | undefined {
  const parsed = blockscoutApiMessageSchema.safeParse(json);
  return parsed.success && parsed.data.error.trim() !== "" ? parsed.data.error : undefined;
}
