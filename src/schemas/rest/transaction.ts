import { z } from "zod";
import { addressParamSchema } from "./addressParam.js";
import { tokenSchema } from "./token.js";

/** A token transfer, as nested in a transaction. */
export const tokenTransferSchema = z.looseObject({
  block_hash: z.string().nullish(),
  transaction_hash: z.string(),
  log_index: z.number().int(),
  timestamp: z.string().nullish(),
  method: z.string().nullish(),
  type: z.string().nullish(),
  from: addressParamSchema.nullish(),
  to: addressParamSchema.nullish(),
  token: tokenSchema.nullish(),
  // NFT transfers carry `token_id` here instead of `decimals` and `value`.
  total: z.looseObject({ decimals: z.string().nullish(), value: z.string().nullish() }).nullish(),
});

export type TokenTransfer = z.infer<typeof tokenTransferSchema>;

const decodedInputSchema = z.looseObject({
  method_call: z.string(),
  method_id: z.string(),
  // `value` is a string for scalars; Blockscout sends arrays and tuples decoded as JSON arrays.
  parameters: z.array(z.looseObject({ name: z.string(), type: z.string(), value: z.unknown() })),
});

const actionSchema = z.looseObject({
  protocol: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * A transaction of a block (`GET /blocks/{block_number_or_hash}/transactions`). Where the specification and
 * Blockscout disagree on a type both are accepted: Blockscout sends `gas_limit` as a decimal string and
 * `revert_reason` as an object, and `transaction_types` also holds `blob_transaction` on Ethereum.
 */
export const transactionSchema = z.looseObject({
  hash: z.string(),
  timestamp: z.string().nullish(),
  block_number: z.number().int().nullish(),
  position: z.number().int().nullish(),
  nonce: z.number().int(),
  type: z.number().int().nullish(),
  status: z.enum(["ok", "error"]).nullish(),
  method: z.string().nullish(),
  confirmations: z.number().int().nullish(),
  confirmation_duration: z.array(z.number()).nullish(),
  exchange_rate: z.string().nullish(),
  fee: z.looseObject({ type: z.enum(["maximum", "actual"]), value: z.string().nullish() }).nullish(),
  gas_limit: z.union([z.number().int(), z.string()]).nullish(),
  gas_used: z.string().nullish(),
  gas_price: z.string().nullish(),
  base_fee_per_gas: z.string().nullish(),
  max_fee_per_gas: z.string().nullish(),
  max_priority_fee_per_gas: z.string().nullish(),
  priority_fee: z.string().nullish(),
  transaction_burnt_fee: z.string().nullish(),
  value: z.string().nullish(),
  result: z.string().nullish(),
  revert_reason: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  raw_input: z.string().nullish(),
  decoded_input: decodedInputSchema.nullish(),
  from: addressParamSchema,
  to: addressParamSchema.nullish(),
  created_contract: addressParamSchema.nullish(),
  token_transfers: z.array(tokenTransferSchema).nullish(),
  token_transfers_overflow: z.boolean().nullish(),
  transaction_types: z.array(z.string()).nullish(),
  has_error_in_internal_transactions: z.boolean().nullish(),
  actions: z.array(actionSchema).nullish(),
  transaction_tag: z.string().nullish(),
});

export type Transaction = z.infer<typeof transactionSchema>;
