import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getBlockTransactions,
  iterateBlockTransactions,
  type RestPage,
  type Transaction,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError, NotFoundError } from "../../support/internals.js";
import { restExplorersForEachTest, testHash, transaction } from "../../support/restData.js";

const { start } = restExplorersForEachTest();

const blockNumber = 19_000_000;
const blockHash = testHash(0xb10c);

describe("GET /blocks/{block_number_or_hash}/transactions", () => {
  it("parses every field type of a transaction and its token transfers, by number and by hash alike", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      hash: blockHash,
      transactions: [transaction(blockNumber, 0), transaction(blockNumber, 1, "contract-creation")],
    });

    const byNumber = await getBlockTransactions(rest.transport, { blockNumberOrHash: blockNumber });
    const byHash = await getBlockTransactions(rest.transport, { blockNumberOrHash: blockHash });

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", `/api/v2/blocks/${blockNumber}/transactions`, {}],
      ["GET", `/api/v2/blocks/${blockHash}/transactions`, {}],
    ]);
    expect(byHash).toEqual(byNumber);
    expect(byNumber.nextPageParams).toBeNull();
    const [call, creation] = byNumber.items;
    expect(call).toMatchObject({
      hash: testHash(blockNumber * 1_000),
      timestamp: "2024-05-01T12:00:00.000000Z",
      block_number: blockNumber,
      position: 0,
      nonce: 7,
      type: 2,
      status: "ok",
      method: "transfer",
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
      raw_input: "0xa9059cbb",
      decoded_input: {
        method_call: "transfer(address to, uint256 amount)",
        method_id: "a9059cbb",
        parameters: [
          { name: "to", type: "address", value: testAddress(0x12) },
          { name: "amount", type: "uint256", value: "2500000000000000000" },
        ],
      },
      token_transfers_overflow: false,
      transaction_types: ["token_transfer", "contract_call"],
      has_error_in_internal_transactions: false,
      actions: [],
      transaction_tag: null,
      l1_fee: null,
    });
    expect(call?.from.hash).toBe(testAddress(0x11));
    expect(call?.to).toMatchObject({
      hash: testAddress(0x7001),
      name: "VaultProxy",
      implementation_name: "VaultImplementation",
      ens_domain_name: "vault.eth",
      is_contract: true,
      is_verified: true,
      metadata: { slug: "vault", tagType: "name", ordinal: 1, tags: [{ slug: "defi" }] },
      private_tags: [{ address_hash: testAddress(0x7001), display_name: "my vault", label: "vault" }],
      watchlist_names: [{ display_name: "watched vault", label: "watch" }],
      public_tags: [{ address_hash: testAddress(0x7001), display_name: "Vault", label: "vault" }],
    });
    expect(call?.created_contract).toBeNull();
    expect(call?.token_transfers).toEqual([
      expect.objectContaining({
        block_hash: testHash(blockNumber),
        transaction_hash: call?.hash,
        log_index: 3,
        timestamp: "2024-05-01T12:00:00.000000Z",
        method: "transfer",
        type: "token_transfer",
        total: { decimals: "18", value: "2500000000000000000" },
      }),
    ]);
    expect(call?.token_transfers?.[0]?.token?.address_hash).toBe(testAddress(0x7001));
    expect(call?.token_transfers?.[0]?.to?.hash).toBe(testAddress(0x12));
    expect(creation?.to).toBeNull();
    expect(creation?.decoded_input).toBeNull();
    expect(creation?.created_contract?.hash).toBe(testAddress(0xc0de));
    expect(creation?.transaction_types).toEqual(["contract_creation"]);
  });

  it("serves Blockscout's `type` filter of block transactions, and 422 for a value outside its enum", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      transactions: [transaction(blockNumber, 0), transaction(blockNumber, 1, "contract-creation")],
    });
    const endpoint = "/blocks/{block_number_or_hash}/transactions";
    const path = `/blocks/${blockNumber}/transactions`;
    const creations = await callRest(rest.transport, {
      endpoint,
      path,
      query: { type: "contract_creation" },
    });
    expect(creations.json).toEqual({
      items: [transaction(blockNumber, 1, "contract-creation")],
      next_page_params: null,
    });
    await expect(
      callRest(rest.transport, { endpoint, path, query: { type: "deploy" } }),
    ).rejects.toMatchObject({
      problems: [{ title: "Invalid value", detail: "Invalid value for enum", pointer: "/type" }],
    });
  });

  it("throws NotFoundError `Not found` for a block the explorer does not know", async () => {
    const rest = await start();
    const lookup = getBlockTransactions(rest.transport, { blockNumberOrHash: 5 });
    await expect(lookup).rejects.toThrow(NotFoundError);
    await expect(lookup).rejects.toMatchObject({
      shortMessage: "The explorer says: Not found.",
      explorerMessage: "Not found",
      blockHash: undefined,
    });
  });

  it("throws NotFoundError `Block lost consensus` with the hash for a reorged block number", async () => {
    const rest = await start();
    const orphan = testHash(0x0bad);
    rest.data.addBlock({ number: 77, hash: orphan, consensus: false, transactions: [transaction(77, 0)] });
    await expect(getBlockTransactions(rest.transport, { blockNumberOrHash: "77" })).rejects.toMatchObject({
      code: "not_found",
      shortMessage: `The explorer says: Block lost consensus (block ${orphan}).`,
      explorerMessage: "Block lost consensus",
      blockHash: orphan,
    });
  });

  it("walks a block of 120 transactions over three pages with block_number and index cursors", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      transactions: Array.from({ length: 120 }, (_, i) => transaction(blockNumber, i)),
    });

    const pages: RestPage<Transaction>[] = [];
    for await (const page of iterateBlockTransactions(rest.transport, { blockNumberOrHash: blockNumber })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.map((item) => item.position))).toEqual([
      Array.from({ length: 50 }, (_, i) => i),
      Array.from({ length: 50 }, (_, i) => 50 + i),
      Array.from({ length: 20 }, (_, i) => 100 + i),
    ]);
    expect(pages.map((page) => page.nextPageParams)).toEqual([
      { block_number: blockNumber, index: 49, items_count: 50 },
      { block_number: blockNumber, index: 99, items_count: 50 },
      null,
    ]);
    expect(rest.explorer.requests.map((r) => r.query)).toEqual([
      {},
      { block_number: String(blockNumber), index: "49", items_count: "50" },
      { block_number: String(blockNumber), index: "99", items_count: "50" },
    ]);
  });

  it("walks only the transactions of a type, sending the filter again with every page's cursor", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      transactions: Array.from({ length: 130 }, (_, i) =>
        transaction(blockNumber, i, i % 2 === 0 ? "contract-creation" : undefined),
      ),
    });

    const pages: RestPage<Transaction>[] = [];
    for await (const page of iterateBlockTransactions(rest.transport, {
      blockNumberOrHash: blockNumber,
      type: "contract_creation",
    })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 15]);
    expect(pages.flatMap((page) => page.items).every((item) => (item.position ?? 1) % 2 === 0)).toBe(true);
    expect(rest.explorer.requests.map((r) => r.query)).toEqual([
      { type: "contract_creation" },
      { block_number: String(blockNumber), index: "98", items_count: "50", type: "contract_creation" },
    ]);
    await expect(
      getBlockTransactions(rest.transport, {
        blockNumberOrHash: blockNumber,
        type: "deploy" as "contract_creation",
      }),
    ).rejects.toThrow(
      new InvalidInputError(
        "type",
        'Invalid type "deploy": expected one of token_transfer, contract_creation, contract_call, coin_transfer, token_creation, blob_transaction.',
      ),
    );
    expect(rest.explorer.requests).toHaveLength(2);
  });

  it("rejects a malformed block hash or number before sending anything", async () => {
    const rest = await start();
    await expect(getBlockTransactions(rest.transport, { blockNumberOrHash: "0x1234" })).rejects.toThrow(
      new InvalidInputError(
        "blockNumberOrHash",
        'Invalid blockNumberOrHash "0x1234": expected a block number (a nonnegative integer) or a block hash (0x followed by 64 hexadecimal characters).',
      ),
    );
    await expect(getBlockTransactions(rest.transport, { blockNumberOrHash: -1 })).rejects.toMatchObject({
      field: "blockNumberOrHash",
    });
    await expect(getBlockTransactions(rest.transport, { blockNumberOrHash: "012" })).rejects.toThrow(
      InvalidInputError,
    );
    expect(() => iterateBlockTransactions(rest.transport, { blockNumberOrHash: `${blockHash}0` })).toThrow(
      InvalidInputError,
    );
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's three 422 problems for a bad block into InvalidParametersError", async () => {
    const rest = await start();
    const pointer = "/block_hash_or_number_param";
    await expect(
      callRest(rest.transport, {
        endpoint: "/blocks/{block_number_or_hash}/transactions",
        path: "/blocks/0x1234/transactions",
      }),
    ).rejects.toMatchObject({
      code: "invalid_parameters",
      shortMessage:
        'The explorer rejected a parameter: /block_hash_or_number_param: Failed to cast value using any of: Schema(title: "FullHash", type: :string), Schema(type: :integer)',
      problems: [
        {
          title: "Invalid value",
          pointer,
          detail:
            'Failed to cast value using any of: Schema(title: "FullHash", type: :string), Schema(type: :integer)',
        },
        { title: "Invalid value", pointer, detail: "Invalid integer. Got: string" },
        { title: "Invalid value", pointer, detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/" },
      ],
    });
  });
});
