import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { getContractCreation, InvalidInputError } from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();

describe("getcontractcreation", () => {
  it("parses string block numbers and timestamps, and an empty factory as a direct deployment", async () => {
    explorer.backend.addContract(testAddress(0xe5), {
      creation: {
        blockNumber: 1234,
        timestamp: 1_720_000_000,
        creationBytecode: "0x6080",
        contractFactory: "",
      },
    });
    explorer.backend.addContract(testAddress(0xe6), {
      creation: { contractFactory: testAddress(0xfa), creationBytecode: "0x60a0" },
    });
    const creations = await getContractCreation(transport, {
      addresses: [testAddress(0xe5), testAddress(0xe6)],
    });
    expect(creations).toEqual([
      {
        contractAddress: testAddress(0xe5),
        creator: "0x00000000000000000000000000000000000000f6",
        txHash: `0x${"11".repeat(32)}`,
        blockNumber: 1234,
        timestamp: 1_720_000_000,
        factory: undefined,
        creationBytecode: "0x6080",
      },
      expect.objectContaining({ contractAddress: testAddress(0xe6), factory: testAddress(0xfa) }),
    ]);
    expect(explorer.requests[0]?.query).toEqual({
      module: "contract",
      action: "getcontractcreation",
      contractaddresses: `${testAddress(0xe5)},${testAddress(0xe6)}`,
    });
  });

  it("splits 23 addresses into requests of 10, 10 and 3 and merges the answers in the order asked", async () => {
    const addresses = Array.from({ length: 23 }, (_, i) => testAddress(0x100 + i));
    for (const address of addresses) explorer.backend.addContract(address, { creation: {} });
    const creations = await getContractCreation(transport, { addresses: [...addresses].reverse() });
    expect(creations.map((c) => c.contractAddress)).toEqual([...addresses].reverse());
    const sent = explorer
      .requestsFor("getcontractcreation")
      .map((r) => r.query.contractaddresses?.split(",").length);
    expect(sent.sort()).toEqual([10, 10, 3].sort());
  });

  it("leaves out addresses the explorer knows no creation for, as Blockscout omits them", async () => {
    await expect(getContractCreation(transport, { addresses: [testAddress(0x77)] })).resolves.toEqual([]);
  });

  it("gets the missing-parameter error with `result` repeating the message", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const answer = await callContractAction(transport, { action: "getcontractcreation", kind: "read" });
    expect(answer.envelope).toEqual({
      status: "0",
      message: "Query parameter contractaddresses is required",
      result: "Query parameter contractaddresses is required",
    });
  });

  it("rejects an empty list and a malformed address before sending anything", async () => {
    await expect(getContractCreation(transport, { addresses: [] })).rejects.toMatchObject({
      shortMessage: "getContractCreation needs at least one address.",
    });
    await expect(
      getContractCreation(transport, { addresses: [testAddress(1), "0x12"] }),
    ).rejects.toMatchObject({
      field: "addresses[1]",
      shortMessage: 'Invalid addresses[1] "0x12": expected 0x followed by 40 hexadecimal characters.',
    });
    await expect(getContractCreation(transport, { addresses: ["nope"] })).rejects.toThrow(InvalidInputError);
    expect(explorer.requests).toHaveLength(0);
  });
});
