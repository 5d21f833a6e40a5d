import { z } from "zod";

/** The error bodies of the REST API: `{message}` (404, 400, 403…) and OpenApiSpex's 422 `{errors: [...]}`. */
export const restMessageSchema = z.looseObject({ message: z.string(), hash: z.string().nullish() });

export const restValidationErrorsSchema = z.looseObject({
  errors: z.array(
    z.looseObject({
      title: z.string().nullish(),
      detail: z.string().nullish(),
      source: z.looseObject({ pointer: z.string().nullish() }).nullish(),
    }),
  ),
});
