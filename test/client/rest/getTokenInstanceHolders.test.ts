import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getTokenInstanceHolders,
  iterateTokenInstanceHolders,
  type RestPage,
  type TokenInstanceHolder,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError, NotFoundError } from "../../support/internals.js";
import { addressParam, instanceHolder, restExplorersForEachTest } from "../../support/restData.js";

const { start } = restExplorersForEachTest();

const collection = testAddress(0x7201);
const holdersPath = (id: string) => `/api/v2/tokens/${collection}/instances/${id}/holders`;

describe("GET /tokens/{address_hash}/instances/{id}/holders", () => {
  it("fills each holder's address_hash from Blockscout's `address` object and keeps the original", async () => {
    const rest = await start();
    rest.data.addToken(collection, "ERC-1155", {
      "7": [
        instanceHolder(0xa1, "30", "7"),
        { address: addressParam(0xa2, "contract"), value: "5", token_id: null },
      ],
    });

    const page = await getTokenInstanceHolders(rest.transport, { tokenAddress: collection, tokenId: 7 });

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", holdersPath("7"), {}],
    ]);
    expect(page.nextPageParams).toBeNull();
    const [first, second] = page.items;
    expect(first?.address_hash).toEqual(addressParam(0xa1));
    expect(first?.address).toEqual(addressParam(0xa1));
    expect(first?.value).toBe("30");
    expect(first?.token_id).toBe("7");
    expect(second?.address_hash.hash).toBe(testAddress(0xa2));
    expect(second?.address_hash.is_contract).toBe(true);
    expect(second?.token_id).toBeNull();
  });

  it("throws NotFoundError for an unknown token and for an ERC-20 token, which has no instances", async () => {
    const rest = await start();
    const fungible = testAddress(0x7202);
    rest.data.addToken(fungible, "ERC-20");
    for (const tokenAddress of [testAddress(0x7203), fungible]) {
      const lookup = getTokenInstanceHolders(rest.transport, { tokenAddress, tokenId: "1" });
      await expect(lookup).rejects.toThrow(NotFoundError);
      await expect(lookup).rejects.toMatchObject({ shortMessage: "The explorer says: Not found." });
    }
  });

  it("walks the holders over pages with the address_hash and value cursor, sent back verbatim", async () => {
    const rest = await start();
    rest.data.addToken(collection, "ERC-1155", {
      "-3": Array.from({ length: 75 }, (_, i) => instanceHolder(0x1000 + i, String(10_000 - i), "-3")),
    });

    const pages: RestPage<TokenInstanceHolder>[] = [];
    for await (const page of iterateTokenInstanceHolders(rest.transport, {
      tokenAddress: collection,
      tokenId: -3n,
    })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 25]);
    expect(pages[0]?.nextPageParams).toEqual({
      address_hash: testAddress(0x1000 + 49),
      value: 9_951,
      items_count: 50,
    });
    expect(rest.explorer.requests.map((r) => [r.path, r.query])).toEqual([
      [holdersPath("-3"), {}],
      [holdersPath("-3"), { address_hash: testAddress(0x1000 + 49), value: "9951", items_count: "50" }],
    ]);
  });

  it("rejects a malformed token id or token address before sending anything", async () => {
    const rest = await start();
    await expect(
      getTokenInstanceHolders(rest.transport, { tokenAddress: collection, tokenId: "007" }),
    ).rejects.toThrow(
      new InvalidInputError(
        "tokenId",
        'Invalid tokenId "007": expected a decimal integer without leading zeros, like 42.',
      ),
    );
    await expect(
      getTokenInstanceHolders(rest.transport, { tokenAddress: collection, tokenId: 1.5 }),
    ).rejects.toMatchObject({
      field: "tokenId",
    });
    await expect(
      getTokenInstanceHolders(rest.transport, { tokenAddress: "0x12", tokenId: 1 }),
    ).rejects.toMatchObject({
      field: "tokenAddress",
      shortMessage: 'Invalid tokenAddress "0x12": expected 0x followed by 40 hexadecimal characters.',
    });
    expect(() =>
      iterateTokenInstanceHolders(rest.transport, { tokenAddress: collection, tokenId: "0x1" }),
    ).toThrow(InvalidInputError);
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's 422 answer for a bad token id into InvalidParametersError", async () => {
    const rest = await start();
    await expect(
      callRest(rest.transport, {
        endpoint: "/tokens/{address_hash}/instances/{id}/holders",
        path: `/tokens/${collection}/instances/abc/holders`,
      }),
    ).rejects.toMatchObject({
      code: "invalid_parameters",
      shortMessage:
        "The explorer rejected a parameter: /token_id_param: Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/",
      problems: [
        {
          title: "Invalid value",
          detail: "Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/",
          pointer: "/token_id_param",
        },
      ],
    });
  });
});
