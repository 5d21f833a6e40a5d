import { z } from "zod";

/** `{status, message, result}` of every contract-module answer; `status` as sent ("1", "0", or a number). */
export const rpcEnvelopeSchema = z.looseObject({
  status: z.union([z.string(), z.number()]).transform((value) => String(value)),
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  result: z.unknown(),
});

export type RpcEnvelope = z.infer<typeof rpcEnvelopeSchema>;
