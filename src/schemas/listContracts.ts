import { z } from "zod";

/** One `listcontracts` item: a verified one has name, compiler and optimizer; an unverified one only `Address` and `ABI`. */
export const listedContractItemSchema = z.looseObject({
  Address: z.string(),
  ABI: z.string().nullish(),
  ContractName: z.string().nullish(),
  CompilerVersion: z.string().nullish(),
  OptimizationUsed: z.union([z.string(), z.number(), z.boolean()]).nullish(),
});

export const listContractsResultSchema = z.array(listedContractItemSchema);
