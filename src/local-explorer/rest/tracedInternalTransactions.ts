import { getAddress } from "viem";
import { type CallFrame, parseCallTrace } from "../../chain/callTrace.js";
import type { JsonRpcChain } from "../../chain/jsonRpcChain.js";
import type { ServedInternalTransaction } from "./restData.js";
import { wireTime } from "./smartContractAnswer.js";

/**
 * A transaction's internal transactions as Blockscout lists them, read from the chain's call trace: one item per
 * frame in execution order (index 0 the transaction's own call or creation), `created_contract` on CREATE and
 * CREATE2 frames, `success: false` with the error on failed ones.
 *
 * @param chain - the chain
 * @param hash - the transaction
 * @returns the items; none for a transaction not mined yet or a chain without `debug_traceTransaction`
 */
export async function tracedInternalTransactions(
  chain: JsonRpcChain,
  hash: string,
): Promise<ServedInternalTransaction[]> {
  const transaction = await chain.getTransaction(hash);
  if (!transaction?.blockNumber) return [];
  let root: CallFrame;
  try {
    root = parseCallTrace(await chain.traceTransaction(hash), hash);
  } catch {
    // Blockscout without traces for a transaction lists nothing for it, as while it indexes.
    return [];
  }
  const blockNumber = Number(transaction.blockNumber);
  const block = await chain.getBlock(blockNumber);
  const timestamp = block ? wireTime(Number(block.timestamp)) : null;
  const items: ServedInternalTransaction[] = [];
  const walk = (frame: CallFrame & WireFrame, failedAbove: boolean) => {
    const failed = failedAbove || Boolean(frame.error);
    const type = frame.type.toLowerCase();
    const creates = type === "create" || type === "create2";
    items.push({
      error: frame.error ?? null,
      success: !failed,
      type,
      transaction_hash: transaction.hash,
      transaction_index: Number(transaction.transactionIndex ?? 0),
      from: addressParam(frame.from),
      to: creates || !frame.to ? null : addressParam(frame.to),
      created_contract: creates && frame.to ? addressParam(frame.to) : null,
      value: BigInt(frame.value ?? "0x0").toString(),
      block_number: blockNumber,
      timestamp,
      index: items.length,
      gas_limit: BigInt(frame.gas ?? "0x0").toString(),
    });
    for (const call of frame.calls ?? []) walk(call, failed);
  };
  walk(root, false);
  return items;
}

/** The frame fields callTracer sends beside those discovery reads. */
interface WireFrame {
  value?: string;
  gas?: string;
  calls?: Array<CallFrame & WireFrame> | null;
}

function addressParam(address: string): { hash: string } {
  return { hash: getAddress(address) };
}
