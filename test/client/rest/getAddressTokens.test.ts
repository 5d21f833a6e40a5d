import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getAddressTokens,
  iterateAddressTokens,
  type RestPage,
  type TokenBalanceItem,
} from "../../../src/client/rest/index.js";
import { restPage } from "../../../src/local-explorer/responses.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError, InvalidParametersError, InvalidResponseError } from "../../support/internals.js";
import { fungibleBalance, nftBalance, restExplorersForEachTest } from "../../support/restData.js";
import { transportFor } from "../../support/transportFor.js";

const holder = testAddress(0xbeef);
const tokensPath = `/api/v2/addresses/${holder}/tokens`;

const { start, startWithHandler } = restExplorersForEachTest();

/** 150 balances in the explorer's order: every fifth an NFT, the rest 120 ERC-20 balances, the first 62 priced. */
function mixedBalances() {
  return Array.from({ length: 150 }, (_, i) =>
    i % 5 === 4
      ? nftBalance(0x9000 + i, String(i), 0xbeef)
      : fungibleBalance(0x8000 + i, `${1_000 - i}000000000000000000`, {
          exchange_rate: i < 62 ? "2.5" : null,
        }),
  );
}

describe("GET /addresses/{address_hash}/tokens", () => {
  it("parses every field type of a balance, its token and token instance, and sends no query", async () => {
    const rest = await start();
    rest.data.setAddressTokens(holder, [
      fungibleBalance(0x7001, "2500000000000000000", {
        holders_count: 1204,
        exchange_rate: "1.25",
        circulating_market_cap: "1250000.5",
        icon_url: "https://assets.example.org/t.png",
      }),
      nftBalance(0x7002, "5", 0xbeef),
    ]);

    const page = await getAddressTokens(rest.transport, { address: holder });

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([["GET", tokensPath, {}]]);
    expect(page.nextPageParams).toBeNull();
    const [fungible, nft] = page.items;
    expect(fungible).toEqual({
      token: {
        address_hash: testAddress(0x7001),
        name: "Token 28673",
        symbol: "T28673",
        decimals: "18",
        type: "ERC-20",
        holders_count: 1204,
        exchange_rate: "1.25",
        total_supply: "1000000000000000000000000",
        circulating_market_cap: "1250000.5",
        icon_url: "https://assets.example.org/t.png",
        volume_24h: null,
        reputation: "ok",
      },
      value: "2500000000000000000",
      token_id: null,
      token_instance: null,
    });
    expect(nft?.token?.holders_count).toBe("1204");
    expect(nft?.token?.decimals).toBeNull();
    expect(nft?.token_id).toBe("5");
    expect(nft?.value).toBe("1");
    const instance = nft?.token_instance;
    expect(instance?.id).toBe("5");
    expect(instance?.is_unique).toBe(true);
    expect(instance?.holder_address_hash).toBe(testAddress(0xbeef));
    expect(instance?.image_url).toBe("https://nft.example.org/5.png");
    expect(instance?.animation_url).toBeNull();
    expect(instance?.external_app_url).toBe("https://nft.example.org/5");
    expect(instance?.metadata).toEqual({
      name: "Item #5",
      description: "A test item",
      image_url: "https://nft.example.org/5.png",
      home_url: "https://nft.example.org",
      external_url: "https://nft.example.org/5",
      year: 2024,
      tags: ["test", "item"],
      attributes: [{ trait_type: "colour", value: "blue" }],
    });
    expect(instance?.owner?.hash).toBe(testAddress(0xbeef));
    expect(instance?.owner?.is_contract).toBe(false);
    expect(instance?.owner?.private_tags).toEqual([]);
    expect(instance?.token).toBeNull();
  });

  it("fills address_hash and holders_count from the names older Blockscout versions send", async () => {
    const legacyToken = {
      address: testAddress(0x7003),
      holders: "17",
      name: "Old",
      symbol: "OLD",
      decimals: "6",
      type: "ERC-20",
    };
    const customExplorer = await startWithHandler(async () =>
      restPage([{ token: legacyToken, value: "1", token_id: null, token_instance: null }], null),
    );
    const page = await getAddressTokens(transportFor(customExplorer), { address: holder });
    expect(page.items[0]?.token).toMatchObject({
      address_hash: testAddress(0x7003),
      address: testAddress(0x7003),
      holders_count: "17",
    });
  });

  it("reads an ERC-7984 balance with `value: null` and a row with `token: null` on the same page", async () => {
    // Blockscout lists confidential (ERC-7984) balances without their amount, and its OpenAPI schema for
    // /addresses/{h}/tokens marks `token` nullable (AddressView token_balance; blockscout-api.md §20); the next
    // page's cursor then carries `value: null` too.
    const customExplorer = await startWithHandler(async () => restPage([], null));
    customExplorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: `{"items":[{"token":{"address_hash":"${testAddress(0x7984)}","name":"Confidential","symbol":"cTKN","decimals":"6","type":"ERC-7984","holders_count":"3","exchange_rate":null,"total_supply":null,"circulating_market_cap":null,"icon_url":null},"value":null,"token_id":null,"token_instance":null},{"token":null,"value":"12","token_id":null,"token_instance":null},${JSON.stringify(fungibleBalance(0x7001, "5"))}],"next_page_params":{"fiat_value":null,"value":null,"id":4711,"items_count":50}}`,
    });
    const page = await getAddressTokens(transportFor(customExplorer), { address: holder });
    expect(page.items.map((item) => [item.token?.type ?? null, item.value])).toEqual([
      ["ERC-7984", null],
      [null, "12"],
      ["ERC-20", "5"],
    ]);
    expect(page.nextPageParams).toEqual({ fiat_value: null, value: null, id: 4711, items_count: 50 });
  });

  it("answers an address the explorer never saw with an empty last page", async () => {
    const rest = await start();
    await expect(getAddressTokens(rest.transport, { address: testAddress(0xdead) })).resolves.toEqual({
      items: [],
      nextPageParams: null,
    });
  });

  it("sends the type filter in Blockscout's comma-separated form and gets only those types", async () => {
    const rest = await start();
    rest.data.setAddressTokens(holder, mixedBalances().slice(0, 10));
    const page = await getAddressTokens(rest.transport, { address: holder, type: "erc-721, ERC-721" });
    expect(rest.explorer.requests[0]?.query).toEqual({ type: "ERC-721" });
    expect(page.items.map((item) => item.token?.type)).toEqual(["ERC-721", "ERC-721"]);
    await getAddressTokens(rest.transport, { address: holder, type: ["ERC-1155", "ERC-404", "ERC-7984"] });
    expect(rest.explorer.requests[1]?.query).toEqual({ type: "ERC-1155,ERC-404,ERC-7984" });
    await getAddressTokens(rest.transport, { address: holder, type: "[ERC-20,erc-721]" });
    expect(rest.explorer.requests[2]?.query).toEqual({ type: "ERC-20,ERC-721" });
  });

  it("gets a page of exactly 50 with next_page_params null, and 51 with a cursor", async () => {
    const rest = await start();
    const balances = Array.from({ length: 51 }, (_, i) => fungibleBalance(0x100 + i, String(1_000 - i)));
    rest.data.setAddressTokens(holder, balances.slice(0, 50));
    const exactly50 = await getAddressTokens(rest.transport, { address: holder });
    expect(exactly50.items).toHaveLength(50);
    expect(exactly50.nextPageParams).toBeNull();

    rest.data.setAddressTokens(holder, balances);
    const first = await getAddressTokens(rest.transport, { address: holder });
    expect(first.nextPageParams).toEqual({ fiat_value: null, value: "951", id: 50, items_count: 50 });
    const second = await getAddressTokens(
      rest.transport,
      { address: holder },
      first.nextPageParams ?? undefined,
    );
    expect(rest.explorer.requests[2]?.query).toEqual({
      fiat_value: "",
      value: "951",
      id: "50",
      items_count: "50",
    });
    expect(second.items.map((item) => item.value)).toEqual(["950"]);
    expect(second.nextPageParams).toBeNull();
  });

  it("rejects a malformed address and an unknown type before sending anything", async () => {
    const rest = await start();
    await expect(getAddressTokens(rest.transport, { address: "0x1234" })).rejects.toThrow(
      new InvalidInputError(
        "address",
        'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
      ),
    );
    await expect(getAddressTokens(rest.transport, { address: holder, type: "ERC-99" })).rejects.toMatchObject(
      {
        field: "type",
        shortMessage: 'Invalid type "ERC-99": expected one of ERC-20, ERC-721, ERC-1155, ERC-404, ERC-7984.',
      },
    );
    expect(() => iterateAddressTokens(rest.transport, { address: `${holder}00` })).toThrow(
      `Invalid address "${holder}00": expected 0x followed by 40 hexadecimal characters.`,
    );
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's 422 answers into InvalidParametersError with each problem", async () => {
    const rest = await start();
    const badAddress = callRest(rest.transport, {
      endpoint: "/addresses/{address_hash}/tokens",
      path: "/addresses/0x1234/tokens",
    });
    await expect(badAddress).rejects.toThrow(InvalidParametersError);
    await expect(badAddress).rejects.toMatchObject({
      shortMessage:
        "The explorer rejected a parameter: /address_hash_param: Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/",
      problems: [
        {
          title: "Invalid value",
          detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/",
          pointer: "/address_hash_param",
        },
      ],
    });
    await expect(
      callRest(rest.transport, {
        endpoint: "/addresses/{address_hash}/tokens",
        path: `/addresses/${holder}/tokens`,
        query: { type: "ERC-99" },
      }),
    ).rejects.toMatchObject({
      problems: [{ title: "Invalid value", detail: "Invalid value for enum", pointer: "/type" }],
    });
  });
});

describe("paging through /addresses/{address_hash}/tokens", () => {
  it("walks 120 ERC-20 balances over three pages, re-sending the filter and each cursor verbatim", async () => {
    const rest = await start();
    rest.data.setAddressTokens(holder, mixedBalances());

    const pages: RestPage<TokenBalanceItem>[] = [];
    for await (const page of iterateAddressTokens(rest.transport, { address: holder, type: "ERC-20" }))
      pages.push(page);

    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
    const items = pages.flatMap((page) => page.items);
    expect(items.every((item) => item.token?.type === "ERC-20")).toBe(true);
    expect(new Set(items.map((item) => item.token?.address_hash)).size).toBe(120);
    // Filters are not echoed: the cursor holds only Blockscout's keys.
    expect(pages[0]?.nextPageParams).toEqual({
      fiat_value: "2347.5",
      value: "939000000000000000000",
      id: 62,
      items_count: 50,
    });
    expect(pages[1]?.nextPageParams).toEqual({
      fiat_value: null,
      value: "877000000000000000000",
      id: 124,
      items_count: 50,
    });
    expect(pages[2]?.nextPageParams).toBeNull();

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", tokensPath, { type: "ERC-20" }],
      [
        "GET",
        tokensPath,
        { type: "ERC-20", fiat_value: "2347.5", value: "939000000000000000000", id: "62", items_count: "50" },
      ],
      [
        "GET",
        tokensPath,
        { type: "ERC-20", fiat_value: "", value: "877000000000000000000", id: "124", items_count: "50" },
      ],
    ]);
  });

  it("makes exactly one request when the caller stops after the first page", async () => {
    const rest = await start();
    rest.data.setAddressTokens(holder, mixedBalances());
    // A request sent ahead of the caller's break would be one more send, seen at once: nothing to wait for.
    const sent: string[] = [];
    const send = rest.transport.send.bind(rest.transport);
    rest.transport.send = (req) => {
      sent.push(String(req.path));
      return send(req);
    };
    let seen = 0;
    for await (const page of iterateAddressTokens(rest.transport, { address: holder, type: "ERC-20" })) {
      seen += page.items.length;
      break;
    }
    expect(seen).toBe(50);
    expect(sent).toEqual([`/addresses/${holder}/tokens`]);
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("sends back an integer cursor value past 2^53 with the explorer's exact digits", async () => {
    const customExplorer = await startWithHandler(async () => restPage([fungibleBalance(0x7002, "1")], null));
    // Blockscout writes the balance cursor as a JSON number; JSON.parse alone would round it.
    customExplorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"items":[],"next_page_params":{"fiat_value":null,"value":123456789012345678901,"id":7,"items_count":50}}',
    });
    const pages: RestPage<TokenBalanceItem>[] = [];
    for await (const page of iterateAddressTokens(transportFor(customExplorer), { address: holder })) {
      pages.push(page);
    }
    expect(pages[0]?.nextPageParams).toEqual({
      fiat_value: null,
      value: "123456789012345678901",
      id: 7,
      items_count: 50,
    });
    expect(customExplorer.requests.map((r) => r.query)).toEqual([
      {},
      { fiat_value: "", value: "123456789012345678901", id: "7", items_count: "50" },
    ]);
  });

  it("stops with an error instead of fetching a page twice when the explorer repeats a cursor", async () => {
    const stuckCursor = { fiat_value: null, value: "1", id: 5, items_count: 50 };
    const customExplorer = await startWithHandler(async () =>
      restPage([fungibleBalance(0x7001, "1")], stuckCursor),
    );
    const transport = transportFor(customExplorer);
    const pages: RestPage<TokenBalanceItem>[] = [];
    const walk = async () => {
      for await (const page of iterateAddressTokens(transport, { address: holder })) pages.push(page);
    };
    const stopped = walk();
    await expect(stopped).rejects.toThrow(InvalidResponseError);
    await expect(stopped).rejects.toMatchObject({
      shortMessage:
        'The explorer\'s answer to GET /addresses/{address_hash}/tokens points back to a page already fetched (next_page_params {"fiat_value":null,"value":"1","id":5,"items_count":50}); stopping.',
    });
    expect(pages).toHaveLength(2);
    expect(customExplorer.requests.map((r) => r.query)).toEqual([
      {},
      { fiat_value: "", value: "1", id: "5", items_count: "50" },
    ]);
  });

  it("stops as well when the repeated cursor changes only items_count, which says nothing of where a page starts", async () => {
    let served = 0;
    const customExplorer = await startWithHandler(async () => {
      served += 1;
      return restPage([fungibleBalance(0x7001, "1")], {
        fiat_value: null,
        value: "1",
        id: 5,
        items_count: 50 * served,
      });
    });
    const pages: RestPage<TokenBalanceItem>[] = [];
    const walk = async () => {
      for await (const page of iterateAddressTokens(transportFor(customExplorer), { address: holder }))
        pages.push(page);
    };
    await expect(walk()).rejects.toThrow(InvalidResponseError);
    expect(pages).toHaveLength(2);
    expect(served).toBe(2);
  });
});
