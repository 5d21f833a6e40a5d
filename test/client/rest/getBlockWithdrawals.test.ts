import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getBlockWithdrawals,
  iterateBlockWithdrawals,
  type RestPage,
  type Withdrawal,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError, NotFoundError } from "../../support/internals.js";
import { restExplorersForEachTest, testHash, withdrawal } from "../../support/restData.js";

const { start } = restExplorersForEachTest();

const blockNumber = 19_000_000;
const blockHash = testHash(0xb10c);

describe("GET /blocks/{block_number_or_hash}/withdrawals", () => {
  it("parses withdrawals without block_number and timestamp, as Blockscout sends them, and with them", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      hash: blockHash,
      withdrawals: [
        withdrawal(0),
        { ...withdrawal(1), block_number: blockNumber, timestamp: "2024-05-01T12:00:00.000000Z" },
      ],
    });

    const page = await getBlockWithdrawals(rest.transport, { blockNumberOrHash: blockHash });

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", `/api/v2/blocks/${blockHash}/withdrawals`, {}],
    ]);
    expect(page).toEqual({
      items: [
        {
          index: 0,
          validator_index: 400_000,
          receiver: expect.objectContaining({ hash: testAddress(0x5000) }),
          amount: "18500000000",
        },
        {
          index: 1,
          validator_index: 400_001,
          receiver: expect.objectContaining({ hash: testAddress(0x5001), is_contract: false }),
          amount: "18500000000",
          block_number: blockNumber,
          timestamp: "2024-05-01T12:00:00.000000Z",
        },
      ],
      nextPageParams: null,
    });
    expect(page.items[0]?.block_number).toBeUndefined();
    expect(page.items[0]?.timestamp).toBeUndefined();
  });

  it("throws NotFoundError for an unknown block and for a block number that lost consensus", async () => {
    const rest = await start();
    const orphan = testHash(0x0bad);
    rest.data.addBlock({ number: 12, hash: orphan, consensus: false });
    await expect(getBlockWithdrawals(rest.transport, { blockNumberOrHash: 13n })).rejects.toMatchObject({
      code: "not_found",
      shortMessage: "The explorer says: Not found.",
    });
    const lost = getBlockWithdrawals(rest.transport, { blockNumberOrHash: 12 });
    await expect(lost).rejects.toThrow(NotFoundError);
    await expect(lost).rejects.toMatchObject({ explorerMessage: "Block lost consensus", blockHash: orphan });
  });

  it("walks 120 withdrawals over three pages with the index cursor", async () => {
    const rest = await start();
    rest.data.addBlock({
      number: blockNumber,
      withdrawals: Array.from({ length: 120 }, (_, i) => withdrawal(1_000 - i)),
    });

    const pages: RestPage<Withdrawal>[] = [];
    for await (const page of iterateBlockWithdrawals(rest.transport, {
      blockNumberOrHash: String(blockNumber),
    })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => page.nextPageParams)).toEqual([
      { index: 951, items_count: 50 },
      { index: 901, items_count: 50 },
      null,
    ]);
    expect(rest.explorer.requests.map((r) => r.query)).toEqual([
      {},
      { index: "951", items_count: "50" },
      { index: "901", items_count: "50" },
    ]);
  });

  it("rejects a malformed block hash before sending anything", async () => {
    const rest = await start();
    await expect(getBlockWithdrawals(rest.transport, { blockNumberOrHash: "0xnothex" })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(getBlockWithdrawals(rest.transport, { blockNumberOrHash: 1.5 })).rejects.toMatchObject({
      shortMessage:
        "Invalid blockNumberOrHash 1.5: expected a block number (a nonnegative integer) or a block hash (0x followed by 64 hexadecimal characters).",
    });
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's 422 answer for a bad block into InvalidParametersError", async () => {
    const rest = await start();
    const rejected = callRest(rest.transport, {
      endpoint: "/blocks/{block_number_or_hash}/withdrawals",
      path: "/blocks/latest/withdrawals",
    });
    await expect(rejected).rejects.toMatchObject({ code: "invalid_parameters" });
    await expect(rejected).rejects.toHaveProperty(
      "problems",
      [
        'Failed to cast value using any of: Schema(title: "FullHash", type: :string), Schema(type: :integer)',
        "Invalid integer. Got: string",
        "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/",
      ].map((detail) => ({ title: "Invalid value", detail, pointer: "/block_hash_or_number_param" })),
    );
  });
});
