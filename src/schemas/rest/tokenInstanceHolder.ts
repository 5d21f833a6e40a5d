import * as z from "../../kernel/zod.js";
import { addressParamSchema } from "./addressParam.js";
import { fillFrom } from "./fillFrom.js";

/**
 * A holder of one token instance (`GET /tokens/{address_hash}/instances/{id}/holders`). The specification
 * names the holder `address_hash` (an AddressParam object despite the name); Blockscout sends it as `address`.
 */
export const tokenInstanceHolderSchema = fillFrom(
  { address_hash: "address" },
  z.looseObject({ address_hash: addressParamSchema, value: z.string(), token_id: z.nullish(z.string()) }),
);

export type TokenInstanceHolder = z.infer<typeof tokenInstanceHolderSchema>;
