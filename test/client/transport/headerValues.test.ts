import { describe, expect, it } from "@jest/globals";
import { ExplorerClient, ExplorerError } from "../../../src/index.js";
import { secretHeaderValues } from "../../../src/kernel/requestHeaders.js";
import { testAddress } from "../../support/addresses.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

// Custom headers are sent as given. What an explorer answers is read as it came; only what is printed of it has the
// header values that may be secrets (8 characters or more) taken out.
const { explorer } = await useTestExplorer();
const fast = { retryDelayMs: 5, requestsPerSecond: 1_000 };
const abi = [{ type: "function", name: "transferOwnership", inputs: [], outputs: [] }];

describe("custom header values", () => {
  it('a short value (X-Debug: 1) is not a secret: answers keep their status "1" and the contract reads as verified', async () => {
    const address = testAddress(0xd1);
    explorer.backend.addContract(address, { verified: { abi } });
    const client = new ExplorerClient({ explorerUrl: explorer.url, headers: { "X-Debug": "1" }, ...fast });
    expect(await client.getAbi({ address: address })).toEqual(abi);
    expect(explorer.requests.at(-1)?.headers["x-debug"]).toBe("1");
    expect(client.transport.redact('{"status":"1"}')).toBe('{"status":"1"}');
  });

  it("a long value is read as the explorer wrote it, and kept out of the messages made of the explorer's words", async () => {
    const address = testAddress(0xd2);
    explorer.backend.addContract(address, { verified: { abi } });
    const client = new ExplorerClient({
      explorerUrl: explorer.url,
      headers: { "X-Feature": "transferOwnership" },
      ...fast,
    });
    expect(await client.getAbi({ address: address })).toEqual(abi);
    explorer.faults.next({
      kind: "status",
      status: 200,
      body: JSON.stringify({
        status: "0",
        message: "NOTOK",
        result: "transferOwnership is not allowed here",
      }),
      contentType: "application/json",
    });
    const error = await client.getAbi({ address: address }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).shortMessage).toBe(
      "The explorer refused the request: *** is not allowed here",
    );
  });

  it("only values of 8 characters or more are treated as secrets", () => {
    expect(
      secretHeaderValues({ "x-debug": "1", "x-env": "staging", "x-gateway-token": "gw-7f3a9c-x" }),
    ).toEqual(["gw-7f3a9c-x"]);
  });
});
