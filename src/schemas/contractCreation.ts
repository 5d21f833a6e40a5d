import * as z from "../kernel/zod.js";

/** One `getcontractcreation` item; Blockscout sends block number and timestamp as strings. */
export const contractCreationItemSchema = z.looseObject({
  contractAddress: z.string(),
  contractCreator: z.string(),
  txHash: z.string(),
  blockNumber: z.nullish(z.union([z.string(), z.number()])),
  timestamp: z.nullish(z.union([z.string(), z.number()])),
  contractFactory: z.nullish(z.string()),
  creationBytecode: z.nullish(z.string()),
});

export const contractCreationResultSchema = z.nullable(z.array(contractCreationItemSchema));
