import * as z from "../../kernel/zod.js";

/**
 * Wraps an object schema so that a field the specification names one way is also filled from the name
 * Blockscout sends instead (e.g. a holder's `address_hash` from `address`). The original field stays.
 *
 * @param aliases - specification name → the other wire name it may arrive under
 * @param schema - the object schema, written with the specification's names
 * @returns a schema that copies each alias into its specification name when that name is absent
 */
export function fillFrom<T extends z.ZodMiniType>(aliases: Record<string, string>, schema: T) {
  return z.pipe(
    z.transform((raw) => {
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
      const filled: Record<string, unknown> = { ...raw };
      for (const [specName, wireName] of Object.entries(aliases)) {
        if (filled[specName] === undefined && filled[wireName] !== undefined)
          filled[specName] = filled[wireName];
      }
      return filled;
    }),
    schema,
  );
}
