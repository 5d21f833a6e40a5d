import { z } from "zod";

const flag = z.union([z.string(), z.number(), z.boolean()]).nullish();

/**
 * One `getsourcecode` item, and the contract object `verify`-style actions return. Real Blockscout sends only
 * the keys that apply (an unverified address is just `{Address}`); Etherscan-style explorers send every key as a
 * string. Both are accepted.
 */
export const sourceCodeItemSchema = z.looseObject({
  Address: z.string().optional(),
  SourceCode: z.string().nullish(),
  ABI: z.string().nullish(),
  ContractName: z.string().nullish(),
  CompilerVersion: z.string().nullish(),
  OptimizationUsed: flag,
  OptimizationRuns: z.union([z.number(), z.string()]).nullish(),
  Runs: z.union([z.number(), z.string()]).nullish(),
  EVMVersion: z.string().nullish(),
  FileName: z.string().nullish(),
  ConstructorArguments: z.string().nullish(),
  ExternalLibraries: z.array(z.looseObject({ name: z.string(), address_hash: z.string() })).nullish(),
  Library: z.string().nullish(),
  AdditionalSources: z.array(z.looseObject({ Filename: z.string(), SourceCode: z.string() })).nullish(),
  IsProxy: flag,
  Proxy: flag,
  ImplementationAddress: z.string().nullish(),
  ImplementationAddresses: z.array(z.string()).nullish(),
  Implementation: z.string().nullish(),
  CompilerSettings: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  LicenseType: z.string().nullish(),
});

export type SourceCodeItem = z.infer<typeof sourceCodeItemSchema>;
