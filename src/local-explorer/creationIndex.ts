import type { ChainBlock, InternalCreation, JsonRpcChain } from "../chain/jsonRpcChain.js";
import { ChainError } from "../errors/recompileErrors.js";
import type { CreationRecord } from "./backend.js";

/**
 * Reads each block once, as it is mined: a catch-up reads the blocks since the last one (at most the newest
 * `maxBlocksPerScan`) and resolves once they are read.
 */
export function blockScanner(
  chain: JsonRpcChain,
  read: (block: ChainBlock) => Promise<void>,
  fromBlock = 0,
  maxBlocksPerScan = 2_000,
): () => Promise<void> {
  let nextBlock = fromBlock;
  let lastScan: Promise<void> = Promise.resolve();
  const scan = async () => {
    const latest = await chain.blockNumber();
    nextBlock = Math.max(nextBlock, latest + 1 - maxBlocksPerScan);
    for (; nextBlock <= latest; nextBlock++) {
      const block = await chain.getBlock(nextBlock);
      if (block) await read(block);
    }
  };
  return () => {
    // One scan at a time: two interleaved scans would each move the cursor past blocks the other is reading.
    lastScan = lastScan.catch(() => {}).then(scan);
    return lastScan;
  };
}

/** Contract creations found by scanning blocks: who created each contract, in which transaction, with which input. */
export class CreationIndex {
  readonly #chain: JsonRpcChain;
  readonly #creations = new Map<string, CreationRecord & { input: string }>();
  /** Cleared when the node refuses to trace: contracts made by factories are then not indexed. */
  #canTrace = true;
  /** Reads the blocks mined since the last scan. */
  readonly catchUp: () => Promise<void>;

  /** Scans `chain` from `fromBlock` on. */
  constructor(chain: JsonRpcChain, fromBlock = 0) {
    this.#chain = chain;
    this.catchUp = blockScanner(chain, (block) => this.#index(block), fromBlock);
  }

  async #index(block: ChainBlock): Promise<void> {
    for (const transaction of block.transactions) {
      const record = {
        contractCreator: transaction.from.toLowerCase(),
        txHash: transaction.hash,
        blockNumber: Number(block.number),
        timestamp: Number(block.timestamp),
      };
      const direct =
        transaction.to === null ? await this.#chain.createdContract(transaction.hash) : undefined;
      // A factory's children (and a constructor's, e.g. a ProxyAdmin) have their creation input in the trace:
      // without it, constructor arguments could not be checked.
      const created = [
        ...(direct ? [{ address: direct.toLowerCase(), factory: "", input: transaction.input }] : []),
        ...(await this.#internalCreations(transaction.hash)),
      ];
      for (const { address, factory, input } of created) {
        this.#creations.set(address, {
          ...record,
          contractAddress: address,
          contractFactory: factory,
          creationBytecode: input,
          input,
        });
      }
    }
  }

  async #internalCreations(hash: string): Promise<InternalCreation[]> {
    if (!this.#canTrace) return [];
    try {
      return await this.#chain.internalCreations(hash);
    } catch (error) {
      // A node out of reach is retryable: the scan stops here and the next catch-up reads this block again.
      if (!(error instanceof ChainError) || error.unreachable) throw error;
      this.#canTrace = false;
      return [];
    }
  }

  /** @param address - a contract @returns its creation, when a scanned block holds it */
  async creationOf(address: string): Promise<(CreationRecord & { input: string }) | undefined> {
    await this.catchUp();
    return this.#creations.get(address.toLowerCase());
  }

  /** @returns every creation found, oldest first */
  async all(): Promise<Array<CreationRecord & { input: string }>> {
    await this.catchUp();
    return [...this.#creations.values()];
  }
}
