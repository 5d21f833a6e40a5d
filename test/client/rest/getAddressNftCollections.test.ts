import { describe, expect, it } from "@jest/globals";
import {
  callRest,
  getAddressNftCollections,
  iterateAddressNftCollections,
  type NftCollectionItem,
  type RestPage,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError } from "../../support/internals.js";
import { nftCollection, restExplorersForEachTest } from "../../support/restData.js";

const owner = testAddress(0xbeef);
const collectionsPath = `/api/v2/addresses/${owner}/nft/collections`;

const { start } = restExplorersForEachTest();

describe("GET /addresses/{address_hash}/nft/collections", () => {
  it("parses each collection's token, amount and token instances with their type and value", async () => {
    const rest = await start();
    rest.data.setNftCollections(owner, [
      nftCollection(0x7101, "ERC-721", ["1", "2"], 0xbeef),
      { ...nftCollection(0x7102, "ERC-1155", ["9"], 0xbeef), amount: null },
    ]);

    const page = await getAddressNftCollections(rest.transport, { address: owner });

    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", collectionsPath, {}],
    ]);
    expect(page.nextPageParams).toBeNull();
    const [erc721, erc1155] = page.items;
    expect(erc721?.token).toMatchObject({
      address_hash: testAddress(0x7101),
      type: "ERC-721",
      decimals: null,
    });
    expect(erc721?.amount).toBe("2");
    expect(
      erc721?.token_instances.map((instance) => [instance.id, instance.token_type, instance.value]),
    ).toEqual([
      ["1", "ERC-721", "1"],
      ["2", "ERC-721", "1"],
    ]);
    expect(erc721?.token_instances[0]?.owner?.hash).toBe(owner);
    expect(erc721?.token_instances[0]?.metadata?.attributes).toEqual([
      { trait_type: "colour", value: "blue" },
    ]);
    expect(erc1155?.amount).toBeNull();
    expect(erc1155?.token_instances[0]?.token_type).toBe("ERC-1155");
  });

  it("answers an address the explorer never saw with an empty last page", async () => {
    const rest = await start();
    await expect(getAddressNftCollections(rest.transport, { address: testAddress(0xdead) })).resolves.toEqual(
      {
        items: [],
        nextPageParams: null,
      },
    );
  });

  it("walks the pages of one type, re-sending the filter with Blockscout's collection cursor", async () => {
    const rest = await start();
    rest.data.setNftCollections(
      owner,
      Array.from({ length: 130 }, (_, i) =>
        nftCollection(0x8000 + i, i % 13 === 0 ? "ERC-1155" : "ERC-721", [String(i)], 0xbeef),
      ),
    );

    const pages: RestPage<NftCollectionItem>[] = [];
    for await (const page of iterateAddressNftCollections(rest.transport, {
      address: owner,
      type: ["ERC-721"],
    })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
    const lastOfFirstPage = pages[0]?.items.at(-1)?.token.address_hash;
    expect(pages[0]?.nextPageParams).toEqual({
      token_contract_address_hash: lastOfFirstPage,
      token_type: "ERC-721",
      items_count: 50,
    });
    const lastOfSecondPage = pages[1]?.items.at(-1)?.token.address_hash;
    expect(rest.explorer.requests.map((r) => r.query)).toEqual([
      { type: "ERC-721" },
      {
        type: "ERC-721",
        token_contract_address_hash: lastOfFirstPage,
        token_type: "ERC-721",
        items_count: "50",
      },
      {
        type: "ERC-721",
        token_contract_address_hash: lastOfSecondPage,
        token_type: "ERC-721",
        items_count: "50",
      },
    ]);
  });

  it("rejects a malformed address and token types that are not NFTs before sending anything", async () => {
    const rest = await start();
    await expect(getAddressNftCollections(rest.transport, { address: "0xZZ" })).rejects.toThrow(
      new InvalidInputError(
        "address",
        'Invalid address "0xZZ": expected 0x followed by 40 hexadecimal characters.',
      ),
    );
    await expect(
      getAddressNftCollections(rest.transport, { address: owner, type: "ERC-20" }),
    ).rejects.toMatchObject({
      code: "invalid_input",
      field: "type",
      shortMessage: 'Invalid type "ERC-20": expected one of ERC-721, ERC-404, ERC-1155.',
    });
    expect(rest.explorer.requests).toEqual([]);
  });

  it("turns Blockscout's 422 answers into InvalidParametersError with each problem", async () => {
    const rest = await start();
    const endpoint = "/addresses/{address_hash}/nft/collections";
    await expect(
      callRest(rest.transport, {
        endpoint,
        path: "/addresses/0xZZ/nft/collections",
        query: { type: "ERC-9" },
      }),
    ).rejects.toMatchObject({
      code: "invalid_parameters",
      problems: [
        {
          title: "Invalid value",
          detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/",
          pointer: "/address_hash_param",
        },
        { title: "Invalid value", detail: "Invalid value for enum", pointer: "/type" },
      ],
    });
  });
});
