import * as z from "../kernel/zod.js";

/** Any answer of the Blockscout API that says something in `error` (a 402's body is not documented beyond that). */
export const blockscoutApiMessageSchema = z.looseObject({ error: z.string() });

/**
 * The Blockscout API's own error body (`https://api.blockscout.com`, PRO routes): `{error, source}`, `source` being
 * `internal` (routing, the chain's configuration, the API itself) or `upstream` (the chain's instance was unreachable,
 * timed out or failed). Answers of the instance itself come through unchanged, in Blockscout's own bodies.
 */
export const blockscoutApiErrorSchema = z.extend(blockscoutApiMessageSchema, {
  source: z.enum(["internal", "upstream"]),
});

/** A parsed {@link blockscoutApiErrorSchema}. */
export type BlockscoutApiError = z.infer<typeof blockscoutApiErrorSchema>;
