import * as z from "../../kernel/zod.js";
import { tokenInstanceSchema, tokenSchema } from "./token.js";

/** The NFTs an address owns in one collection (`GET /addresses/{address_hash}/nft/collections`). */
export const nftCollectionItemSchema = z.looseObject({
  token: tokenSchema,
  amount: z.nullish(z.string()),
  token_instances: z.array(tokenInstanceSchema),
});

export type NftCollectionItem = z.infer<typeof nftCollectionItemSchema>;
