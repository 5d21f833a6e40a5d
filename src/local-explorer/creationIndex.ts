import type { InternalCreation, JsonRpcChain } from "../chain/jsonRpcChain.js";
import { ChainError } from "../errors/recompileErrors.js";
import type { CreationRecord } from "./backend.js";

/** Contract creations found by scanning blocks: who created each contract, in which transaction, with which input. */
export class CreationIndex {
  readonly #chain: JsonRpcChain;
  readonly #creations = new Map<string, CreationRecord & { input: string }>();
  #nextBlock: number;
  readonly #maxBlocksPerScan: number;
  #lastScan: Promise<void> = Promise.resolve();
  /** Cleared when the node refuses to trace: contracts made by factories are then not indexed. */
  #canTrace = true;

  /**
   * @param chain - the chain
   * @param fromBlock - the first block to scan
   * @param maxBlocksPerScan - blocks read in one catch-up at most (the newest ones)
   */
  constructor(chain: JsonRpcChain, fromBlock = 0, maxBlocksPerScan = 2_000) {
    this.#chain = chain;
    this.#nextBlock = fromBlock;
    this.#maxBlocksPerScan = maxBlocksPerScan;
  }

  /** Reads the blocks mined since the last scan. */
  catchUp(): Promise<void> {
    // One scan at a time: two interleaved scans would each move the cursor past blocks the other is reading.
    const scan = this.#lastScan.catch(() => {}).then(() => this.#scanNewBlocks());
    this.#lastScan = scan;
    return scan;
  }

  async #scanNewBlocks(): Promise<void> {
    const latest = await this.#chain.blockNumber();
    this.#nextBlock = Math.max(this.#nextBlock, latest + 1 - this.#maxBlocksPerScan);
    for (; this.#nextBlock <= latest; this.#nextBlock++) {
      const block = await this.#chain.getBlock(this.#nextBlock);
      if (!block) continue;
      for (const transaction of block.transactions) {
        const record = {
          contractCreator: transaction.from.toLowerCase(),
          txHash: transaction.hash,
          blockNumber: Number(block.number),
          timestamp: Number(block.timestamp),
        };
        if (transaction.to === null) {
          const address = await this.#chain.createdContract(transaction.hash);
          if (address) {
            this.#creations.set(address.toLowerCase(), {
              ...record,
              contractAddress: address.toLowerCase(),
              contractFactory: "",
              creationBytecode: transaction.input,
              input: transaction.input,
            });
          }
        }
        // A factory's children (and a constructor's, e.g. a ProxyAdmin) have their creation input in the trace:
        // without it, constructor arguments could not be checked.
        for (const created of await this.#internalCreations(transaction.hash)) {
          this.#creations.set(created.address, {
            ...record,
            contractAddress: created.address,
            contractFactory: created.factory,
            creationBytecode: created.input,
            input: created.input,
          });
        }
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
