import * as z from "../kernel/zod.js";

// Etherscan writes numbers as JSON numbers here; a string of digits is taken too, as its other answers use them. A
// count past 2^53 is not a count a key has: it would be printed, and planned against, as another number. A negative
// count (`creditsAvailable: -5` past the limit) is none left.
const digits = z.union([z.number(), z.string().check(z.regex(/^-?\d+$/))]);
const asNumber = z.transform((value: number | string) => Number(value));
const noneBelowZero = z.transform((value: number) => Math.max(0, value));
const count = z.pipe(z.pipe(digits, asNumber), z.pipe(z.int(), noneBelowZero));

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
