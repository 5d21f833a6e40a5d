import { describe, expect, it } from "@jest/globals";
import * as contractActions from "../../src/client/contract/index.js";
import { sharedRateLimiter } from "../../src/client/rateLimiter.js";
import * as rest from "../../src/client/rest/index.js";
import { testAddress } from "../support/addresses.js";
import { ExplorerClient } from "../support/internals.js";
import { fungibleBalance, restExplorersForEachTest } from "../support/restData.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();
const restExplorers = restExplorersForEachTest();

describe("ExplorerClient", () => {
  it("runs a submission, its polls and the confirmation through one client, from any form of the URL", async () => {
    const address = testAddress(0x42);
    explorer.backend.addContract(address, {
      abi: [{ type: "function", name: "x", inputs: [], outputs: [] }],
    });
    explorer.backend.script(address, { result: "pass", pendingPolls: 1 });
    const client = new ExplorerClient({ explorerUrl: `${explorer.url}/api?`, retryDelayMs: 5 });
    expect(client.urls).toEqual({
      base: explorer.url,
      rpc: `${explorer.url}/api`,
      rest: `${explorer.url}/api/v2`,
    });
    expect(client.codeUrl(address)).toBe(`${explorer.url}/address/${address}#code`);
    const outcome = await client.verifySourceCode({
      codeFormat: "solidity-standard-json-input",
      address,
      contractName: "A.sol:A",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: {
        language: "Solidity",
        sources: { "A.sol": { content: "contract A { uint public x; }" } },
      },
    });
    if (outcome.kind !== "guid") throw new Error("expected a guid");
    await expect(client.checkVerifyStatus({ guid: outcome.guid })).resolves.toMatchObject({
      state: "pending",
    });
    await expect(client.checkVerifyStatus({ guid: outcome.guid })).resolves.toMatchObject({ state: "pass" });
    await expect(client.getSourceCode({ address })).resolves.toMatchObject({
      contractName: "A",
      sourceCode: "contract A { uint public x; }",
    });
    await expect(client.getAbi({ address })).resolves.toEqual([
      { type: "function", name: "x", inputs: [], outputs: [] },
    ]);
    expect(explorer.requests.map((r) => r.query.action)).toEqual([
      "verifysourcecode",
      "checkverifystatus",
      "checkverifystatus",
      "getsourcecode",
      "getabi",
    ]);
  });

  it("shares one rate limiter among all clients of the same explorer", () => {
    const a = new ExplorerClient({ explorerUrl: "https://shared.example/api" });
    const b = new ExplorerClient({ explorerUrl: "https://shared.example/" });
    expect(sharedRateLimiter(a.urls.base, 10)).toBe(sharedRateLimiter(b.urls.base, 10));
    expect(sharedRateLimiter("https://other.example", 10)).not.toBe(sharedRateLimiter(a.urls.base, 10));
  });

  it("names each method after the function it wraps, and implements no domain interface beside them", () => {
    const methods = Object.getOwnPropertyNames(ExplorerClient.prototype).filter(
      (name) => name !== "constructor" && name !== "urls" && name !== "codeUrl",
    );
    const wrapped = (name: string) => name in contractActions || name in rest;
    expect(methods.filter((name) => !wrapped(name)).sort()).toEqual([]);
  });
});

describe("ExplorerClient's REST lists", () => {
  it("check their parameters when called, before any list module loads or any request, and then read the pages", async () => {
    const rest = await restExplorers.start();
    const holder = testAddress(0xbeef);
    rest.data.setAddressTokens(holder, [fungibleBalance(0x7001, "2500")]);
    const client = new ExplorerClient({ explorerUrl: rest.explorer.url });
    expect(() => client.iterateAddressTokens({ address: "0x1234" })).toThrow(
      'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    );
    expect(() => client.iterateBlockWithdrawals({ blockNumberOrHash: "latest" })).toThrow(
      'Invalid blockNumberOrHash "latest": expected a block number (a nonnegative integer) or a block hash (0x followed by 64 hexadecimal characters).',
    );
    expect(() => client.iterateTokenInstanceHolders({ tokenAddress: holder, tokenId: "4x2" })).toThrow(
      'Invalid tokenId "4x2": expected a decimal integer without leading zeros, like 42.',
    );
    expect(rest.explorer.requests).toEqual([]);
    const values: Array<string | null | undefined> = [];
    for await (const page of client.iterateAddressTokens({ address: holder })) {
      values.push(...page.items.map((item) => item.value));
    }
    expect(values).toEqual(["2500"]);
    expect(rest.explorer.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", `/api/v2/addresses/${holder}/tokens`],
    ]);
  });
});
