import { z } from "zod";

/** One `getcontractcreation` item; Blockscout sends block number and timestamp as strings. */
export const contractCreationItemSchema = z.looseObject({
  contractAddress: z.string(),
  contractCreator: z.string(),
  txHash: z.string(),
  blockNumber: z.union([z.string(), z.number()]).nullish(),
  timestamp: z.union([z.string(), z.number()]).nullish(),
  contractFactory: z.string().nullish(),
  creationBytecode: z.string().nullish(),
});

export const contractCreationResultSchema = z.array(contractCreationItemSchema).nullable();
