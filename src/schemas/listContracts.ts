import * as z from "../kernel/zod.js";

/** One `listcontracts` item: a verified one has name, compiler and optimizer; an unverified one only `Address` and `ABI`. */
export const listedContractItemSchema = z.looseObject({
  Address: z.string(),
  ABI: z.nullish(z.string()),
  ContractName: z.nullish(z.string()),
  CompilerVersion: z.nullish(z.string()),
  OptimizationUsed: z.nullish(z.union([z.string(), z.number(), z.boolean()])),
});

export const listContractsResultSchema = z.array(listedContractItemSchema);
