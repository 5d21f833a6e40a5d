import { ExplorerError, HttpError } from "../../errors/index.js";
import type * as z from "../../kernel/zod.js";
import { sourcifyErrorSchema } from "../../schemas/sourcify.js";
import { shapedAnswer } from "../answerFailures.js";
import type { Transport } from "../transport.js";
import type { TransportResponse } from "../transportRequest.js";

/** Reads `path` (with its query) from Sourcify. */
export function sourcifyGet(
  transport: Transport,
  path: string,
  query: Record<string, string> = {},
): Promise<TransportResponse> {
  return transport.send({ api: "root", path, method: "GET", query, kind: "read" });
}

/**
 * A contract lookup of Sourcify's, as {@link sourcifyAnswer} reads it; undefined for "none there": a 404 without an
 * error body (a 404 with one is another thing, an unknown route).
 */
export async function sourcifyLookup<T extends z.ZodMiniType>(
  transport: Transport,
  path: string,
  query: Record<string, string>,
  schema: T,
  what: string,
): Promise<z.infer<T> | undefined> {
  const response = await sourcifyGet(transport, path, query);
  if (response.status === 404 && !sourcifyRefusal(response)) return undefined;
  return sourcifyAnswer(response, schema, what);
}

/**
 * The `customCode` and message of a Sourcify error body (`{customCode, message, errorId}`).
 *
 * @param response - any answer
 * @returns the code and message, or undefined when the body is no Sourcify error
 */
export function sourcifyRefusal(
  response: TransportResponse,
): { customCode: string; message: string } | undefined {
  const parsed = sourcifyErrorSchema.safeParse(response.json);
  return parsed.success ? { customCode: parsed.data.customCode, message: parsed.data.message } : undefined;
}

/**
 * A 2xx answer in the expected shape, or the error it is: Sourcify's own refusal, else the HTTP status.
 *
 * @param response - the answer
 * @param schema - the 2xx body's shape
 * @param what - what was asked, for the message (`the submission`)
 * @returns the typed body
 * @throws {ExplorerError} for a Sourcify error body (its message and code); {@link HttpError} for another non-2xx
 * @throws {InvalidResponseError} for a 2xx body of another shape
 */
export function sourcifyAnswer<T extends z.ZodMiniType>(
  response: TransportResponse,
  schema: T,
  what: string,
): z.infer<T> {
  const { status } = response;
  if (status < 200 || status >= 300) {
    const refusal = sourcifyRefusal(response);
    if (!refusal) throw new HttpError(response.request, response.body);
    throw new ExplorerError(response.request, status, `${refusal.message} (${refusal.customCode})`);
  }
  return shapedAnswer(response.json, schema, `Sourcify's answer to ${what}`, response);
}
