import * as z from "../kernel/zod.js";

const matchLevel = z.nullish(z.string());
const sources = z.record(z.string(), z.looseObject({ content: z.optional(z.string()) }));

/**
 * A contract lookup with every field (`GET /v2/contract/{chainId}/{address}?fields=all`), as far as copying it reads:
 * the matches, the compilation, the sources and the standard JSON input, and the values Sourcify read from the
 * creation code (constructor arguments, libraries).
 */
export const sourcifyVerifiedContractSchema = z.looseObject({
  match: matchLevel,
  creationMatch: matchLevel,
  runtimeMatch: matchLevel,
  address: z.nullish(z.string()),
  chainId: z.nullish(z.union([z.string(), z.number()])),
  compilation: z.nullish(
    z.looseObject({
      language: z.nullish(z.string()),
      compilerVersion: z.nullish(z.string()),
      compilerSettings: z.nullish(z.record(z.string(), z.unknown())),
      name: z.nullish(z.string()),
      fullyQualifiedName: z.nullish(z.string()),
    }),
  ),
  sources: z.nullish(sources),
  stdJsonInput: z.nullish(
    z.looseObject({
      language: z.nullish(z.string()),
      sources,
      settings: z.nullish(z.record(z.string(), z.unknown())),
    }),
  ),
  creationBytecode: z.nullish(
    z.looseObject({
      transformationValues: z.nullish(
        z.looseObject({
          constructorArguments: z.nullish(z.string()),
          libraries: z.nullish(z.record(z.string(), z.string())),
        }),
      ),
    }),
  ),
});

export type SourcifyVerifiedContract = z.infer<typeof sourcifyVerifiedContractSchema>;
