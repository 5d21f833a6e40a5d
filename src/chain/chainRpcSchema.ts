import type { EIP1193Parameters } from "viem";
import * as z from "../kernel/zod.js";

/** A hex string as JSON-RPC writes quantities and data: `0x` and hex digits. */
export const hexString = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
/** A transaction as `eth_getBlockByNumber` lists it. */
export const transactionSchema = z.looseObject({
  hash: z.string(),
  from: z.string(),
  to: z.nullable(z.string()),
  input: hexString,
  transactionIndex: z.nullable(hexString),
});
/** `eth_getTransactionByHash`: null for an unknown hash. */
export const minedTransactionSchema = z.nullable(
  z.extend(transactionSchema, { blockNumber: z.nullable(hexString) }),
);
/** `eth_getBlockByNumber` with full transactions: null past the head. */
export const blockSchema = z.nullable(
  z.looseObject({
    number: hexString,
    hash: z.string(),
    timestamp: hexString,
    transactions: z.array(transactionSchema),
    withdrawals: z.optional(
      z.array(
        z.looseObject({
          index: hexString,
          validatorIndex: hexString,
          address: z.string(),
          amount: hexString,
        }),
      ),
    ),
  }),
);
/** `eth_getTransactionReceipt`: null for an unknown or pending hash. */
export const receiptSchema = z.nullable(
  z.looseObject({ contractAddress: z.optional(z.nullable(z.string())), status: z.optional(hexString) }),
);

// The methods asked, with their parameters; every answer is checked against a schema here, so viem types none.
export type ChainRpcSchema = [
  { Method: "eth_chainId"; Parameters?: undefined; ReturnType: unknown },
  { Method: "eth_blockNumber"; Parameters?: undefined; ReturnType: unknown },
  { Method: "eth_getCode"; Parameters: [address: string, block: "latest"]; ReturnType: unknown },
  {
    Method: "eth_getStorageAt";
    Parameters: [address: string, slot: string, block: "latest"];
    ReturnType: unknown;
  },
  {
    Method: "eth_call";
    Parameters: [call: { to: string; data: string }, block: "latest"];
    ReturnType: unknown;
  },
  { Method: "eth_getBlockByNumber"; Parameters: [block: string, full: true]; ReturnType: unknown },
  { Method: "eth_getTransactionByHash"; Parameters: [hash: string]; ReturnType: unknown },
  { Method: "eth_getTransactionReceipt"; Parameters: [hash: string]; ReturnType: unknown },
  {
    Method: "debug_traceTransaction";
    Parameters: [hash: string, options: { tracer: "callTracer" }];
    ReturnType: unknown;
  },
];
/** One request of {@link ChainRpcSchema}. */
export type ChainRequest = EIP1193Parameters<ChainRpcSchema>;
