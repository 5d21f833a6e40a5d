import { join } from "node:path";
import { maxDeploymentFolderBytes } from "../inputs/innerFile.js";
import { type JsonOrigin, readJsonFile, readUtf8File } from "../inputs/jsonFile.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { isTransactionHash } from "../kernel/validate.js";
import * as z from "../kernel/zod.js";

const confirmSchema = z.looseObject({
  type: z.literal("TRANSACTION_CONFIRM"),
  hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
});

/**
 * The transactions an Ignition deployment sent and saw confirmed (the journal's `TRANSACTION_CONFIRM` messages):
 * deployments and calls alike, so contracts that calls created are found too.
 *
 * @param deploymentDir - `ignition/deployments/<id>/`
 * @param field - the input field, for errors
 * @returns the transaction hashes, in journal order
 * @throws {InvalidInputError} when the journal cannot be read
 */
export async function ignitionTransactionHashes(
  deploymentDir: string,
  field = "deployment",
): Promise<string[]> {
  const origin: JsonOrigin = { field, what: "Ignition journal", path: join(deploymentDir, "journal.jsonl") };
  const hashes: string[] = [];
  // The journal weighs no more than the folder's budget, as the deployment's reader read it.
  for (const line of (await readUtf8File(origin, maxDeploymentFolderBytes)).toString("utf8").split("\n")) {
    if (!line.includes('"TRANSACTION_CONFIRM"')) continue;
    // A malformed line is skipped: the journal reader reports it.
    const confirmed = confirmSchema.safeParse(parsedJson(line));
    if (confirmed.success && !hashes.includes(confirmed.data.hash)) hashes.push(confirmed.data.hash);
  }
  return hashes;
}

const broadcastSchema = z.looseObject({
  transactions: z.array(z.looseObject({ hash: z.nullish(z.string()) })),
});

/**
 * The transactions of a Foundry broadcast (`broadcast/<script>/<chain>/run-latest.json`).
 *
 * @param path - the broadcast file
 * @param field - the input field, for errors
 * @returns the transaction hashes, in broadcast order
 * @throws {InvalidInputError} when the file cannot be read or is not a broadcast
 */
export async function foundryBroadcastTransactionHashes(
  path: string,
  field = "deployment",
): Promise<string[]> {
  const broadcast = await readJsonFile(broadcastSchema, { field, what: "Foundry broadcast", path });
  return [
    ...new Set(broadcast.transactions.map((transaction) => transaction.hash ?? "").filter(isTransactionHash)),
  ];
}
