import { z } from "zod";
import { addressParamSchema } from "./addressParam.js";
import { fillFrom } from "./fillFrom.js";

/**
 * The Token summary. `type` stays a free string: the specification lists the values seen, and Blockscout
 * already has more (ERC-7984). Older Blockscout versions send `address` and `holders` instead of
 * `address_hash` and `holders_count`.
 */
export const tokenSchema = fillFrom(
  { address_hash: "address", holders_count: "holders" },
  z.looseObject({
    address_hash: z.string(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
    decimals: z.string().nullish(),
    type: z.string(),
    holders_count: z.union([z.string(), z.number().int()]).nullish(),
    exchange_rate: z.string().nullish(),
    total_supply: z.string().nullish(),
    circulating_market_cap: z.string().nullish(),
    icon_url: z.string().nullish(),
  }),
);

export type Token = z.infer<typeof tokenSchema>;

/**
 * A Token instance (one NFT). `metadata` is whatever the token's metadata URI served, so it stays a free-form
 * object: typing its usual keys would reject real tokens that spell them differently.
 */
export const tokenInstanceSchema = z.looseObject({
  id: z.string(),
  is_unique: z.boolean().nullish(),
  holder_address_hash: z.string().nullish(),
  image_url: z.string().nullish(),
  animation_url: z.string().nullish(),
  external_app_url: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  owner: addressParamSchema.nullish(),
  token: tokenSchema.nullish(),
  token_type: z.string().nullish(),
  value: z.string().nullish(),
});

export type TokenInstance = z.infer<typeof tokenInstanceSchema>;
