import { z } from "zod";
import { addressParamSchema } from "./addressParam.js";

/**
 * An internal transaction (`GET /internal-transactions`). Blockscout also sends `transaction_index`, which the
 * specification's table lacks but its cursor uses. `gas_limit` is a decimal string; a number is accepted too.
 */
export const internalTransactionSchema = z.looseObject({
  block_number: z.number().int(),
  transaction_hash: z.string(),
  transaction_index: z.number().int().nullish(),
  index: z.number().int(),
  timestamp: z.string().nullish(),
  type: z.string(),
  success: z.boolean().nullish(),
  error: z.string().nullish(),
  gas_limit: z.union([z.string(), z.number().int()]).nullish(),
  value: z.string().nullish(),
  from: addressParamSchema.nullish(),
  to: addressParamSchema.nullish(),
  created_contract: addressParamSchema.nullish(),
});

export type InternalTransaction = z.infer<typeof internalTransactionSchema>;
