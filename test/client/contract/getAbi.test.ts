import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { ExplorerError, InvalidInputError, RateLimiter, Transport, getAbi } from "../../../src/index.js";
import { testAddress } from "../../support/addresses.js";
import { startTestExplorer, type TestExplorer } from "../../support/testExplorer.js";

let explorer: TestExplorer;
let transport: Transport;

beforeEach(async () => {
  explorer = await startTestExplorer();
  transport = new Transport({ explorerUrl: explorer.url, retryDelayMs: 5, rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY) });
});
afterEach(() => explorer.close());

describe("getabi", () => {
  it("returns the parsed ABI of a verified contract and sends a GET with module, action and address", async () => {
    const abi = [{ type: "function", name: "ping", inputs: [], outputs: [] }];
    explorer.backend.addContract(testAddress(0xa1), { verified: { abi } });
    await expect(getAbi(transport, { address: testAddress(0xa1) })).resolves.toEqual(abi);
    expect(explorer.requests).toHaveLength(1);
    const [request] = explorer.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/api");
    expect(request?.query).toEqual({ module: "contract", action: "getabi", address: testAddress(0xa1) });
  });

  it("returns null for `Contract source code not verified`", async () => {
    explorer.backend.addContract(testAddress(0xb2));
    await expect(getAbi(transport, { address: testAddress(0xb2) })).resolves.toBeNull();
  });

  it("rejects a malformed address before sending anything", async () => {
    await expect(getAbi(transport, { address: "0x1234" })).rejects.toThrow(InvalidInputError);
    await expect(getAbi(transport, { address: "0x1234" })).rejects.toMatchObject({
      shortMessage: 'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    });
    expect(explorer.requests).toHaveLength(0);
  });
});
