import * as z from "../kernel/zod.js";

/**
 * The text of an error object sent as `message`: Blockscout's `verify_via_sourcify` passes Sourcify's error body
 * through (`{"error": …}`, or `{"customCode": …, "message": …, "errorId": …}`).
 */
function messageObjectText(value: Record<string, unknown>): string {
  const text = [value.message, value.error, value.reason].find(
    (field): field is string => typeof field === "string" && field !== "",
  );
  if (text === undefined) return JSON.stringify(value);
  return typeof value.customCode === "string" ? `${text} (${value.customCode})` : text;
}

const asText = z.transform((value: string | number) => String(value));

/**
 * `{status, message, result}` of every contract-module answer; `status` as sent ("1", "0", or a number).
 * `message` is read as text: an object there (Sourcify's error body) becomes its message.
 */
export const rpcEnvelopeSchema = z.looseObject({
  status: z.pipe(z.union([z.string(), z.number()]), asText),
  message: z.pipe(
    z.nullish(z.union([z.string(), z.record(z.string(), z.unknown())])),
    z.transform((value) =>
      typeof value === "object" && value !== null ? messageObjectText(value) : (value ?? ""),
    ),
  ),
  result: z.unknown(),
});

export type RpcEnvelope = z.infer<typeof rpcEnvelopeSchema>;
