import * as z from "./zod.js";

// Etherscan writes numbers as JSON numbers here; a string of digits is taken too, as its other answers use them.
const count = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
  z.transform((value) => Number(value)),
);

/**
 * `result` of Etherscan's `getapilimit`: the key's credits (calls) used and left in the current interval, and how
 * long until it ends (`HH:MM:SS`).
 */
export const apiLimitSchema = z.looseObject({
  creditsUsed: count,
  creditsAvailable: count,
  creditLimit: count,
  limitInterval: z.string(),
  intervalExpiryTimespan: z.string().check(z.regex(/^\d+:[0-5]\d:[0-5]\d$/)),
});

export type ApiLimit = z.infer<typeof apiLimitSchema>;
