import { describe, expect, it } from "@jest/globals";
import { sharedRateLimiter } from "../../src/client/rateLimiter.js";
import * as rest from "../../src/client/rest/index.js";
import * as front from "../../src/index.js";
import { createExplorerClient, ExplorerClient } from "../../src/index.js";
import { testAddress } from "../support/addresses.js";
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
    const client = createExplorerClient({ explorerUrl: `${explorer.url}/api?`, retryDelayMs: 5 });
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
    await expect(client.checkVerifyStatus(outcome.guid)).resolves.toMatchObject({ state: "pending" });
    await expect(client.checkVerifyStatus(outcome.guid)).resolves.toMatchObject({ state: "pass" });
    await expect(client.getSourceCode(address)).resolves.toMatchObject({
      contractName: "A",
      sourceCode: "contract A { uint public x; }",
    });
    await expect(client.getAbi(address)).resolves.toEqual([
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
    const a = createExplorerClient({ explorerUrl: "https://shared.example/api" });
    const b = createExplorerClient({ explorerUrl: "https://shared.example/" });
    expect(sharedRateLimiter(a.urls.base, 10)).toBe(sharedRateLimiter(b.urls.base, 10));
    expect(sharedRateLimiter("https://other.example", 10)).not.toBe(sharedRateLimiter(a.urls.base, 10));
  });

  it("names each method after the function it wraps, and takes that function's parameters", async () => {
    const methods = Object.getOwnPropertyNames(ExplorerClient.prototype).filter(
      (name) => name !== "constructor" && name !== "urls" && name !== "codeUrl",
    );
    const wrapped = (name: string) => name in front || name in rest;
    const deprecated = [
      "addressTokens",
      "addressNftCollections",
      "blockTransactions",
      "blockWithdrawals",
      "internalTransactions",
      "tokenInstanceHolders",
      "smartContractStatus",
    ];
    expect(methods.filter((name) => !wrapped(name)).sort()).toEqual([...deprecated].sort());

    const address = testAddress(0x43);
    explorer.backend.addContract(address, { abi: [] });
    explorer.backend.script(address, { result: "pass" });
    const client = createExplorerClient({ explorerUrl: explorer.url, retryDelayMs: 5 });
    await expect(client.getAbi({ address })).resolves.toEqual(await client.getAbi(address));
    await expect(client.getContractCreation({ addresses: [address] })).resolves.toEqual(
      await client.getContractCreation([address]),
    );
    await expect(client.getSourceCode({ address })).resolves.toEqual(await client.getSourceCode(address));
    const outcome = await client.verifySourceCode({
      codeFormat: "solidity-standard-json-input",
      address,
      contractName: "A.sol:A",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
    });
    if (outcome.kind !== "guid") throw new Error("expected a guid");
    await expect(client.checkVerifyStatus({ guid: outcome.guid })).resolves.toEqual(
      await client.checkVerifyStatus(outcome.guid),
    );
  });
});

describe("ExplorerClient's REST lists", () => {
  it("check their parameters when called, before any list module loads or any request, and then read the pages", async () => {
    const rest = await restExplorers.start();
    const holder = testAddress(0xbeef);
    rest.data.setAddressTokens(holder, [fungibleBalance(0x7001, "2500")]);
    const client = createExplorerClient({ explorerUrl: rest.explorer.url });
    expect(() => client.addressTokens({ address: "0x1234" })).toThrow(
      'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    );
    expect(() => client.blockWithdrawals({ blockNumberOrHash: "latest" })).toThrow(
      'Invalid blockNumberOrHash "latest": expected a block number (a nonnegative integer) or a block hash (0x followed by 64 hexadecimal characters).',
    );
    expect(() => client.tokenInstanceHolders({ tokenAddress: holder, tokenId: "4x2" })).toThrow(
      'Invalid tokenId "4x2": expected a decimal integer without leading zeros, like 42.',
    );
    expect(rest.explorer.requests).toEqual([]);
    const values: Array<string | null | undefined> = [];
    for await (const page of client.addressTokens({ address: holder })) {
      values.push(...page.items.map((item) => item.value));
    }
    expect(values).toEqual(["2500"]);
    expect(rest.explorer.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", `/api/v2/addresses/${holder}/tokens`],
    ]);
  });
});
