import * as z from "../kernel/zod.js";

const quantity = z.union([z.string(), z.number()]);

/** What pairing reads of a broadcast's transaction: who sent it, its nonce, and the contract a CREATE made. */
const hashedTransactionSchema = z.looseObject({
  hash: z.nullish(z.string()),
  transactionType: z.string(),
  contractAddress: z.nullish(z.string()),
  transaction: z.optional(
    z.looseObject({ from: z.nullish(z.string()), to: z.nullish(z.string()), nonce: z.nullish(quantity) }),
  ),
});

/** A broadcast's receipt, as far as pairing reads it. */
export const broadcastReceiptSchema = z.looseObject({
  transactionHash: z.string(),
  from: z.nullish(z.string()),
  blockNumber: z.nullish(quantity),
  transactionIndex: z.nullish(quantity),
  contractAddress: z.nullish(z.string()),
});

type HashedTransaction = z.infer<typeof hashedTransactionSchema>;
type BroadcastReceipt = z.infer<typeof broadcastReceiptSchema>;

/**
 * Each broadcast transaction's own hash. forge (1.7 and earlier) writes a transaction's `hash` at the place its
 * receipt arrived in, which concurrent sending shuffles (foundry-rs/foundry#16715); the receipts hold the true hashes.
 * One sender's transactions are mined in nonce order, so its k-th receipt (by block, then index) is its transaction of
 * the k-th nonce; a CREATE's receipt must name the contract it made. Where the receipts do not pair up, the hash is
 * left out: Sourcify given another transaction's hash gives no creation match.
 *
 * @param transactions - the broadcast's transactions
 * @param receipts - its receipts; none (an older or hand-made file) keeps the hashes as written
 * @returns the hash of each transaction, in order, undefined where none is known
 */
export function broadcastHashes(
  transactions: readonly HashedTransaction[],
  receipts: readonly BroadcastReceipt[] | undefined,
): Array<string | undefined> {
  if (!receipts || receipts.length === 0)
    return transactions.map((transaction) => transaction.hash ?? undefined);
  const hashes: Array<string | undefined> = transactions.map(() => undefined);
  const sender = (from: string | null | undefined) => from?.toLowerCase() ?? "";
  for (const from of new Set(transactions.map((transaction) => sender(transaction.transaction?.from)))) {
    const sent = [...transactions.entries()]
      .filter(([, transaction]) => sender(transaction.transaction?.from) === from)
      .sort(([, a], [, b]) => Number(a.transaction?.nonce ?? 0) - Number(b.transaction?.nonce ?? 0));
    const mined = receipts
      .filter((receipt) => sender(receipt.from) === from)
      .sort(
        (a, b) =>
          Number(a.blockNumber ?? 0) - Number(b.blockNumber ?? 0) ||
          Number(a.transactionIndex ?? 0) - Number(b.transactionIndex ?? 0),
      );
    const paired = sent.map(([index, transaction], k) => ({ index, transaction, receipt: mined[k] }));
    const agree =
      mined.length === sent.length &&
      paired.every(({ transaction, receipt }) =>
        transaction.transactionType === "CREATE" && transaction.contractAddress
          ? receipt?.contractAddress?.toLowerCase() === transaction.contractAddress.toLowerCase()
          : true,
      );
    if (agree) for (const { index, receipt } of paired) hashes[index] = receipt?.transactionHash;
  }
  return hashes;
}
