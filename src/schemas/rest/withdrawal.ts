import * as z from "../../kernel/zod.js";
import { addressParamSchema } from "./addressParam.js";

/**
 * A withdrawal of a block (`GET /blocks/{block_number_or_hash}/withdrawals`). `block_number` and `timestamp`
 * are in the specification's table, but Blockscout leaves them out of this endpoint.
 */
export const withdrawalSchema = z.looseObject({
  index: z.int(),
  amount: z.string(),
  validator_index: z.int(),
  receiver: addressParamSchema,
  block_number: z.nullish(z.int()),
  timestamp: z.nullish(z.string()),
});

export type Withdrawal = z.infer<typeof withdrawalSchema>;
