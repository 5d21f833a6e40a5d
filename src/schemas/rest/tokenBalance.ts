import * as z from "../zod.js";
import { tokenInstanceSchema, tokenSchema } from "./token.js";

/** One token balance of an address (`GET /addresses/{address_hash}/tokens`). */
export const tokenBalanceItemSchema = z.looseObject({
  token_instance: z.nullish(tokenInstanceSchema),
  value: z.string(),
  token_id: z.nullish(z.string()),
  token: tokenSchema,
});

export type TokenBalanceItem = z.infer<typeof tokenBalanceItemSchema>;
