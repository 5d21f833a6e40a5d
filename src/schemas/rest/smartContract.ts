import { z } from "zod";

/** The verification fields of `GET /api/v2/smart-contracts/{address}`; the many other fields are kept as sent. */
export const smartContractSchema = z.looseObject({
  is_verified: z.boolean().nullish(),
  is_fully_verified: z.boolean().nullish(),
  is_partially_verified: z.boolean().nullish(),
  name: z.string().nullish(),
  compiler_version: z.string().nullish(),
});

export type SmartContract = z.infer<typeof smartContractSchema>;
