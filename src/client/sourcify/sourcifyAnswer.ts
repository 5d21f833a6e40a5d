import { ExplorerError, HttpError, InvalidResponseError } from "../../errors/index.js";
import type * as z from "../../kernel/zod.js";
import { sourcifyErrorSchema } from "../../schemas/sourcify.js";
import type { TransportResponse } from "../transportRequest.js";

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
  const result = schema.safeParse(response.json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new InvalidResponseError(
    `Sourcify's answer to ${what} has an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
    response.request,
    response.body,
  );
}
