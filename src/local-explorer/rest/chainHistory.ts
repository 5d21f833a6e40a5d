import type { JsonRpcChain } from "../../chain/jsonRpcChain.js";
import type { ServedInternalTransaction } from "./restData.js";
import { tracedInternalTransactions } from "./tracedInternalTransactions.js";

/**
 * Every internal transaction of the chain, read from the call trace of each transaction of each block, for the
 * lists of an address (`/addresses/{h}/internal-transactions`). Blocks are read once, as they are mined; at most the
 * newest `maxBlocksPerScan` of a catch-up, as the creation index does.
 */
export class ChainHistory {
  readonly #chain: JsonRpcChain;
  /** Per transaction, shared with `/internal-transactions` (a mined transaction's trace never changes). */
  readonly #traced: Map<string, ServedInternalTransaction[]>;
  readonly #maxBlocksPerScan: number;
  #nextBlock = 0;
  #lastScan: Promise<void> = Promise.resolve();

  /**
   * @param chain - the chain
   * @param traced - the items of each transaction traced so far, by lower-case hash
   * @param maxBlocksPerScan - blocks read in one catch-up at most (the newest ones)
   */
  constructor(
    chain: JsonRpcChain,
    traced: Map<string, ServedInternalTransaction[]>,
    maxBlocksPerScan = 2_000,
  ) {
    this.#chain = chain;
    this.#traced = traced;
    this.#maxBlocksPerScan = maxBlocksPerScan;
  }

  /** @returns once the blocks mined since the last catch-up are read */
  catchUp(): Promise<void> {
    // One scan at a time: two interleaved scans would each move the cursor past blocks the other is reading.
    const scan = this.#lastScan.catch(() => {}).then(() => this.#scan());
    this.#lastScan = scan;
    return scan;
  }

  async #scan(): Promise<void> {
    const latest = await this.#chain.blockNumber();
    this.#nextBlock = Math.max(this.#nextBlock, latest + 1 - this.#maxBlocksPerScan);
    for (; this.#nextBlock <= latest; this.#nextBlock++) {
      const block = await this.#chain.getBlock(this.#nextBlock);
      for (const transaction of block?.transactions ?? []) {
        const hash = transaction.hash.toLowerCase();
        if (!this.#traced.get(hash)?.length)
          this.#traced.set(hash, await tracedInternalTransactions(this.#chain, hash));
      }
    }
  }

  /**
   * @param address - lower case
   * @returns the items it sent, received or was created by, newest first (Blockscout's order)
   */
  involving(address: string): ServedInternalTransaction[] {
    const involved = (param: unknown) =>
      (param as { hash?: string } | null | undefined)?.hash?.toLowerCase() === address;
    return [...this.#traced.values()]
      .flat()
      .filter((item) => involved(item.from) || involved(item.to) || involved(item.created_contract))
      .sort(
        (a, b) =>
          b.block_number - a.block_number || b.transaction_index - a.transaction_index || b.index - a.index,
      );
  }
}
