import * as z from "../kernel/zod.js";
import type { StandardJsonInput } from "../verify/job.js";

const byteRangeSchema = z.looseObject({ start: z.number(), length: z.number() });

export const linkReferencesSchema = z.record(z.string(), z.record(z.string(), z.array(byteRangeSchema)));

export const immutableReferencesSchema = z.record(z.string(), z.array(byteRangeSchema));

const sourceSchema = z.looseObject({
  content: z.optional(z.string()),
  urls: z.optional(z.array(z.string())),
  keccak256: z.optional(z.string()),
});

/** The compiler's standard JSON input, as build infos and input files hold it (extra keys allowed). */
export const standardJsonInputSchema = z.looseObject({
  language: z.string(),
  sources: z.record(z.string(), sourceSchema),
  settings: z.optional(z.record(z.string(), z.unknown())),
});

const bytecodeSchema = z.looseObject({
  object: z.string(),
  linkReferences: z.optional(linkReferencesSchema),
});

/** Code with its link and immutable references: a compiler output's deployed code, a Foundry artifact's. */
export const bytecodeWithReferencesSchema = z.extend(bytecodeSchema, {
  immutableReferences: z.optional(immutableReferencesSchema),
});

const outputContractSchema = z.looseObject({
  abi: z.optional(z.array(z.unknown())),
  /** JSON text from solc; some tools store it parsed. */
  metadata: z.optional(z.union([z.string(), z.record(z.string(), z.unknown())])),
  evm: z.optional(
    z.looseObject({
      bytecode: z.optional(bytecodeSchema),
      deployedBytecode: z.optional(bytecodeWithReferencesSchema),
    }),
  ),
});

/** The compiler's standard JSON output as a build keeps it, as far as verification reads it. */
export const buildOutputSchema = z.looseObject({
  contracts: z.optional(z.record(z.string(), z.record(z.string(), outputContractSchema))),
});

export type BuildOutput = z.infer<typeof buildOutputSchema>;
export type BuildOutputContract = z.infer<typeof outputContractSchema>;

/**
 * Keeps the keys solc accepts at the top of a standard JSON input. Foundry's build info adds `version`,
 * `allowPaths`, `basePath` and `includePaths`, which solc answers with `Unknown key`.
 *
 * @param input - a parsed input
 * @returns `{ language, sources, settings }`
 */
export function toStandardJsonInput(input: z.infer<typeof standardJsonInputSchema>): StandardJsonInput {
  return {
    language: input.language,
    sources: input.sources,
    ...(input.settings === undefined ? {} : { settings: input.settings }),
  };
}

/**
 * Gives bytecode as `0x`-prefixed hex; solc leaves the prefix out, Foundry puts it in.
 *
 * @param object - `evm.bytecode.object`, possibly with library placeholders
 * @returns the same code with `0x`
 */
export function prefixedHex(object: string | undefined): string {
  if (object === undefined || object === "") return "0x";
  return object.startsWith("0x") ? object : `0x${object}`;
}

/**
 * Gives a contract's compiler metadata as the JSON text solc wrote.
 *
 * @param metadata - the output's `metadata`: text, or an object a tool parsed
 * @returns the text, or undefined when the build did not select it
 */
export function metadataText(metadata: BuildOutputContract["metadata"]): string | undefined {
  if (metadata === undefined || metadata === "") return undefined;
  return typeof metadata === "string" ? metadata : JSON.stringify(metadata);
}
