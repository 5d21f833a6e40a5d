import * as z from "../../kernel/zod.js";
import { addressParamSchema } from "./addressParam.js";
import { fillFrom } from "./fillFrom.js";

/**
 * An internal transaction (`GET /internal-transactions`). Blockscout also sends `transaction_index`, which the
 * specification's table lacks but its cursor uses. `gas_limit` is a decimal string; a number is accepted too.
 * Older releases send the block number as `block` (TransactionView `prepare_internal_transaction`).
 */
export const internalTransactionSchema = fillFrom(
  { block_number: "block", transaction_hash: "tx_hash" },
  z.looseObject({
    block_number: z.int(),
    transaction_hash: z.string(),
    transaction_index: z.nullish(z.int()),
    index: z.int(),
    timestamp: z.nullish(z.string()),
    type: z.string(),
    success: z.nullish(z.boolean()),
    error: z.nullish(z.string()),
    gas_limit: z.nullish(z.union([z.string(), z.int()])),
    value: z.nullish(z.string()),
    from: z.nullish(addressParamSchema),
    to: z.nullish(addressParamSchema),
    created_contract: z.nullish(addressParamSchema),
  }),
);

export type InternalTransaction = z.infer<typeof internalTransactionSchema>;
