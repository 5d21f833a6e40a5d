import { ExplorerError, InvalidResponseError } from "../../errors/index.js";
import { apiLimitSchema } from "../../schemas/apiLimit.js";
import { rpcEnvelopeSchema } from "../../schemas/rpcEnvelope.js";
import { shapedAnswer } from "../answerFailures.js";
import { envelopeReason } from "../explorerTexts.js";
import type { Transport } from "../transport.js";

/** Etherscan's module and action of the same name (not the contract module Blockscout copies). */
const action = "getapilimit";

/** What a key has left of its credits (calls), as Etherscan states it. */
export interface ApiLimitReading {
  creditsAvailable: number;
  creditLimit: number;
  /** `daily`, as Etherscan names the interval. */
  limitInterval: string;
  /**
   * Until the interval ends, in milliseconds (`intervalExpiryTimespan`); undefined when Etherscan stated a span longer
   * than any interval it has ({@link maxIntervalMs}): no reset time is read from it.
   */
  resetsInMs: number | undefined;
}

/**
 * The longest span until a reset taken as read: a year. Etherscan's intervals are daily; a longer span is no
 * statement of one, and a date that far off could not be shown.
 */
export const maxIntervalMs = 366 * 86_400_000;

/**
 * Asks Etherscan what the key has left (`module=getapilimit&action=getapilimit`): one call, counted like any other.
 *
 * @param transport - Etherscan's transport, with the key
 * @returns the credits left of the limit, and when the interval ends (unless the span stated is past any interval)
 * @throws {ExplorerError} for a refusal of the call (status `"0"`: a key or plan without it), with Etherscan's text
 * @throws {InvalidResponseError} for an answer of another shape
 * @throws the transport's errors, a refused key or a used-up daily quota among them
 */
export async function getApiLimit(transport: Transport): Promise<ApiLimitReading> {
  const response = await transport.send({
    api: "rpc",
    method: "GET",
    query: { module: action, action },
    kind: "read",
  });
  const envelope = rpcEnvelopeSchema.safeParse(response.json);
  if (!envelope.success) {
    throw new InvalidResponseError(
      `Etherscan's answer to ${action} is not an envelope ({status, message, result}).`,
      response.request,
      response.body,
    );
  }
  const { status, message, result } = envelope.data;
  if (status !== "1" || response.status >= 400) {
    const text = envelopeReason(message, result) ?? `status ${status}`;
    throw new ExplorerError(response.request, response.status, transport.redact(text));
  }
  const limit = shapedAnswer(result, apiLimitSchema, `Etherscan's answer to ${action}`, response, "result.");
  const [hours = 0, minutes = 0, seconds = 0] = limit.intervalExpiryTimespan.split(":").map(Number);
  const resetsInMs = ((hours * 60 + minutes) * 60 + seconds) * 1_000;
  return {
    creditsAvailable: limit.creditsAvailable,
    creditLimit: limit.creditLimit,
    limitInterval: limit.limitInterval,
    resetsInMs: resetsInMs <= maxIntervalMs ? resetsInMs : undefined,
  };
}
