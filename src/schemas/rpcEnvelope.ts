import * as z from "./zod.js";

/** `{status, message, result}` of every contract-module answer; `status` as sent ("1", "0", or a number). */
export const rpcEnvelopeSchema = z.looseObject({
  status: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value)),
  ),
  message: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? ""),
  ),
  result: z.unknown(),
});

export type RpcEnvelope = z.infer<typeof rpcEnvelopeSchema>;
