import type { Redactor } from "../../errors/index.js";
import {
  ExplorerError,
  HttpError,
  InvalidResponseError,
  type RequestContext,
  UnknownActionError,
} from "../../errors/index.js";
import { isPlainObject } from "../../kernel/jsonValues.js";
import type * as z from "../../kernel/zod.js";
import { type RpcEnvelope, rpcEnvelopeSchema } from "../../schemas/rpcEnvelope.js";
import { shapedAnswer } from "../answerFailures.js";
import { envelopeReason, isUnknownAction } from "../explorerTexts.js";
import type { EncodedBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import type { TransportResponse } from "../transportRequest.js";

/** One contract-module call. */
export interface ContractActionCall {
  /** The wire action name, e.g. `getsourcecode`. */
  action: string;
  /** Query parameters besides `module` and `action`. */
  query?: Record<string, string | undefined>;
  /** A POST body; without one the call is a GET. */
  body?: EncodedBody;
  kind: "read" | "submit";
  timeoutMs?: number;
}

/** A contract-module answer that parsed as an envelope. */
export interface ContractActionAnswer {
  envelope: RpcEnvelope;
  httpStatus: number;
  response: TransportResponse;
  request: RequestContext;
  /** Hides the key and secret header values from the explorer's words before they go into a message. */
  shown: Redactor;
}

/**
 * Sends a contract-module action and parses the `{status, message, result}` envelope. Answers that cannot be
 * acted on by any action (unknown action, an HTTP error) become typed errors here; the rest goes back to the
 * action to classify.
 *
 * @param transport - the explorer's transport
 * @param call - the action and its parameters
 * @returns the parsed envelope
 * @throws {UnknownActionError | ExplorerError | HttpError | InvalidResponseError} and the transport's errors
 */
export async function callContractAction(
  transport: Transport,
  call: ContractActionCall,
): Promise<ContractActionAnswer> {
  const response = await transport.send({
    api: "rpc",
    method: call.body ? "POST" : "GET",
    query: { module: "contract", action: call.action, ...call.query },
    body: call.body,
    kind: call.kind,
    timeoutMs: call.timeoutMs,
  });
  const parsed = rpcEnvelopeSchema.safeParse(response.json);
  if (!parsed.success) {
    const said = messageOf(response.json);
    if (response.status >= 400)
      throw new HttpError(
        response.request,
        response.body,
        said === undefined ? undefined : transport.redact(said),
      );
    throw new InvalidResponseError(
      `The explorer's answer to ${call.action} is not a contract-module envelope ({status, message, result}).`,
      response.request,
      response.body,
    );
  }
  const envelope = parsed.data;
  const answer = {
    envelope,
    httpStatus: response.status,
    response,
    request: response.request,
    shown: transport.redact,
  };
  if (isUnknownAction(envelope.message)) {
    throw new UnknownActionError(response.request, call.action, response.status);
  }
  if (response.status >= 400) throw rejection(answer);
  return answer;
}

/**
 * The error for an answer the action does not accept.
 *
 * @param answer - the parsed answer
 * @param hint - what the user can do about it
 * @returns an {@link ExplorerError} carrying the explorer's text
 */
export function rejection(answer: ContractActionAnswer, hint?: string): ExplorerError {
  const { status, message, result } = answer.envelope;
  const text = envelopeReason(message, result) ?? `status ${status}`;
  return new ExplorerError(answer.request, answer.httpStatus, answer.shown(text), hint);
}

/**
 * Validates an envelope's `result` against a schema.
 *
 * @param answer - the parsed answer
 * @param schema - the expected shape
 * @param action - the wire action name, for the message
 * @returns the typed result
 * @throws {InvalidResponseError} when the shape is off, saying where
 */
export function parseResult<T extends z.ZodMiniType>(
  answer: ContractActionAnswer,
  schema: T,
  action: string,
): z.infer<T> {
  const answerTo = `The explorer's answer to ${action}`;
  return shapedAnswer(answer.envelope.result, schema, answerTo, answer.response, "result.");
}

/** A state check's text (`result`, else `message`), as shown, and the error for a text that names no state. */
export async function readStateText(
  transport: Transport,
  action: string,
  guid: string,
): Promise<{ text: string; shown: string; noState: (what: string) => Error }> {
  const answer = await callContractAction(transport, { action, query: { guid }, kind: "read" });
  const { status, message, result } = answer.envelope;
  const text = typeof result === "string" ? result : message;
  const shown = answer.shown(text);
  const noState = (what: string) =>
    status !== "1"
      ? rejection(answer)
      : new InvalidResponseError(
          `The explorer's answer to ${action} is not a ${what}: ${JSON.stringify(shown)}.`,
          answer.request,
          answer.response.body,
        );
  return { text, shown, noState };
}

function messageOf(json: unknown): string | undefined {
  if (typeof json === "string") return json;
  return isPlainObject(json) && typeof json.message === "string" ? json.message : undefined;
}
