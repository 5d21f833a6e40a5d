import * as z from "../zod.js";

/** The verification fields of `GET /api/v2/smart-contracts/{address}`; the many other fields are kept as sent. */
export const smartContractSchema = z.looseObject({
  is_verified: z.nullish(z.boolean()),
  is_fully_verified: z.nullish(z.boolean()),
  is_partially_verified: z.nullish(z.boolean()),
  name: z.nullish(z.string()),
  compiler_version: z.nullish(z.string()),
});

export type SmartContract = z.infer<typeof smartContractSchema>;
