import { z } from "zod";

// The specification does not say which fields are required (its gap 1): only the identifying hash is;
// everything Blockscout may leave out or send as null is nullish.

const tagSchema = z.looseObject({
  address_hash: z.string().nullish(),
  display_name: z.string().nullish(),
  label: z.string().nullish(),
});

const metadataTagSchema = z.looseObject({
  slug: z.string().nullish(),
  name: z.string().nullish(),
  tagType: z.string().nullish(),
  ordinal: z.number().int().nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
});

/** The AddressParam of the specification: an address with what the explorer knows about it. */
export const addressParamSchema = z.looseObject({
  hash: z.string(),
  implementation_name: z.string().nullish(),
  name: z.string().nullish(),
  ens_domain_name: z.string().nullish(),
  // The specification shows one tag's fields at the top level; Blockscout wraps tags in `tags`. Both fit.
  metadata: metadataTagSchema.extend({ tags: z.array(metadataTagSchema).nullish() }).nullish(),
  is_contract: z.boolean().nullish(),
  is_verified: z.boolean().nullish(),
  private_tags: z.array(tagSchema).nullish(),
  watchlist_names: z.array(tagSchema).nullish(),
  public_tags: z.array(tagSchema).nullish(),
});

export type AddressParam = z.infer<typeof addressParamSchema>;
