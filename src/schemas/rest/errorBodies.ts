import * as z from "../../kernel/zod.js";

/** The error bodies of the REST API: `{message}` (404, 400, 403…) and OpenApiSpex's 422 `{errors: [...]}`. */
export const restMessageSchema = z.looseObject({ message: z.string(), hash: z.nullish(z.string()) });

export const restValidationErrorsSchema = z.looseObject({
  errors: z.array(
    z.looseObject({
      title: z.nullish(z.string()),
      detail: z.nullish(z.string()),
      source: z.nullish(z.looseObject({ pointer: z.nullish(z.string()) })),
    }),
  ),
});
