import { afterEach } from "@jest/globals";
import type { Transport } from "../../src/client/transport.js";
import type { TransportOptions } from "../../src/client/transportOptions.js";
import type { RestHandler } from "../../src/local-explorer/httpServer.js";
import type {
  BlockLookup,
  BlockReference,
  RestData,
  ServedInternalTransaction,
  ServedNftCollection,
  ServedToken,
  ServedTokenBalance,
  ServedTokenInstanceHolder,
  ServedTransaction,
  ServedWithdrawal,
  WireObject,
} from "../../src/local-explorer/rest/restData.js";
import { createRestHandler } from "../../src/local-explorer/rest/restHandler.js";
import { testAddress } from "./addresses.js";
import { startTestExplorer, type TestExplorer } from "./testExplorer.js";
import { transportFor } from "./transportFor.js";

/**
 * A distinct 32-byte hash (block or transaction) for tests.
 * @param n - any small number
 * @returns `0x` and 64 hex digits
 */
export function testHash(n: number): string {
  return `0x${n.toString(16).padStart(64, "0")}`;
}

/** A block the in-memory explorer knows; a non-consensus one answers its number with `Block lost consensus`. */
export interface StoredBlock {
  number: number;
  hash: string;
  consensus: boolean;
  transactions: ServedTransaction[];
  withdrawals: ServedWithdrawal[];
}

interface StoredToken {
  type: string;
  holdersById: Map<string, ServedTokenInstanceHolder[]>;
}

/** The facts of a test explorer's REST endpoints, set by each test. */
export class InMemoryRestData implements RestData {
  readonly #tokenBalances = new Map<string, ServedTokenBalance[]>();
  readonly #nftCollections = new Map<string, ServedNftCollection[]>();
  readonly #blocks: StoredBlock[] = [];
  #internalTransactions: ServedInternalTransaction[] = [];
  readonly #tokens = new Map<string, StoredToken>();
  readonly #smartContracts = new Map<string, WireObject>();

  /**
   * Sets an address's token balances, in the explorer's order.
   * @param address - the holder
   * @param items - its balances
   * @returns this
   */
  setAddressTokens(address: string, items: ServedTokenBalance[]): this {
    this.#tokenBalances.set(address.toLowerCase(), items);
    return this;
  }

  /**
   * Sets an address's NFT collections, in the explorer's order.
   * @param address - the owner
   * @param items - its collections
   * @returns this
   */
  setNftCollections(address: string, items: ServedNftCollection[]): this {
    this.#nftCollections.set(address.toLowerCase(), items);
    return this;
  }

  /**
   * Adds a block.
   * @param block - number, hash, whether it is on the canonical chain, and its items
   * @returns this
   */
  addBlock(block: Partial<StoredBlock> & { number: number }): this {
    this.#blocks.push({
      hash: testHash(block.number),
      consensus: true,
      transactions: [],
      withdrawals: [],
      ...block,
    });
    return this;
  }

  /**
   * Sets the chain's internal transactions, in the explorer's order.
   * @param items - all of them
   * @returns this
   */
  setInternalTransactions(items: ServedInternalTransaction[]): this {
    this.#internalTransactions = items;
    return this;
  }

  /**
   * Adds a token with the holders of its instances.
   * @param address - the token contract
   * @param type - e.g. `ERC-721`
   * @param holdersById - instance id → its holders, in the explorer's order
   * @returns this
   */
  addToken(
    address: string,
    type: string,
    holdersById: Record<string, ServedTokenInstanceHolder[]> = {},
  ): this {
    this.#tokens.set(address.toLowerCase(), { type, holdersById: new Map(Object.entries(holdersById)) });
    return this;
  }

  /**
   * Makes an address a contract, with the body `GET /smart-contracts/{address}` answers.
   * @param address - the contract
   * @param body - what the explorer knows about it
   * @returns this
   */
  addSmartContract(address: string, body: WireObject): this {
    this.#smartContracts.set(address.toLowerCase(), body);
    return this;
  }

  addressTokens(address: string): ServedTokenBalance[] | undefined {
    return this.#tokenBalances.get(address);
  }

  addressNftCollections(address: string): ServedNftCollection[] | undefined {
    return this.#nftCollections.get(address);
  }

  blockTransactions(block: BlockReference): BlockLookup<ServedTransaction> {
    return this.#lookUpBlock(block, (found) => found.transactions);
  }

  blockWithdrawals(block: BlockReference): BlockLookup<ServedWithdrawal> {
    return this.#lookUpBlock(block, (found) => found.withdrawals);
  }

  internalTransactions(): ServedInternalTransaction[] {
    return this.#internalTransactions;
  }

  // As Blockscout lists an address's internal transactions: the same items, newest first.
  addressInternalTransactions = (): ServedInternalTransaction[] =>
    [...this.#internalTransactions].sort(
      (a, b) =>
        b.block_number - a.block_number || b.transaction_index - a.transaction_index || b.index - a.index,
    );

  tokenInstanceHolders(
    token: string,
    id: string,
  ): { tokenType: string; holders: ServedTokenInstanceHolder[] } | undefined {
    const found = this.#tokens.get(token);
    return found && { tokenType: found.type, holders: found.holdersById.get(id) ?? [] };
  }

  /** Set to undefined to play an explorer without `GET /smart-contracts/{address}`. */
  smartContract: ((address: string) => WireObject | undefined) | undefined = (address) =>
    this.#smartContracts.get(address);

  #lookUpBlock<T>(block: BlockReference, items: (found: StoredBlock) => T[]): BlockLookup<T> {
    if (block.kind === "hash") {
      const found = this.#blocks.find((candidate) => candidate.hash.toLowerCase() === block.hash);
      return found && { items: items(found) };
    }
    const sameNumber = this.#blocks.filter((candidate) => candidate.number === block.number);
    const canonical = sameNumber.find((candidate) => candidate.consensus);
    if (canonical) return { items: items(canonical) };
    const lost = sameNumber[0];
    return lost && { lostConsensusHash: lost.hash };
  }
}

// Generators of items shaped like Blockscout's, with the extra fields it sends beside the specification's.

/**
 * An address as Blockscout describes it inside items: a plain account, or, with `contract`, a verified contract
 * carrying every optional field.
 * @param n - picks the address
 * @param kind - `account` or `contract`
 * @returns the AddressParam
 */
export function addressParam(
  n: number,
  kind: "account" | "contract" = "account",
): WireObject & { hash: string } {
  if (kind === "account") {
    return {
      hash: testAddress(n),
      implementation_name: null,
      name: null,
      ens_domain_name: null,
      metadata: null,
      is_contract: false,
      is_verified: false,
      private_tags: [],
      watchlist_names: [],
      public_tags: [],
      proxy_type: null,
      implementations: [],
      is_scam: false,
      reputation: "ok",
    };
  }
  return {
    hash: testAddress(n),
    implementation_name: "VaultImplementation",
    name: "VaultProxy",
    ens_domain_name: "vault.eth",
    metadata: {
      slug: "vault",
      name: "Vault",
      tagType: "name",
      ordinal: 1,
      meta: { tooltipUrl: "https://example.org/vault" },
      tags: [{ slug: "defi", name: "DeFi", tagType: "generic", ordinal: 0, meta: {} }],
    },
    is_contract: true,
    is_verified: true,
    private_tags: [{ address_hash: testAddress(n), display_name: "my vault", label: "vault" }],
    watchlist_names: [{ display_name: "watched vault", label: "watch" }],
    public_tags: [{ address_hash: testAddress(n), display_name: "Vault", label: "vault" }],
    proxy_type: "eip1967",
    implementations: [{ address_hash: testAddress(n + 1), name: "VaultImplementation" }],
    is_scam: false,
    reputation: "ok",
  };
}

/**
 * A token summary.
 * @param n - picks the token contract
 * @param type - the token type
 * @param overrides - fields to change
 * @returns the token
 */
export function token(n: number, type = "ERC-20", overrides: Partial<ServedToken> = {}): ServedToken {
  return {
    address_hash: testAddress(n),
    name: `Token ${n}`,
    symbol: `T${n}`,
    decimals: type === "ERC-20" ? "18" : null,
    type,
    holders_count: "1204",
    exchange_rate: null,
    total_supply: "1000000000000000000000000",
    circulating_market_cap: null,
    icon_url: null,
    volume_24h: null,
    reputation: "ok",
    ...overrides,
  };
}

/**
 * One NFT.
 * @param id - the instance id
 * @param owner - its owner's number
 * @param overrides - fields to change
 * @returns the token instance
 */
export function tokenInstance(id: string, owner: number, overrides: WireObject = {}): WireObject {
  return {
    id,
    is_unique: true,
    holder_address_hash: testAddress(owner),
    image_url: `https://nft.example.org/${id}.png`,
    animation_url: null,
    external_app_url: `https://nft.example.org/${id}`,
    metadata: {
      name: `Item #${id}`,
      description: "A test item",
      image_url: `https://nft.example.org/${id}.png`,
      home_url: "https://nft.example.org",
      external_url: `https://nft.example.org/${id}`,
      year: 2024,
      tags: ["test", "item"],
      attributes: [{ trait_type: "colour", value: "blue" }],
    },
    owner: addressParam(owner),
    token: null,
    thumbnails: null,
    media_type: null,
    media_url: null,
    ...overrides,
  };
}

/**
 * A fungible balance of an address.
 * @param tokenNumber - picks the token
 * @param value - the balance in the smallest unit
 * @param overrides - token fields to change
 * @returns the balance item
 */
export function fungibleBalance(
  tokenNumber: number,
  value: string,
  overrides: Partial<ServedToken> = {},
): ServedTokenBalance {
  return { token: token(tokenNumber, "ERC-20", overrides), value, token_id: null, token_instance: null };
}

/**
 * An NFT balance of an address.
 * @param tokenNumber - picks the token
 * @param id - the instance id
 * @param owner - the owner's number
 * @returns the balance item
 */
export function nftBalance(tokenNumber: number, id: string, owner: number): ServedTokenBalance {
  return {
    token: token(tokenNumber, "ERC-721"),
    value: "1",
    token_id: id,
    token_instance: tokenInstance(id, owner),
  };
}

/**
 * The NFTs an address owns in one collection.
 * @param tokenNumber - picks the token
 * @param type - ERC-721, ERC-1155 or ERC-404
 * @param ids - the instances owned
 * @param owner - the owner's number
 * @returns the collection item
 */
export function nftCollection(
  tokenNumber: number,
  type: string,
  ids: string[],
  owner: number,
): ServedNftCollection {
  return {
    token: token(tokenNumber, type),
    amount: String(ids.length),
    token_instances: ids.map((id) => tokenInstance(id, owner, { token_type: type, value: "1" })),
  };
}

/**
 * A token transfer inside a transaction.
 * @param blockNumber - the block
 * @param transactionHash - the transaction
 * @param logIndex - the log's index
 * @returns the transfer
 */
export function tokenTransfer(blockNumber: number, transactionHash: string, logIndex: number): WireObject {
  return {
    block_hash: testHash(blockNumber),
    block_number: blockNumber,
    transaction_hash: transactionHash,
    log_index: logIndex,
    timestamp: "2024-05-01T12:00:00.000000Z",
    method: "transfer",
    type: "token_transfer",
    from: addressParam(0x11),
    to: addressParam(0x12),
    token: token(0x7001),
    total: { decimals: "18", value: "2500000000000000000" },
  };
}

/**
 * A transaction of a block: with `contract-creation`, one that deploys a contract.
 * @param blockNumber - the block
 * @param position - its index in the block
 * @param kind - a plain call or a contract creation
 * @returns the transaction
 */
export function transaction(
  blockNumber: number,
  position: number,
  kind: "call" | "contract-creation" = "call",
): ServedTransaction {
  const hash = testHash(blockNumber * 1_000 + position);
  const creation = kind === "contract-creation";
  return {
    hash,
    timestamp: "2024-05-01T12:00:00.000000Z",
    block_number: blockNumber,
    block_hash: testHash(blockNumber),
    position,
    nonce: position + 7,
    type: 2,
    status: "ok",
    method: creation ? null : "transfer",
    confirmations: 12,
    confirmation_duration: [0, 12_000],
    exchange_rate: "3012.55",
    fee: { type: "actual", value: "420000000000000" },
    gas_limit: "100000",
    gas_used: "21000",
    gas_price: "20000000000",
    base_fee_per_gas: "18000000000",
    max_fee_per_gas: "30000000000",
    max_priority_fee_per_gas: "2000000000",
    priority_fee: "42000000000000",
    transaction_burnt_fee: "378000000000000",
    value: "1000000000000000000",
    result: "success",
    revert_reason: null,
    raw_input: creation ? "0x6080604052" : "0xa9059cbb",
    decoded_input: creation
      ? null
      : {
          method_call: "transfer(address to, uint256 amount)",
          method_id: "a9059cbb",
          parameters: [
            { name: "to", type: "address", value: testAddress(0x12) },
            { name: "amount", type: "uint256", value: "2500000000000000000" },
          ],
        },
    from: addressParam(0x11),
    to: creation ? null : addressParam(0x7001, "contract"),
    created_contract: creation ? addressParam(0xc0de, "contract") : null,
    token_transfers: creation ? [] : [tokenTransfer(blockNumber, hash, 3)],
    token_transfers_overflow: false,
    transaction_types: creation ? ["contract_creation"] : ["token_transfer", "contract_call"],
    has_error_in_internal_transactions: false,
    actions: [],
    transaction_tag: null,
    l1_fee: null,
  };
}

/**
 * A withdrawal as Blockscout serves it for a block: without `block_number` and `timestamp`.
 * @param index - the withdrawal index
 * @returns the withdrawal
 */
export function withdrawal(index: number): ServedWithdrawal {
  return {
    index,
    validator_index: 400_000 + index,
    receiver: addressParam(0x5000 + index),
    amount: "18500000000",
  };
}

/**
 * An internal transaction; `create` ones carry the created contract.
 * @param blockNumber - the block
 * @param transactionIndex - the parent transaction's index in the block
 * @param index - the internal transaction's index in its parent
 * @param kind - `call` or `create`
 * @returns the internal transaction
 */
export function internalTransaction(
  blockNumber: number,
  transactionIndex: number,
  index: number,
  kind: "call" | "create" = "call",
): ServedInternalTransaction {
  const create = kind === "create";
  return {
    block_number: blockNumber,
    block_index: index,
    transaction_hash: testHash(blockNumber * 1_000 + transactionIndex),
    transaction_index: transactionIndex,
    index,
    timestamp: "2024-05-01T12:00:00.000000Z",
    type: create ? "create2" : "call",
    success: true,
    error: null,
    gas_limit: "250000",
    value: "0",
    from: addressParam(0xfac7, "contract"),
    to: create ? null : addressParam(0x7001, "contract"),
    created_contract: create ? addressParam(0xc0de00 + index, "contract") : null,
  };
}

/**
 * A holder of a token instance, shaped as Blockscout sends it (`address`, not `address_hash`).
 * @param holder - the holder's number
 * @param value - how many it holds
 * @param id - the instance id
 * @returns the holder item
 */
export function instanceHolder(holder: number, value: string, id: string): ServedTokenInstanceHolder {
  return { address: addressParam(holder), value, token_id: id };
}

/** A test explorer serving {@link InMemoryRestData}, with a fast transport to it. */
export interface RestTestExplorer {
  explorer: TestExplorer;
  data: InMemoryRestData;
  transport: Transport;
}

/**
 * Starts a test explorer whose REST endpoints serve the given data, and a transport that retries quickly and
 * does not space requests.
 * @param options - the data (a fresh one by default) and transport options to change
 * @returns the explorer, its data and the transport
 */
export async function startRestExplorer(
  options: { data?: InMemoryRestData; transport?: Partial<TransportOptions> } = {},
): Promise<RestTestExplorer> {
  const data = options.data ?? new InMemoryRestData();
  const explorer = await startTestExplorer({ rest: createRestHandler(data) });
  return { explorer, data, transport: transportFor(explorer, options.transport) };
}

/**
 * Starters for the explorers of one test file; every explorer started is closed after each test.
 * Call it once at the top of the file.
 * @returns `start` (in-memory REST data) and `startWithHandler` (a handler the test writes)
 */
export function restExplorersForEachTest(): {
  start(options?: {
    data?: InMemoryRestData;
    transport?: Partial<TransportOptions>;
  }): Promise<RestTestExplorer>;
  startWithHandler(rest?: RestHandler): Promise<TestExplorer>;
} {
  const running: TestExplorer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((explorer) => explorer.close()));
  });
  return {
    async start(options = {}) {
      const started = await startRestExplorer(options);
      running.push(started.explorer);
      return started;
    },
    async startWithHandler(rest) {
      const explorer = await startTestExplorer(rest ? { rest } : {});
      running.push(explorer);
      return explorer;
    },
  };
}
