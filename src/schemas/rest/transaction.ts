import * as z from "../../kernel/zod.js";
import { addressParamSchema } from "./addressParam.js";
import { fillFrom } from "./fillFrom.js";
import { tokenSchema } from "./token.js";

/** A token transfer's amount: `{decimals, value}`, `{token_id}` for an NFT, and `{token_id, value, decimals}`. */
const transferTotalSchema = z.looseObject({
  decimals: z.nullish(z.string()),
  value: z.nullish(z.string()),
  token_id: z.nullish(z.string()),
});

/**
 * A token transfer, as nested in a transaction. Older Blockscout releases name the hash `tx_hash`, and give an
 * ERC-1155 batch transfer's `total` as an array of per-token amounts (TransactionView
 * `prepare_token_transfer_total`): both are read.
 */
export const tokenTransferSchema = fillFrom(
  { transaction_hash: "tx_hash" },
  z.looseObject({
    block_hash: z.nullish(z.string()),
    transaction_hash: z.string(),
    log_index: z.int(),
    timestamp: z.nullish(z.string()),
    method: z.nullish(z.string()),
    type: z.nullish(z.string()),
    from: z.nullish(addressParamSchema),
    to: z.nullish(addressParamSchema),
    token: z.nullish(tokenSchema),
    // NFT transfers carry `token_id` here instead of `decimals` and `value`.
    total: z.nullish(z.union([transferTotalSchema, z.array(transferTotalSchema)])),
  }),
);

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
 * `revert_reason` as an object, and `transaction_types` also holds `blob_transaction` on Ethereum. Older releases
 * (TransactionView before the tx → transaction renaming) send `block`, `tx_types`, `tx_tag`, `tx_burnt_fee` and
 * `has_error_in_internal_txs`: each fills the current name. `status` stays a free string (chain variants add some).
 */
export const transactionSchema = fillFrom(
  {
    block_number: "block",
    transaction_types: "tx_types",
    transaction_tag: "tx_tag",
    transaction_burnt_fee: "tx_burnt_fee",
    has_error_in_internal_transactions: "has_error_in_internal_txs",
  },
  z.looseObject({
    hash: z.string(),
    timestamp: z.nullish(z.string()),
    block_number: z.nullish(z.int()),
    position: z.nullish(z.int()),
    nonce: z.int(),
    type: z.nullish(z.int()),
    status: z.nullish(z.string()),
    method: z.nullish(z.string()),
    confirmations: z.nullish(z.int()),
    confirmation_duration: z.nullish(z.array(z.number())),
    exchange_rate: z.nullish(z.string()),
    fee: z.nullish(z.looseObject({ type: z.enum(["maximum", "actual"]), value: z.nullish(z.string()) })),
    gas_limit: z.nullish(z.union([z.int(), z.string()])),
    gas_used: z.nullish(z.string()),
    gas_price: z.nullish(z.string()),
    base_fee_per_gas: z.nullish(z.string()),
    max_fee_per_gas: z.nullish(z.string()),
    max_priority_fee_per_gas: z.nullish(z.string()),
    priority_fee: z.nullish(z.string()),
    transaction_burnt_fee: z.nullish(z.string()),
    value: z.nullish(z.string()),
    result: z.nullish(z.string()),
    revert_reason: z.nullish(z.union([z.string(), z.record(z.string(), z.unknown())])),
    raw_input: z.nullish(z.string()),
    decoded_input: z.nullish(decodedInputSchema),
    from: addressParamSchema,
    to: z.nullish(addressParamSchema),
    created_contract: z.nullish(addressParamSchema),
    token_transfers: z.nullish(z.array(tokenTransferSchema)),
    token_transfers_overflow: z.nullish(z.boolean()),
    transaction_types: z.nullish(z.array(z.string())),
    has_error_in_internal_transactions: z.nullish(z.boolean()),
    actions: z.nullish(z.array(actionSchema)),
    transaction_tag: z.nullish(z.string()),
  }),
);

export type Transaction = z.infer<typeof transactionSchema>;
