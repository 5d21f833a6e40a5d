import { z } from "zod";
import { tokenInstanceSchema, tokenSchema } from "./token.js";

/** One token balance of an address (`GET /addresses/{address_hash}/tokens`). */
export const tokenBalanceItemSchema = z.looseObject({
  token_instance: tokenInstanceSchema.nullish(),
  value: z.string(),
  token_id: z.string().nullish(),
  token: tokenSchema,
});

export type TokenBalanceItem = z.infer<typeof tokenBalanceItemSchema>;
