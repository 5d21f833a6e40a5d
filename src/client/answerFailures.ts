import {
  type BodySample,
  HttpError,
  InvalidResponseError,
  NotSupportedError,
  type Redactor,
  type RequestContext,
} from "../errors/index.js";
import type * as z from "../kernel/zod.js";
import type { BlockscoutApiError } from "../schemas/blockscoutApiError.js";
import type { TransportRequest, TransportResponse } from "./transportRequest.js";

/**
 * A value of an answer (its body, or the part `at`) read with its schema, or the error saying where its shape
 * is off; `answerTo` names who answered what (`The explorer's answer to getabi`).
 */
export function shapedAnswer<T extends z.ZodMiniType>(
  value: unknown,
  schema: T,
  answerTo: string,
  response: Pick<TransportResponse, "request" | "body">,
  at = "",
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${at}${issue.path.join(".")}` : "";
  throw new InvalidResponseError(
    `${answerTo} has an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
    response.request,
    response.body,
  );
}

/**
 * The error for a redirect the transport does not follow.
 *
 * @param context - the request
 * @param sample - the answer's excerpt
 * @param location - where it redirected to, redacted
 * @returns the error to throw
 */
export function redirected(
  context: RequestContext,
  sample: BodySample,
  location: string,
): InvalidResponseError {
  return new InvalidResponseError(
    `The explorer answered with a redirect (HTTP ${sample.status}) to ${location} instead of JSON.`,
    context,
    sample,
    "Use the address it redirects to as the explorer URL (often https:// instead of http://).",
  );
}

/**
 * The error for HTTP 407, which comes from a proxy between this process and the explorer, never from the explorer.
 *
 * @param context - the request
 * @param sample - the answer's excerpt
 * @returns the error to throw
 */
export function proxyRefused(context: RequestContext, sample: BodySample): HttpError {
  return new HttpError(
    context,
    sample,
    undefined,
    "The proxy refused the credentials (HTTP 407 Proxy Authentication Required): check the user and password in HTTPS_PROXY / HTTP_PROXY.",
  );
}

/**
 * The error for an answer that is not JSON, saying what it was instead (an HTML page, an empty body, broken JSON).
 *
 * @param context - the request
 * @param sample - the answer's excerpt
 * @returns the error to throw
 */
export function notJson(context: RequestContext, sample: BodySample): InvalidResponseError {
  const type = sample.contentType.toLowerCase();
  const head = sample.excerpt.trimStart().toLowerCase();
  if (type.includes("html") || head.startsWith("<!doctype html") || head.startsWith("<html")) {
    return new InvalidResponseError(
      `The explorer answered an HTML page (HTTP ${sample.status}) instead of JSON.`,
      context,
      sample,
      "A proxy or gateway page usually means the explorer is down or the URL is not its API.",
    );
  }
  const status = `(HTTP ${sample.status})`;
  const answered =
    sample.excerpt.trim() === ""
      ? `an empty body ${status}`
      : type.includes("json")
        ? `malformed JSON ${status}`
        : `${sample.contentType || "a body without a content type"} ${status} instead of JSON`;
  return new InvalidResponseError(`The explorer answered ${answered}.`, context, sample);
}

/**
 * The error for a chain the Blockscout API does not serve, when no instance of the chain is known to ask instead.
 *
 * @param context - the request
 * @param sample - the answer's excerpt
 * @param apiBase - the Blockscout API's route for the chain
 * @returns the error to throw
 */
export function chainNotServed(
  context: RequestContext,
  sample: BodySample,
  apiBase: string,
): NotSupportedError {
  const chain = chainOfApiRoute(apiBase);
  return new NotSupportedError(
    "blockscout",
    chain,
    `The Blockscout API does not serve ${chain} (HTTP ${sample.status}: Network not supported), and no Blockscout instance of the chain is known to ask instead: name the chain's explorer URL (explorer-url, --explorer-url or explorerVerify.chains), or leave Blockscout out of the targets for it.`,
    { metaMessages: [`Request: ${context.method} ${context.url}`, `HTTP status: ${sample.status}`] },
  );
}

/**
 * The error for an action or endpoint the chain's instance does not offer (HTTP 501 through the Blockscout API).
 *
 * @param context - the request
 * @param req - what was asked
 * @param apiError - the API's error body
 * @param redact - hides the secrets from the API's text
 * @returns the error to throw
 */
export function notImplemented(
  context: RequestContext,
  req: TransportRequest,
  apiError: BlockscoutApiError,
  redact: Redactor,
): NotSupportedError {
  const what =
    req.api === "rpc" ? `the action ${req.query.action ?? "asked for"}` : `GET /api/v2${req.path ?? ""}`;
  return new NotSupportedError(
    "blockscout",
    req.api === "rpc" ? (req.query.action ?? "rpc") : (req.path ?? "rest"),
    `The chain's Blockscout instance does not offer ${what} (HTTP 501 through the Blockscout API: ${redact(apiError.error)}, source ${apiError.source}); asking again does not help.`,
    { metaMessages: [`Request: ${context.method} ${context.url}`, "HTTP status: 501"] },
  );
}

/**
 * The chain a Blockscout API route serves, as messages name it: the route ends in the chain id
 * (`https://api.blockscout.com/10`).
 *
 * @param base - the route
 * @returns `chain 10`, or `this chain`
 */
export function chainOfApiRoute(base: string): string {
  const id = /\/(\d+)\/?$/.exec(base)?.[1];
  return id ? `chain ${id}` : "this chain";
}
