import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { testAddress } from "../support/addresses.js";
import { type StandIn, startBlockscoutApiStandIn } from "../support/blockscoutStandIns.js";
import { ExplorerClient, type TransportEvent } from "../support/internals.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

const proKey = "proapi_0123456789abcdefSECRET";
const gatewayToken = "gw-token-7f3a9c-SECRET";
let explorer: TestExplorer;
let api: StandIn;

beforeAll(async () => {
  explorer = await startTestExplorer({ smartContractStatus: true });
  // Chain 10 is OP Mainnet in the shipped registry: links must point at optimism.blockscout.com.
  api = await startBlockscoutApiStandIn(proKey, { 10: explorer.url });
});
afterAll(async () => {
  await api.close();
  await explorer.close();
});
beforeEach(() => {
  explorer.reset();
  api.seen.length = 0;
});

const fast = { retryDelayMs: 5, rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY) };

describe("one Blockscout API key for every chain", () => {
  it("finds the explorer from the chain id alone, sends the proapi_ key as Bearer with the chain id in the path, and links to the instance", async () => {
    const address = testAddress(0x10);
    explorer.backend.addContract(address, { abi: [] });
    explorer.backend.script(address, { result: "pass" });
    const client = new ExplorerClient({ chainId: 10, apiKey: proKey, blockscoutApiUrl: api.url, ...fast });
    expect(client.route.throughBlockscoutApi).toBe(true);
    expect(client.urls).toEqual({
      base: "https://optimism.blockscout.com",
      rpc: `${api.url}/10/api`,
      rest: `${api.url}/10/api/v2`,
    });
    expect(client.codeUrl(address)).toBe(`https://optimism.blockscout.com/address/${address}#code`);
    const outcome = await client.verifySourceCode({
      codeFormat: "solidity-standard-json-input",
      address,
      contractName: "A.sol:A",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
    });
    if (outcome.kind !== "guid") throw new Error("expected a guid");
    await expect(client.checkVerifyStatus({ guid: outcome.guid })).resolves.toMatchObject({ state: "pass" });
    await expect(client.getSmartContractStatus({ address: address })).resolves.toMatchObject({
      isVerified: true,
    });

    expect(api.seen.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([
      "POST /10/api",
      "GET /10/api",
      `GET /10/api/v2/smart-contracts/${address}`,
    ]);
    for (const request of api.seen) {
      expect(request.headers.authorization).toBe(`Bearer ${proKey}`);
      // The key travels only in the header: never in a URL, never as the per-instance header.
      expect(request.url).not.toContain(proKey);
      expect(request.headers["x-api-key"]).toBeUndefined();
    }
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(1);
  });

  it("routes through the API when the explorer is given by its URL and the key is a proapi_ key", () => {
    const client = new ExplorerClient({
      explorerUrl: "https://optimism.blockscout.com/api",
      apiKey: proKey,
      blockscoutApiUrl: api.url,
    });
    expect(client.route.chainId).toBe(10);
    expect(client.urls.rpc).toBe(`${api.url}/10/api`);
    expect(client.urls.base).toBe("https://optimism.blockscout.com");
  });

  it("spends one key's quota through one limiter, whichever chain a request is for", () => {
    const optimism = new ExplorerClient({ chainId: 10, apiKey: proKey, blockscoutApiUrl: api.url });
    const gnosis = new ExplorerClient({ chainId: 100, apiKey: proKey, blockscoutApiUrl: `${api.url}/` });
    expect(gnosis.urls.rpc).toBe(`${api.url}/100/api`);
    expect(optimism.route.transport.rateLimiter).toBeDefined();
    expect(gnosis.route.transport.rateLimiter).toBe(optimism.route.transport.rateLimiter);
  });

  it("keeps an instance key on the instance, and can be told not to use the API", () => {
    const instance = new ExplorerClient({ chainId: 10, apiKey: "instance-key" });
    expect(instance.route.throughBlockscoutApi).toBe(false);
    expect(instance.urls.rpc).toBe("https://optimism.blockscout.com/api");
    const direct = new ExplorerClient({ chainId: 10, apiKey: proKey, blockscoutApi: false });
    expect(direct.urls.rpc).toBe("https://optimism.blockscout.com/api");
  });

  it("says clearly what is missing", () => {
    expect(() => new ExplorerClient({})).toThrow(
      "Name the explorer: give explorerUrl, or chainId to look it up.",
    );
    expect(() => new ExplorerClient({ chainId: 424_242_424 })).toThrow(
      "No Blockscout explorer is known for chain 424242424: give its URL as the explorerUrl option.",
    );
    expect(
      () =>
        new ExplorerClient({ explorerUrl: "https://explorer.example", apiKey: proKey, blockscoutApi: true }),
    ).toThrow("The Blockscout API needs the chain id: give chainId.");
    expect(() => new ExplorerClient({ chainId: 10, blockscoutApi: true })).toThrow(
      "The Blockscout API needs a key (proapi_…): give apiKey.",
    );
  });
});

describe("custom headers", () => {
  it("are sent with every request, and never appear in an event or an error", async () => {
    const events: TransportEvent[] = [];
    const client = new ExplorerClient({
      explorerUrl: explorer.url,
      headers: { "X-Gateway-Token": gatewayToken, "User-Agent": "acme-deployer/2.1" },
      onEvent: (event) => events.push(event),
      ...fast,
    });
    // The gateway echoes what it was sent, as some do in their error pages.
    explorer.faults.next(
      {
        kind: "status",
        status: 503,
        body: `upstream refused token ${gatewayToken}`,
        contentType: "text/plain",
      },
      {
        kind: "status",
        status: 503,
        body: `upstream refused token ${gatewayToken}`,
        contentType: "text/plain",
      },
      {
        kind: "status",
        status: 503,
        body: `upstream refused token ${gatewayToken}`,
        contentType: "text/plain",
      },
      {
        kind: "status",
        status: 503,
        body: `upstream refused token ${gatewayToken}`,
        contentType: "text/plain",
      },
    );
    const error = await client.getAbi({ address: testAddress(1) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const shown = `${(error as Error).message}\n${JSON.stringify(error)}\n${JSON.stringify(events)}`;
    expect(shown).toContain("upstream refused token ***");
    expect(shown).not.toContain(gatewayToken);
    expect(explorer.requests).toHaveLength(4);
    for (const request of explorer.requests) {
      expect(request.headers["x-gateway-token"]).toBe(gatewayToken);
      expect(request.headers["user-agent"]).toBe("acme-deployer/2.1");
    }
  });

  it("are refused before anything is sent when malformed", () => {
    expect(() => new ExplorerClient({ explorerUrl: explorer.url, headers: { "Bad Name": "x" } })).toThrow(
      'headers: "Bad Name" is not a valid HTTP header name.',
    );
    expect(
      () => new ExplorerClient({ explorerUrl: explorer.url, headers: { "X-Token": "a\r\nInjected: yes" } }),
    ).toThrow("headers: the value of X-Token must be text on one line.");
    expect(
      () => new ExplorerClient({ explorerUrl: explorer.url, headers: { Host: "evil.example" } }),
    ).toThrow("headers: Host is set by explorer-verify itself and cannot be given.");
    expect(explorer.requests).toHaveLength(0);
  });
});
