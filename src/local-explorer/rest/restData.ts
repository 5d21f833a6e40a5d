// What the REST handler needs from whoever holds the facts: full, ordered item lists per endpoint, in Blockscout's
// wire shape. The handler owns validation, filtering, paging and the error answers.

/** A JSON object as the explorer serves it. */
export type WireObject = { [key: string]: unknown };

/** A token summary; the handler reads its type (filters), address and price (cursors). */
export interface ServedToken extends WireObject {
  address_hash: string;
  type: string;
  decimals?: string | null;
  exchange_rate?: string | null;
}

/** An item of `/addresses/{h}/tokens`. */
export interface ServedTokenBalance extends WireObject {
  token: ServedToken;
  value: string;
}

/** An item of `/addresses/{h}/nft/collections`. */
export interface ServedNftCollection extends WireObject {
  token: ServedToken;
}

/** An item of `/blocks/{n|hash}/transactions`. */
export interface ServedTransaction extends WireObject {
  block_number: number;
  /** The transaction's index in its block. */
  position: number;
  transaction_types?: string[] | null;
}

/** An item of `/blocks/{n|hash}/withdrawals`. */
export interface ServedWithdrawal extends WireObject {
  index: number;
}

/** An item of `/internal-transactions`. */
export interface ServedInternalTransaction extends WireObject {
  block_number: number;
  transaction_index: number;
  index: number;
  transaction_hash: string;
}

/** An item of `/tokens/{h}/instances/{id}/holders`, with the holder under Blockscout's name `address`. */
export interface ServedTokenInstanceHolder extends WireObject {
  address: WireObject & { hash: string };
  value: string;
}

/** A block as the path named it: a number, or a lower-case hash. */
export type BlockReference = { kind: "number"; number: number } | { kind: "hash"; hash: string };

/**
 * What is known of a block: its items, or, for a number whose block was reorged away, the hash of that
 * non-consensus block; undefined for a block the explorer does not know.
 */
export type BlockLookup<T> = { items: T[] } | { lostConsensusHash: string } | undefined;

/** The facts the REST endpoints serve. Addresses are passed in lower case; lists are in the explorer's order. */
export interface RestData {
  /** Every token balance of an address; undefined for an address the explorer never saw. */
  addressTokens(address: string): ServedTokenBalance[] | undefined;
  /** Every NFT collection an address holds; undefined for an address the explorer never saw. */
  addressNftCollections(address: string): ServedNftCollection[] | undefined;
  blockTransactions(block: BlockReference): BlockLookup<ServedTransaction>;
  blockWithdrawals(block: BlockReference): BlockLookup<ServedWithdrawal>;
  /** Every internal transaction of the chain. */
  internalTransactions(): ServedInternalTransaction[];
  /**
   * Internal transactions newest first, of which the handler lists those the address sent, received or was created
   * by. Leave the function out to play an explorer without `/addresses/{h}/internal-transactions`.
   */
  addressInternalTransactions?: ((address: string) => ServedInternalTransaction[]) | undefined;
  /** The token's type and the holders of one instance; undefined for an unknown token. */
  tokenInstanceHolders(
    token: string,
    id: string,
  ): { tokenType: string; holders: ServedTokenInstanceHolder[] } | undefined;
  /**
   * The body of `GET /smart-contracts/{address}`, undefined when the address is not a contract. Leave the
   * function out to play an explorer without that endpoint.
   */
  smartContract?: ((address: string) => WireObject | undefined) | undefined;
}
