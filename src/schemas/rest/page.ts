import * as z from "../../kernel/zod.js";

/** A value of `next_page_params`: Blockscout sends JSON numbers, strings, booleans or null. */
export const pageCursorValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** `next_page_params`: the keys and values that ask for the next page. */
export const pageCursorSchema = z.record(z.string(), pageCursorValueSchema);

export type PageCursor = z.infer<typeof pageCursorSchema>;

/**
 * The envelope of every REST list answer: `{items, next_page_params}`, `next_page_params` null on the last page.
 *
 * @param itemSchema - the schema of one item
 * @returns the envelope's schema
 */
export function restPageSchema<T extends z.ZodMiniType>(itemSchema: T) {
  return z.looseObject({ items: z.array(itemSchema), next_page_params: z.nullable(pageCursorSchema) });
}
