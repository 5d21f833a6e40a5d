import { describe, expect, it } from "@jest/globals";
import {
  getAddressNftCollections,
  getAddressTokens,
  getBlockTransactions,
  getBlockWithdrawals,
  getInternalTransactions,
  getTokenInstanceHolders,
  withdrawalSchema,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import {
  HttpError,
  RateLimitedError,
  type Transport,
  type TransportEvent,
  UnknownActionError,
} from "../../support/internals.js";
import {
  fungibleBalance,
  InMemoryRestData,
  instanceHolder,
  internalTransaction,
  nftCollection,
  restExplorersForEachTest,
  transaction,
  withdrawal,
} from "../../support/restData.js";
import { transportFor } from "../../support/transportFor.js";

const { start, startWithHandler } = restExplorersForEachTest();

const holder = testAddress(0xbeef);
const collection = testAddress(0x7201);

/** Each endpoint with parameters the in-memory data below answers with one item. */
const endpoints: Array<{
  name: string;
  path: string;
  fetch: (transport: Transport) => Promise<{ items: unknown[] }>;
}> = [
  {
    name: "tokens",
    path: `/addresses/${holder}/tokens`,
    fetch: (transport) => getAddressTokens(transport, { address: holder }),
  },
  {
    name: "nft collections",
    path: `/addresses/${holder}/nft/collections`,
    fetch: (transport) => getAddressNftCollections(transport, { address: holder }),
  },
  {
    name: "block transactions",
    path: "/blocks/42/transactions",
    fetch: (transport) => getBlockTransactions(transport, { blockNumberOrHash: 42 }),
  },
  {
    name: "block withdrawals",
    path: "/blocks/42/withdrawals",
    fetch: (transport) => getBlockWithdrawals(transport, { blockNumberOrHash: 42 }),
  },
  {
    name: "internal transactions",
    path: "/internal-transactions",
    fetch: (transport) => getInternalTransactions(transport),
  },
  {
    name: "token instance holders",
    path: `/tokens/${collection}/instances/1/holders`,
    fetch: (transport) => getTokenInstanceHolders(transport, { tokenAddress: collection, tokenId: 1 }),
  },
];

function oneItemEach(): InMemoryRestData {
  return new InMemoryRestData()
    .setAddressTokens(holder, [fungibleBalance(0x7001, "1")])
    .setNftCollections(holder, [nftCollection(0x7101, "ERC-721", ["1"], 0xbeef)])
    .setInternalTransactions([internalTransaction(42, 0, 0)])
    .addBlock({ number: 42, transactions: [transaction(42, 0)], withdrawals: [withdrawal(0)] })
    .addToken(collection, "ERC-721", { "1": [instanceHolder(0xa1, "1", "1")] });
}

describe.each(endpoints)("errors common to every endpoint: $name", ({ path, fetch }) => {
  it("throws UnknownActionError naming the path when the explorer answers 400 `Unknown API v2 action`", async () => {
    const withoutRest = await startWithHandler();
    const lookup = fetch(transportFor(withoutRest));
    await expect(lookup).rejects.toThrow(UnknownActionError);
    await expect(lookup).rejects.toMatchObject({
      code: "unknown_action",
      action: path,
      shortMessage: `The explorer does not support the action "${path}".`,
    });
  });

  it("waits out a 429 for x-ratelimit-reset ms, then sends the same request again", async () => {
    const events: TransportEvent[] = [];
    const rest = await start({ data: oneItemEach(), transport: { onEvent: (event) => events.push(event) } });
    rest.explorer.faults.next({ kind: "rate-limit", resetMs: 20 });
    const page = await fetch(rest.transport);
    expect(page.items).toHaveLength(1);
    expect(rest.explorer.requests).toHaveLength(2);
    expect(rest.explorer.requests[1]?.path).toBe(rest.explorer.requests[0]?.path);
    expect(rest.explorer.requests[1]?.query).toEqual(rest.explorer.requests[0]?.query);
    expect(events).toEqual([expect.objectContaining({ type: "rate-limited", waitMs: 20, attempt: 1 })]);
  });

  it("throws RateLimitedError when the 429 persists past maxRateLimitRetries", async () => {
    const rest = await start({ data: oneItemEach(), transport: { maxRateLimitRetries: 1 } });
    rest.explorer.faults.next({ kind: "rate-limit", resetMs: 20 }, { kind: "rate-limit", resetMs: 20 });
    const lookup = fetch(rest.transport);
    await expect(lookup).rejects.toThrow(RateLimitedError);
    await expect(lookup).rejects.toMatchObject({
      code: "rate_limited",
      shortMessage: "The explorer's rate limit was exceeded, and retrying did not help.",
      retryAfterMs: 20,
    });
    expect(rest.explorer.requests).toHaveLength(2);
  });
});

describe("other REST errors", () => {
  it("throws HttpError with the explorer's message for 403 `Restricted access`", async () => {
    const restricted = await startWithHandler(async () => ({
      status: 403,
      body: { message: "Restricted access" },
    }));
    const lookup = getAddressTokens(transportFor(restricted), { address: holder });
    await expect(lookup).rejects.toThrow(HttpError);
    await expect(lookup).rejects.toMatchObject({
      code: "http_error",
      status: 403,
      explorerMessage: "Restricted access",
      shortMessage: "The explorer answered HTTP 403: Restricted access",
    });
  });

  it("throws UnknownActionError saying so when the explorer answers 404 `API V2 is disabled`", async () => {
    const disabled = await startWithHandler(async () => ({
      status: 404,
      body: { message: "API V2 is disabled" },
    }));
    const lookup = getBlockWithdrawals(transportFor(disabled), { blockNumberOrHash: 42 });
    await expect(lookup).rejects.toThrow(UnknownActionError);
    await expect(lookup).rejects.toMatchObject({
      code: "unknown_action",
      action: "/blocks/42/withdrawals",
      details: "The explorer has its REST API v2 turned off (API V2 is disabled): this read needs it.",
    });
  });

  it("reads a withdrawal whose block_number and timestamp are null as well as left out", () => {
    const served = { index: 1, amount: "1", validator_index: 2, receiver: { hash: holder } };
    expect(withdrawalSchema.safeParse(served).success).toBe(true);
    expect(withdrawalSchema.safeParse({ ...served, block_number: null, timestamp: null }).success).toBe(true);
  });

  it("throws InvalidResponseError saying where an item does not fit its schema", async () => {
    const broken = await startWithHandler(async () => ({
      status: 200,
      body: {
        items: [{ index: "first", amount: "1", validator_index: 1, receiver: { hash: holder } }],
        next_page_params: null,
      },
    }));
    await expect(getBlockWithdrawals(transportFor(broken), { blockNumberOrHash: 1 })).rejects.toMatchObject({
      code: "invalid_response",
      shortMessage:
        "The explorer's answer to GET /blocks/{block_number_or_hash}/withdrawals has an unexpected shape at items.0.index: Invalid input: expected number, received string.",
    });
  });
});
