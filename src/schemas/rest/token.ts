import * as z from "../../kernel/zod.js";
import { addressParamSchema } from "./addressParam.js";
import { fillFrom } from "./fillFrom.js";

/** A decimal amount Blockscout sends as a string; chain variants and older releases may send a JSON number. */
const asText = z.transform((value: string | number) => String(value));
const decimalText = z.pipe(z.union([z.string(), z.number()]), asText);

/**
 * The Token summary. `type` stays a free string: the specification lists the values seen, and Blockscout
 * already has more (ERC-7984). Older Blockscout versions send `address` and `holders` instead of
 * `address_hash` and `holders_count`. Amounts may arrive as JSON numbers; they are read as decimal strings.
 */
export const tokenSchema = fillFrom(
  { address_hash: "address", holders_count: "holders" },
  z.looseObject({
    address_hash: z.string(),
    name: z.nullish(z.string()),
    symbol: z.nullish(z.string()),
    decimals: z.nullish(decimalText),
    type: z.string(),
    holders_count: z.nullish(z.union([z.string(), z.int()])),
    exchange_rate: z.nullish(decimalText),
    total_supply: z.nullish(decimalText),
    circulating_market_cap: z.nullish(decimalText),
    icon_url: z.nullish(z.string()),
  }),
);

export type Token = z.infer<typeof tokenSchema>;

/**
 * A Token instance (one NFT). `metadata` is whatever the token's metadata URI served, so it stays a free-form
 * object: typing its usual keys would reject real tokens that spell them differently.
 */
export const tokenInstanceSchema = z.looseObject({
  id: decimalText,
  is_unique: z.nullish(z.boolean()),
  holder_address_hash: z.nullish(z.string()),
  image_url: z.nullish(z.string()),
  animation_url: z.nullish(z.string()),
  external_app_url: z.nullish(z.string()),
  metadata: z.nullish(z.record(z.string(), z.unknown())),
  owner: z.nullish(addressParamSchema),
  token: z.nullish(tokenSchema),
  token_type: z.nullish(z.string()),
  value: z.nullish(decimalText),
});

export type TokenInstance = z.infer<typeof tokenInstanceSchema>;
