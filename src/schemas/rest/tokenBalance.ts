import * as z from "../../kernel/zod.js";
import { tokenInstanceSchema, tokenSchema } from "./token.js";

/**
 * One token balance of an address (`GET /addresses/{address_hash}/tokens`). Blockscout lists ERC-7984
 * (confidential) balances without their amount (`value: null`), and its schema lets a row carry `token: null`:
 * both are read as null, so such a row does not make the page unreadable.
 */
export const tokenBalanceItemSchema = z.looseObject({
  token_instance: z.nullish(tokenInstanceSchema),
  value: z.nullable(z.string()),
  token_id: z.nullish(z.string()),
  token: z.nullable(tokenSchema),
});

export type TokenBalanceItem = z.infer<typeof tokenBalanceItemSchema>;
