import { describe, expect, it } from "@jest/globals";
import { sharedRateLimiter } from "../../src/client/rateLimiter.js";
import { createExplorerClient } from "../../src/index.js";
import { testAddress } from "../support/addresses.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();

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
});
