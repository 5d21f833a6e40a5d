import * as z from "../kernel/zod.js";

const flag = z.nullish(z.union([z.string(), z.number(), z.boolean()]));

/**
 * One `getsourcecode` item, and the contract object `verify`-style actions return. Real Blockscout sends only
 * the keys that apply (an unverified address is just `{Address}`); Etherscan-style explorers send every key as a
 * string. Both are accepted.
 */
export const sourceCodeItemSchema = z.looseObject({
  Address: z.optional(z.string()),
  SourceCode: z.nullish(z.string()),
  ABI: z.nullish(z.string()),
  ContractName: z.nullish(z.string()),
  CompilerVersion: z.nullish(z.string()),
  OptimizationUsed: flag,
  OptimizationRuns: z.nullish(z.union([z.number(), z.string()])),
  Runs: z.nullish(z.union([z.number(), z.string()])),
  EVMVersion: z.nullish(z.string()),
  FileName: z.nullish(z.string()),
  // Etherscan's: the main file's path, the compiler (`solc`, `vyper`), and the address whose sources stand in for a
  // contract that is not verified itself ("Similar Match").
  ContractFileName: z.nullish(z.string()),
  CompilerType: z.nullish(z.string()),
  SimilarMatch: z.nullish(z.string()),
  ConstructorArguments: z.nullish(z.string()),
  // Older releases send `""` when there are none.
  ExternalLibraries: z.nullish(
    z.union([z.array(z.looseObject({ name: z.string(), address_hash: z.string() })), z.string()]),
  ),
  Library: z.nullish(z.string()),
  AdditionalSources: z.nullish(
    z.union([z.array(z.looseObject({ Filename: z.string(), SourceCode: z.string() })), z.string()]),
  ),
  IsProxy: flag,
  Proxy: flag,
  ImplementationAddress: z.nullish(z.string()),
  ImplementationAddresses: z.nullish(z.array(z.string())),
  Implementation: z.nullish(z.string()),
  CompilerSettings: z.nullish(z.union([z.record(z.string(), z.unknown()), z.string()])),
  LicenseType: z.nullish(z.string()),
});

export type SourceCodeItem = z.infer<typeof sourceCodeItemSchema>;
