import * as z from "../../kernel/zod.js";

// The specification does not say which fields are required (its gap 1): only the identifying hash is;
// everything Blockscout may leave out or send as null is nullish.

const tagSchema = z.looseObject({
  address_hash: z.nullish(z.string()),
  display_name: z.nullish(z.string()),
  label: z.nullish(z.string()),
});

const metadataTagSchema = z.looseObject({
  slug: z.nullish(z.string()),
  name: z.nullish(z.string()),
  tagType: z.nullish(z.string()),
  ordinal: z.nullish(z.int()),
  meta: z.nullish(z.record(z.string(), z.unknown())),
});

/** The AddressParam of the specification: an address with what the explorer knows about it. */
export const addressParamSchema = z.looseObject({
  hash: z.string(),
  implementation_name: z.nullish(z.string()),
  name: z.nullish(z.string()),
  ens_domain_name: z.nullish(z.string()),
  // The specification shows one tag's fields at the top level; Blockscout wraps tags in `tags`. Both fit.
  metadata: z.nullish(z.extend(metadataTagSchema, { tags: z.nullish(z.array(metadataTagSchema)) })),
  is_contract: z.nullish(z.boolean()),
  is_verified: z.nullish(z.boolean()),
  private_tags: z.nullish(z.array(tagSchema)),
  watchlist_names: z.nullish(z.array(tagSchema)),
  public_tags: z.nullish(z.array(tagSchema)),
});

export type AddressParam = z.infer<typeof addressParamSchema>;
