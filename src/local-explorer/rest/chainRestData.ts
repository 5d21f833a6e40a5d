import { getAddress } from "viem";
import { type CallFrame, parseCallTrace } from "../../chain/callTrace.js";
import type { ChainBlock, JsonRpcChain } from "../../chain/jsonRpcChain.js";
import { isTransactionHash } from "../../kernel/validate.js";
import type { BlockscoutShapes } from "../blockscoutVersion.js";
import type { ChainBackend } from "../chainBackend.js";
import { blockScanner } from "../creationIndex.js";
import type { RestHandler } from "../httpServer.js";
import type {
  BlockLookup,
  BlockReference,
  RestData,
  ServedInternalTransaction,
  ServedTransaction,
  ServedWithdrawal,
  WireObject,
} from "./restData.js";
import { createRestHandler } from "./restHandler.js";
import { smartContractAnswer, smartContractFacts, wireTime } from "./smartContractAnswer.js";

const blockPath = /^\/blocks\/([^/]+)\/(transactions|withdrawals)$/;
const addressInternalPath = /^\/addresses\/0x[0-9a-fA-F]{40}\/internal-transactions$/;
const smartContractPath = /^\/smart-contracts\/(0x[0-9a-fA-F]{40})$/;

/**
 * The REST endpoints a chain alone can answer: a block's transactions and withdrawals, a transaction's internal
 * transactions (from its call trace), and the smart-contract status. The lists an indexer of tokens would feed stay empty. Chain reads are async while the REST handler
 * reads synchronously, so each request's facts are fetched first.
 *
 * @param chain - the chain
 * @param backend - the explorer's verified contracts
 * @param release - the shapes of the Blockscout release answered as (default 11's)
 * @returns the handler for `/api/v2`
 */
export function createChainRestHandler(
  chain: JsonRpcChain,
  backend: ChainBackend,
  release?: BlockscoutShapes,
): RestHandler {
  const blocks = new Map<string, ChainBlock | null>();
  const lookUp = <T>(reference: BlockReference, items: (block: ChainBlock) => T[]): BlockLookup<T> => {
    const key = reference.kind === "number" ? String(reference.number) : reference.hash.toLowerCase();
    const block = blocks.get(key);
    return block ? { items: items(block) } : undefined;
  };
  // A creation's contract, from its receipt: read once per transaction.
  const created = new Map<string, string | undefined>();
  const contracts = new Map<string, WireObject | undefined>();
  // A mined transaction's trace never changes: each is read once.
  const internal = new Map<string, ServedInternalTransaction[]>();
  const trace = async (hash: string) => {
    if (!internal.get(hash)?.length) internal.set(hash, await tracedInternalTransactions(chain, hash));
  };
  // Every transaction of every block is traced, for the lists of an address.
  const catchUpHistory = blockScanner(chain, async (block) => {
    for (const transaction of block.transactions) await trace(transaction.hash.toLowerCase());
  });
  const data: RestData = {
    addressTokens: () => undefined,
    addressNftCollections: () => undefined,
    internalTransactions: () => [...internal.values()].flat(),
    // The handler keeps those the address sent, received or was created by; Blockscout lists them newest first.
    addressInternalTransactions: () => [...internal.values()].flat().sort(newestFirst),
    tokenInstanceHolders: () => undefined,
    blockTransactions: (reference) =>
      lookUp(reference, (block) =>
        block.transactions.map(
          (transaction, position): ServedTransaction => ({
            hash: transaction.hash,
            block_number: Number(block.number),
            block_hash: block.hash,
            position,
            nonce: Number(transaction.nonce ?? 0),
            timestamp: wireTime(Number(block.timestamp)),
            from: { hash: transaction.from },
            to: transaction.to ? { hash: transaction.to } : null,
            raw_input: transaction.input,
            value: BigInt(String(transaction.value ?? "0x0")).toString(),
            transaction_types: transaction.to === null ? ["contract_creation"] : ["contract_call"],
            created_contract: created.get(transaction.hash) ? { hash: created.get(transaction.hash) } : null,
          }),
        ),
      ),
    blockWithdrawals: (reference) =>
      lookUp(reference, (block) =>
        (block.withdrawals ?? []).map(
          (w): ServedWithdrawal => ({
            index: Number(w.index),
            validator_index: Number(w.validatorIndex),
            receiver: { hash: w.address },
            amount: (BigInt(w.amount) * 1_000_000_000n).toString(),
          }),
        ),
      ),
    smartContract: (address) => contracts.get(address),
  };
  // Asked once, when a contract is first asked about: a failed read is asked again next time.
  let chainId: Promise<number> | undefined;
  const handler = createRestHandler(data, release);
  return async (path, query) => {
    const block = blockPath.exec(path)?.[1];
    if (block !== undefined && /^(\d+|0x[0-9a-fA-F]{64})$/.test(block)) {
      const read = await fetchBlock(chain, block);
      blocks.set(block.toLowerCase(), read);
      for (const { hash, to } of read?.transactions ?? [])
        if (to === null && !created.has(hash)) created.set(hash, await chain.createdContract(hash));
    }
    const transaction = query.transaction_hash?.toLowerCase();
    if (path === "/internal-transactions" && isTransactionHash(transaction)) await trace(transaction);
    // The chain's list, and an address's, need every transaction traced.
    if ((path === "/internal-transactions" && transaction === undefined) || addressInternalPath.test(path))
      await catchUpHistory();
    const address = smartContractPath.exec(path)?.[1]?.toLowerCase();
    if (address) {
      chainId ??= chain.chainId().catch((error: unknown) => {
        chainId = undefined;
        throw error;
      });
      const reads = { chainId: await chainId, getCode: (at: string) => chain.getCode(at) };
      const facts = (await backend.isContract(address))
        ? await smartContractFacts(backend, reads, address)
        : undefined;
      contracts.set(address, facts && smartContractAnswer(facts));
    }
    return handler(path, query);
  };
}

function newestFirst(a: ServedInternalTransaction, b: ServedInternalTransaction): number {
  return b.block_number - a.block_number || b.transaction_index - a.transaction_index || b.index - a.index;
}

async function fetchBlock(chain: JsonRpcChain, block: string): Promise<ChainBlock | null> {
  if (/^\d+$/.test(block)) return chain.getBlock(Number(block));
  // By hash: the local chains this serves are short, so a walk back from the head is enough.
  const latest = await chain.blockNumber();
  for (let number = latest; number >= Math.max(0, latest - 2_000); number--) {
    const found = await chain.getBlock(number);
    if (found?.hash.toLowerCase() === block.toLowerCase()) return found;
  }
  return null;
}

/**
 * A transaction's internal transactions as Blockscout lists them, read from the chain's call trace: one item per
 * frame in execution order (index 0 the transaction's own call or creation), `created_contract` on CREATE and
 * CREATE2 frames, `success: false` with the error on failed ones.
 *
 * @param chain - the chain
 * @param hash - the transaction
 * @returns the items; none for a transaction not mined yet or a chain without `debug_traceTransaction`
 */
async function tracedInternalTransactions(
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
