import { beforeEach, describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { ExplorerError, InvalidInputError, listContracts } from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();

beforeEach(() => {
  explorer.backend
    .addContract(testAddress(0xa1), {
      verified: {
        contractName: "Pinger",
        compilerVersion: "v0.8.24+commit.e11b9ed9",
        optimizationUsed: true,
        abi: [],
      },
    })
    .addContract(testAddress(0xb2));
});

describe("listcontracts", () => {
  it('reads an item with `ABI: "null"` as verified with an empty ABI', async () => {
    // ContractView.prepare_contract JSON-encodes the stored ABI; a contract stored without one gives "null".
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: `{"message":"OK","result":[{"Address":"${testAddress(0xa4)}","ABI":"null","ContractName":"Yul","CompilerVersion":"v0.8.24+commit.e11b9ed9","OptimizationUsed":"0"}],"status":"1"}`,
    });
    await expect(listContracts(transport)).resolves.toEqual([
      {
        address: testAddress(0xa4),
        verified: true,
        abi: "[]",
        contractName: "Yul",
        compilerVersion: "v0.8.24+commit.e11b9ed9",
        optimizationUsed: false,
      },
    ]);
  });

  it("lists verified and unverified contracts with page and offset sent together", async () => {
    const contracts = await listContracts(transport, { page: 1, offset: 10 });
    expect(contracts).toEqual([
      {
        address: testAddress(0xa1),
        verified: true,
        abi: "[]",
        contractName: "Pinger",
        compilerVersion: "v0.8.24+commit.e11b9ed9",
        optimizationUsed: true,
      },
      {
        address: testAddress(0xb2),
        verified: false,
        abi: undefined,
        contractName: undefined,
        compilerVersion: undefined,
        optimizationUsed: undefined,
      },
    ]);
    expect(explorer.requests[0]?.query).toEqual({
      module: "contract",
      action: "listcontracts",
      page: "1",
      offset: "10",
    });
  });

  it("sends the filter and the verification time window", async () => {
    const contracts = await listContracts(transport, {
      filter: "verified",
      verifiedAtStartTimestamp: 0,
      verifiedAtEndTimestamp: 4_000_000_000,
    });
    expect(contracts.map((c) => c.address)).toEqual([testAddress(0xa1)]);
    expect(explorer.requests[0]?.query).toEqual({
      module: "contract",
      action: "listcontracts",
      filter: "verified",
      verified_at_start_timestamp: "0",
      verified_at_end_timestamp: "4000000000",
    });
    await expect(listContracts(transport, { filter: 2 })).resolves.toMatchObject([
      { address: testAddress(0xb2) },
    ]);
  });

  it("turns Blockscout's HTTP 400 filter error into an ExplorerError with the exact text", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const error = await callContractAction(transport, {
      action: "listcontracts",
      query: { filter: "bogus" },
      kind: "read",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).explorerMessage).toBe(
      "bogus is not a valid value for `filter`. Please use one of: verified, unverified, 1, 2.",
    );
    expect((error as ExplorerError).httpStatus).toBe(400);
  });

  it.each([
    [{ page: 1 }, "offset", "page and offset go together: give both or neither."],
    [{ offset: 5 }, "page", "page and offset go together: give both or neither."],
    [{ page: -1, offset: 5 }, "page", "Invalid page -1: expected a nonnegative integer."],
    [{ page: 1, offset: 2.5 }, "offset", "Invalid offset 2.5: expected a nonnegative integer."],
    [{ filter: "bogus" }, "filter", 'Invalid filter "bogus": use verified, unverified, empty, or 1, 2, 3.'],
    [
      { filter: "unverified", verifiedAtStartTimestamp: 1 },
      "filter",
      "verifiedAtStartTimestamp and verifiedAtEndTimestamp are only used with the verified filter.",
    ],
  ])("rejects %j before sending anything", async (parameters, field, message) => {
    const error = await listContracts(transport, parameters as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field, shortMessage: message });
    expect(explorer.requests).toHaveLength(0);
  });
});
