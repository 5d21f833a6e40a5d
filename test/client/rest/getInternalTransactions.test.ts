import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getInternalTransactions,
  type InternalTransaction,
  iterateInternalTransactions,
  type RestPage,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError } from "../../support/internals.js";
import { internalTransaction, restExplorersForEachTest, testHash } from "../../support/restData.js";

const { start } = restExplorersForEachTest();

describe("GET /internal-transactions", () => {
  it("parses every field type of an internal call and an internal creation", async () => {
    const rest = await start();
    rest.data.setInternalTransactions([
      internalTransaction(100, 3, 1),
      { ...internalTransaction(100, 3, 2, "create"), success: false, error: "execution reverted" },
    ]);

    const page = await getInternalTransactions(rest.transport);

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", "/api/v2/internal-transactions", {}],
    ]);
    expect(page.nextPageParams).toBeNull();
    const [call, creation] = page.items;
    expect(call).toMatchObject({
      block_number: 100,
      transaction_hash: testHash(100_003),
      transaction_index: 3,
      index: 1,
      timestamp: "2024-05-01T12:00:00.000000Z",
      type: "call",
      success: true,
      error: null,
      gas_limit: "250000",
      value: "0",
      created_contract: null,
      block_index: 1,
    });
    expect(call?.from?.hash).toBe(testAddress(0xfac7));
    expect(call?.to?.hash).toBe(testAddress(0x7001));
    expect(creation).toMatchObject({
      type: "create2",
      success: false,
      error: "execution reverted",
      to: null,
    });
    expect(creation?.created_contract?.hash).toBe(testAddress(0xc0de02));
  });

  it("filters by transaction hash on every page; Blockscout echoes that filter in the cursor", async () => {
    const rest = await start();
    const factoryCall = testHash(500_001);
    rest.data.setInternalTransactions([
      ...Array.from({ length: 60 }, (_, i) => internalTransaction(500, 1, i, "create")),
      ...Array.from({ length: 5 }, (_, i) => internalTransaction(499, 0, i)),
    ]);

    const pages: RestPage<InternalTransaction>[] = [];
    for await (const page of iterateInternalTransactions(rest.transport, { transactionHash: factoryCall })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 10]);
    expect(pages.flatMap((page) => page.items).every((item) => item.transaction_hash === factoryCall)).toBe(
      true,
    );
    expect(pages[0]?.nextPageParams).toEqual({
      transaction_hash: factoryCall,
      block_number: 500,
      transaction_index: 1,
      index: 49,
      items_count: 50,
    });
    expect(rest.explorer.requests.map((r) => r.query)).toEqual([
      { transaction_hash: factoryCall },
      {
        transaction_hash: factoryCall,
        block_number: "500",
        transaction_index: "1",
        index: "49",
        items_count: "50",
      },
    ]);
  });

  it("serves `limit` as Blockscout does: that many items and never a next page", async () => {
    const rest = await start();
    rest.data.setInternalTransactions(Array.from({ length: 60 }, (_, i) => internalTransaction(700, 0, i)));
    const response = await callRest(rest.transport, {
      endpoint: "/internal-transactions",
      path: "/internal-transactions",
      query: { limit: "3" },
    });
    expect(response.json).toEqual({
      items: [0, 1, 2].map((index) => internalTransaction(700, 0, index)),
      next_page_params: null,
    });
  });

  it("rejects a malformed transaction hash before sending anything", async () => {
    const rest = await start();
    await expect(getInternalTransactions(rest.transport, { transactionHash: "0xabc" })).rejects.toThrow(
      new InvalidInputError(
        "transactionHash",
        'Invalid transactionHash "0xabc": expected 0x followed by 64 hexadecimal characters.',
      ),
    );
    expect(() => iterateInternalTransactions(rest.transport, { transactionHash: testAddress(1) })).toThrow(
      InvalidInputError,
    );
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's 422 answer for a bad transaction_hash into InvalidParametersError", async () => {
    const rest = await start();
    await expect(
      callRest(rest.transport, {
        endpoint: "/internal-transactions",
        path: "/internal-transactions",
        query: { transaction_hash: "0xabc" },
      }),
    ).rejects.toMatchObject({
      code: "invalid_parameters",
      problems: [
        {
          title: "Invalid value",
          detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/",
          pointer: "/transaction_hash",
        },
      ],
    });
  });
});
