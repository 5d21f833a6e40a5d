import * as z from "./zod.js";

/**
 * The compiler's metadata of a contract (`metadata.json`), as far as rebuilding its input reads it: the language,
 * the compiler, the settings with the compilation target and libraries, and the sources with their keccak256.
 */
export const compilerMetadataSchema = z.looseObject({
  language: z.string(),
  compiler: z.looseObject({ version: z.string() }),
  settings: z.looseObject({
    compilationTarget: z.record(z.string(), z.string()),
    libraries: z.optional(z.record(z.string(), z.string())),
  }),
  sources: z.record(
    z.string(),
    z.looseObject({ keccak256: z.optional(z.string()), content: z.optional(z.string()) }),
  ),
});

/** A contract's compiler metadata, parsed. */
export type CompilerMetadata = z.infer<typeof compilerMetadataSchema>;
