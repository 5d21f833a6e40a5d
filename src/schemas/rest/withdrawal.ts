import { z } from "zod";
import { addressParamSchema } from "./addressParam.js";

/**
 * A withdrawal of a block (`GET /blocks/{block_number_or_hash}/withdrawals`). `block_number` and `timestamp`
 * are in the specification's table, but Blockscout leaves them out of this endpoint.
 */
export const withdrawalSchema = z.looseObject({
  index: z.number().int(),
  amount: z.string(),
  validator_index: z.number().int(),
  receiver: addressParamSchema,
  block_number: z.number().int().optional(),
  timestamp: z.string().optional(),
});

export type Withdrawal = z.infer<typeof withdrawalSchema>;
