import * as z from "../kernel/zod.js";

/** Sourcify API v2's error body: `{customCode, message, errorId}`. */
export const sourcifyErrorSchema = z.looseObject({
  customCode: z.string(),
  message: z.string(),
  errorId: z.optional(z.string()),
});

/** A verification job's id: a UUID. */
export const verificationIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The answer to a submission: 202 `{verificationId}`. */
export const sourcifySubmittedSchema = z.looseObject({
  verificationId: z.string().check(z.regex(verificationIdPattern)),
});

const matchLevel = z.nullish(z.string());
/** How Sourcify matched a contract: in all, and its creation and runtime code. */
const matches = { match: matchLevel, creationMatch: matchLevel, runtimeMatch: matchLevel };
/** The matches of a contract, with its address and chain. */
const located = {
  ...matches,
  address: z.nullish(z.string()),
  chainId: z.nullish(z.union([z.string(), z.number()])),
};
const sources = z.record(z.string(), z.looseObject({ content: z.optional(z.string()) }));

/** A verification job (`GET /v2/verify/{verificationId}`): 200 even when the job failed. */
export const sourcifyJobSchema = z.looseObject({
  isJobCompleted: z.boolean(),
  verificationId: z.optional(z.string()),
  contract: z.nullish(z.looseObject(located)),
  error: z.nullish(z.looseObject({ customCode: z.string(), message: z.string() })),
});

/** A contract lookup (`GET /v2/contract/{chainId}/{address}`) with the fields this client asks for. */
export const sourcifyContractSchema = z.looseObject({
  ...located,
  address: z.optional(z.string()),
  compilation: z.optional(
    z.looseObject({
      name: z.optional(z.string()),
      fullyQualifiedName: z.optional(z.string()),
      compilerVersion: z.optional(z.string()),
      compilerSettings: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  sources: z.optional(sources),
  abi: z.nullish(z.array(z.unknown())),
  proxyResolution: z.nullish(
    z.looseObject({
      isProxy: z.optional(z.boolean()),
      implementations: z.optional(z.array(z.looseObject({ address: z.string() }))),
    }),
  ),
});

export type SourcifyContract = z.infer<typeof sourcifyContractSchema>;

/** `GET /v2/contract/all-chains/{address}`: the address's matches on every chain Sourcify holds it on. */
export const sourcifyAllChainsSchema = z.looseObject({
  results: z.array(
    z.looseObject({ ...located, address: z.string(), chainId: z.union([z.string(), z.number()]) }),
  ),
});

export type SourcifyAllChains = z.infer<typeof sourcifyAllChainsSchema>;

/**
 * A contract lookup with every field (`GET /v2/contract/{chainId}/{address}?fields=all`), as far as copying it reads:
 * the matches, the compilation, the sources and the standard JSON input, and the values Sourcify read from the
 * creation code (constructor arguments, libraries).
 */
export const sourcifyVerifiedContractSchema = z.looseObject({
  ...located,
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
