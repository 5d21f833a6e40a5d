import { describe, expect, it } from "@jest/globals";
import {
  getAddressInternalTransactions,
  type InternalTransaction,
  iterateAddressInternalTransactions,
  type RestPage,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError } from "../../support/internals.js";
import { internalTransaction, restExplorersForEachTest } from "../../support/restData.js";

const { start } = restExplorersForEachTest();
// The in-memory explorer's internal transactions are all sent by this factory.
const factory = testAddress(0xfac7);

describe("GET /addresses/{address_hash}/internal-transactions", () => {
  it("walks a factory's history newest first, sending filter=from with every cursor (Blockscout drops it from the cursor)", async () => {
    const rest = await start();
    rest.data.setInternalTransactions([
      ...Array.from({ length: 30 }, (_, i) => internalTransaction(400, 0, i, "create")),
      ...Array.from({ length: 30 }, (_, i) => internalTransaction(401, 2, i)),
    ]);

    const pages: RestPage<InternalTransaction>[] = [];
    for await (const page of iterateAddressInternalTransactions(rest.transport, {
      address: factory,
      direction: "from",
    })) {
      pages.push(page);
    }

    expect(pages.map((page) => page.items.length)).toEqual([50, 10]);
    expect(pages[0]?.items[0]).toMatchObject({ block_number: 401, index: 29 });
    expect(pages[1]?.items.at(-1)?.created_contract?.hash).toBe(testAddress(0xc0de00));
    expect(rest.explorer.requests.map((r) => [r.path, r.query])).toEqual([
      [`/api/v2/addresses/${factory}/internal-transactions`, { filter: "from" }],
      [
        `/api/v2/addresses/${factory}/internal-transactions`,
        { block_number: "400", transaction_index: "0", index: "10", items_count: "50", filter: "from" },
      ],
    ]);
  });

  it("lists nothing for an address that sent none of them", async () => {
    const rest = await start();
    rest.data.setInternalTransactions([internalTransaction(400, 0, 0, "create")]);
    const page = await getAddressInternalTransactions(rest.transport, {
      address: testAddress(0xbeef),
      direction: "from",
    });
    expect(page).toEqual({ items: [], nextPageParams: null });
  });

  it("rejects a malformed address or direction before sending anything", async () => {
    const rest = await start();
    await expect(getAddressInternalTransactions(rest.transport, { address: "0xfac7" })).rejects.toThrow(
      new InvalidInputError(
        "address",
        'Invalid address "0xfac7": expected 0x followed by 40 hexadecimal characters.',
      ),
    );
    expect(() =>
      iterateAddressInternalTransactions(rest.transport, {
        address: factory,
        direction: "sideways" as "from",
      }),
    ).toThrow(new InvalidInputError("direction", 'Invalid direction "sideways": expected one of from, to.'));
    expect(rest.explorer.requests).toEqual([]);
  });
});
