import {
  HttpError,
  InvalidParametersError,
  NotFoundError,
  type ParameterProblem,
  UnknownActionError,
} from "../../errors/index.js";
import type * as z from "../../kernel/zod.js";
import { restMessageSchema, restValidationErrorsSchema } from "../../schemas/rest/errorBodies.js";
import { shapedAnswer } from "../answerFailures.js";
import { isApiV2Disabled, isUnknownApiV2Action } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import type { TransportResponse } from "../transportRequest.js";

/** One GET under `{base}/api/v2`. */
export interface RestCall {
  /** The endpoint as documented, e.g. `/addresses/{address_hash}/tokens`; named in error messages. */
  endpoint: string;
  /** The path to request below `/api/v2`, parameters filled in. */
  path: string;
  query?: Record<string, string | undefined>;
  /** A smaller answer cap than the transport's. */
  maxResponseBytes?: number;
}

/**
 * Sends a REST read and turns every answer but a 2xx into a typed error: 422 → {@link InvalidParametersError}
 * with each problem's pointer and detail, 404 → {@link NotFoundError} (with the block hash for
 * `Block lost consensus`), 400 `Unknown API v2 action` and 404 `API V2 is disabled` → {@link UnknownActionError}
 * naming the path, anything else → {@link HttpError} with the explorer's message when it gave one.
 *
 * @param transport - the explorer's transport
 * @param call - the endpoint, path and query
 * @returns the 2xx answer, its body not yet validated
 * @throws {InvalidParametersError | NotFoundError | UnknownActionError | HttpError} and the transport's errors
 */
export async function callRest(transport: Transport, call: RestCall): Promise<TransportResponse> {
  const response = await transport.send({
    api: "rest",
    path: call.path,
    query: call.query ?? {},
    method: "GET",
    kind: "read",
    ...(call.maxResponseBytes ? { maxResponseBytes: call.maxResponseBytes } : {}),
  });
  if (response.status >= 200 && response.status < 300) return response;
  throw restError(response, call, transport);
}

function restError(response: TransportResponse, call: RestCall, transport: Transport): Error {
  const { status, json, request, body } = response;
  if (status === 422) {
    const invalid = restValidationErrorsSchema.safeParse(json);
    if (invalid.success) {
      const problems: ParameterProblem[] = invalid.data.errors.map((problem) => ({
        title: transport.redact(problem.title ?? ""),
        detail: transport.redact(problem.detail ?? ""),
        pointer: problem.source?.pointer ?? undefined,
      }));
      return new InvalidParametersError(request, problems);
    }
  }
  const message = restMessageSchema.safeParse(json);
  const said = message.success ? message.data.message : typeof json === "string" ? json : undefined;
  // The explorer's words go into the error's message: what may be a secret is taken out of them.
  const explorerMessage = said === undefined ? undefined : transport.redact(said);
  if (status === 404 && isApiV2Disabled(said)) {
    return new UnknownActionError(
      request,
      call.path,
      status,
      `The explorer has its REST API v2 turned off (${explorerMessage}): this read needs it.`,
    );
  }
  if (status === 404 && explorerMessage !== undefined) {
    return new NotFoundError(request, explorerMessage, (message.success && message.data.hash) || undefined);
  }
  if (status === 400 && isUnknownApiV2Action(said)) {
    return new UnknownActionError(request, call.path, status);
  }
  return new HttpError(request, body, explorerMessage);
}

/**
 * Validates a REST answer's body against a schema.
 *
 * @param response - a 2xx answer from {@link callRest}
 * @param schema - the expected shape
 * @param endpoint - the documented endpoint, for the message
 * @returns the typed body
 * @throws {InvalidResponseError} when the shape is off, saying where
 */
export function parseRestBody<T extends z.ZodMiniType>(
  response: TransportResponse,
  schema: T,
  endpoint: string,
): z.infer<T> {
  return shapedAnswer(response.json, schema, `The explorer's answer to GET ${endpoint}`, response);
}
