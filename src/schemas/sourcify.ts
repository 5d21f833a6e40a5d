import * as z from "../kernel/zod.js";

/** Sourcify API v2's error body: `{customCode, message, errorId}`. */
export const sourcifyErrorSchema = z.looseObject({
  customCode: z.string(),
  message: z.string(),
  errorId: z.optional(z.string()),
});

/** The answer to a submission: 202 `{verificationId}`. */
export const sourcifySubmittedSchema = z.looseObject({ verificationId: z.string() });

const matchLevel = z.nullish(z.string());

/** A verification job (`GET /v2/verify/{verificationId}`): 200 even when the job failed. */
export const sourcifyJobSchema = z.looseObject({
  isJobCompleted: z.boolean(),
  verificationId: z.optional(z.string()),
  contract: z.nullish(
    z.looseObject({
      match: matchLevel,
      creationMatch: matchLevel,
      runtimeMatch: matchLevel,
      address: z.nullish(z.string()),
      chainId: z.nullish(z.union([z.string(), z.number()])),
    }),
  ),
  error: z.nullish(z.looseObject({ customCode: z.string(), message: z.string() })),
});

/** A contract lookup (`GET /v2/contract/{chainId}/{address}`) with the fields this client asks for. */
export const sourcifyContractSchema = z.looseObject({
  match: matchLevel,
  creationMatch: matchLevel,
  runtimeMatch: matchLevel,
  address: z.optional(z.string()),
  chainId: z.nullish(z.union([z.string(), z.number()])),
  compilation: z.optional(
    z.looseObject({
      name: z.optional(z.string()),
      fullyQualifiedName: z.optional(z.string()),
      compilerVersion: z.optional(z.string()),
      compilerSettings: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  sources: z.optional(z.record(z.string(), z.looseObject({ content: z.optional(z.string()) }))),
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
    z.looseObject({
      match: matchLevel,
      creationMatch: matchLevel,
      runtimeMatch: matchLevel,
      address: z.string(),
      chainId: z.union([z.string(), z.number()]),
    }),
  ),
});

export type SourcifyAllChains = z.infer<typeof sourcifyAllChainsSchema>;
