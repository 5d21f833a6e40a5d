import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { ExplorerError, getAbi, InvalidInputError } from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();

describe("getabi", () => {
  it("returns the parsed ABI of a verified contract and sends a GET with module, action and address", async () => {
    const abi = [{ type: "function", name: "ping", inputs: [], outputs: [] }];
    explorer.backend.addContract(testAddress(0xa1), { verified: { abi } });
    await expect(getAbi(transport, { address: testAddress(0xa1) })).resolves.toEqual(abi);
    expect(explorer.requests).toHaveLength(1);
    const [request] = explorer.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/api");
    expect(request?.bodyFormat).toBe("none");
    expect(request?.query).toEqual({ module: "contract", action: "getabi", address: testAddress(0xa1) });
  });

  it("returns a bytecode twin's ABI for an unverified address, as Blockscout does", async () => {
    const abi = [{ type: "event", name: "Ping", inputs: [], anonymous: false }];
    explorer.backend.addContract(testAddress(0xa1), { verified: { abi } });
    explorer.backend.addContract(testAddress(0xa2), { twinOf: testAddress(0xa1) });
    await expect(getAbi(transport, { address: testAddress(0xa2) })).resolves.toEqual(abi);
  });

  it("reads status 1 with result `null` (verified, stored without an ABI) as an empty ABI", async () => {
    // ContractController.getabi renders the stored ABI JSON-encoded; a contract stored without one gives the
    // text `null` under status "1" (blockscout-api.md §20).
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"message":"OK","result":"null","status":"1"}',
    });
    await expect(getAbi(transport, { address: testAddress(0xa3) })).resolves.toEqual([]);
    expect(explorer.requests).toHaveLength(1);
  });

  it("returns null for `Contract source code not verified`", async () => {
    explorer.backend.addContract(testAddress(0xb2));
    await expect(getAbi(transport, { address: testAddress(0xb2) })).resolves.toBeNull();
    expect(explorer.requests).toHaveLength(1);
  });

  it("turns `Invalid address hash` into an ExplorerError carrying the text", async () => {
    // Only an explorer stricter than this client's pattern would say it; send it raw to check the mapping.
    const { callContractAction, rejection } = await import(
      "../../../src/client/contract/callContractAction.js"
    );
    const answer = await callContractAction(transport, {
      action: "getabi",
      query: { address: "0xnothex" },
      kind: "read",
    });
    expect(answer.envelope).toEqual({ status: "0", message: "Invalid address hash", result: null });
    const error = rejection(answer);
    expect(error).toBeInstanceOf(ExplorerError);
    expect(error.shortMessage).toBe("The explorer refused the request: Invalid address hash");
  });

  it("gets `Query parameter address is required` from the explorer when the address is missing", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const answer = await callContractAction(transport, { action: "getabi", kind: "read" });
    expect(answer.envelope.message).toBe("Query parameter address is required");
  });

  it("rejects a malformed address before sending anything", async () => {
    await expect(getAbi(transport, { address: "0x1234" })).rejects.toThrow(InvalidInputError);
    await expect(getAbi(transport, { address: "0x1234" })).rejects.toMatchObject({
      code: "invalid_input",
      field: "address",
      shortMessage: 'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    });
    expect(explorer.requests).toHaveLength(0);
  });
});
