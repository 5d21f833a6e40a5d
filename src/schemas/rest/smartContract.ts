import * as z from "../../kernel/zod.js";

/** One entry of `implementations`: newer Blockscout sends `address_hash`, older `address`. */
const implementationSchema = z.looseObject({
  address_hash: z.nullish(z.string()),
  address: z.nullish(z.string()),
  name: z.nullish(z.string()),
});

/**
 * The verification fields of `GET /api/v2/smart-contracts/{address}`; the many other fields are kept as sent.
 * For an unverified address the explorer may fill `name`, `compiler_version`, `abi`… from a verified contract
 * that stands in for it: a bytecode twin (`verified_twin_address_hash`) or, for an EIP-1167 clone, its
 * implementation (`minimal_proxy_address_hash` in older releases; `proxy_type` `eip1167` and `implementations`
 * in newer ones). `is_verified_via_eth_bytecode_db` marks sources Blockscout found itself in its bytecode
 * database (an identical contract's), not sources someone submitted for this address.
 */
export const smartContractSchema = z.looseObject({
  is_verified: z.nullish(z.boolean()),
  is_fully_verified: z.nullish(z.boolean()),
  is_partially_verified: z.nullish(z.boolean()),
  is_verified_via_eth_bytecode_db: z.nullish(z.boolean()),
  is_vyper_contract: z.nullish(z.boolean()),
  // Newer releases name the language instead of `is_vyper_contract`: `solidity`, `vyper` or `yul`.
  language: z.nullish(z.string()),
  name: z.nullish(z.string()),
  compiler_version: z.nullish(z.string()),
  // Hex, with `0x` from Blockscout 12 on, without before; null where 12's migration found no valid hex.
  constructor_args: z.nullish(z.string()),
  verified_twin_address_hash: z.nullish(z.string()),
  minimal_proxy_address_hash: z.nullish(z.string()),
  proxy_type: z.nullish(z.string()),
  implementations: z.nullish(z.array(implementationSchema)),
});

export type SmartContract = z.infer<typeof smartContractSchema>;
