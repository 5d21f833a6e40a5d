import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { resolveTargets } from "../../src/run/targets/targets.js";
import { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { BlockscoutTarget } from "../../src/verifiers/target.js";
import { explorerClientFor, verifierFor } from "../../src/verifiers/verifierFor.js";
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

// The shipped registry alone: no published list is asked.
const lookup = { refresh: false, cacheDir: false } as const;

async function blockscoutTarget(request: {
  chainId?: number;
  explorerUrl?: string;
  apiKey?: string;
  apiUrl?: string;
}): Promise<BlockscoutTarget> {
  const { targets } = await resolveTargets({
    services: ["blockscout"],
    chains: [{ claims: request.chainId === undefined ? [] : [{ id: request.chainId, source: "the test" }] }],
    explorerUrl: request.explorerUrl ? { url: request.explorerUrl, source: "the test's URL" } : undefined,
    keys: { blockscout: request.apiKey },
    apiUrls: request.apiUrl ? { blockscout: { url: request.apiUrl, source: "the test's API" } } : undefined,
    lookup,
    howToNameExplorer: "give its URL as the explorerUrl option",
    howToGiveEtherscanKey: "",
    howToReachLocalChain: "",
  });
  const [target] = targets;
  if (target?.service !== "blockscout") throw new Error("expected a Blockscout target");
  return target;
}

describe("one Blockscout API key for every chain", () => {
  it("finds the explorer from the chain id alone, sends the proapi_ key as Bearer with the chain id in the path, and links to the instance", async () => {
    const address = testAddress(0x10);
    explorer.backend.addContract(address, { abi: [] });
    explorer.backend.script(address, { result: "pass" });
    const target = await blockscoutTarget({ chainId: 10, apiKey: proKey, apiUrl: api.url });
    expect(target).toMatchObject({ keyIn: "bearer", instanceUrl: "https://optimism.blockscout.com" });
    const client = explorerClientFor(target, fast);
    expect(client.urls).toEqual({
      base: "https://optimism.blockscout.com",
      rpc: `${api.url}/10/api`,
      rest: `${api.url}/10/api/v2`,
    });
    const verifier = await verifierFor(target, fast);
    expect(verifier.pages.contract(address)).toBe(`https://optimism.blockscout.com/address/${address}#code`);
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

  it("routes through the API when the explorer is given by its URL and the key is a proapi_ key", async () => {
    const target = await blockscoutTarget({
      explorerUrl: "https://optimism.blockscout.com/api",
      apiKey: proKey,
      apiUrl: api.url,
    });
    expect(target.chainId).toBe(10);
    expect(target.api.rpc).toBe(`${api.url}/10/api`);
    expect(target.instanceUrl).toBe("https://optimism.blockscout.com");
  });

  it("spends one key's quota through one limiter, whichever chain a request is for", async () => {
    const optimism = await verifierFor(
      await blockscoutTarget({ chainId: 10, apiKey: proKey, apiUrl: api.url }),
    );
    const gnosis = await verifierFor(
      await blockscoutTarget({ chainId: 100, apiKey: proKey, apiUrl: `${api.url}/` }),
    );
    if (!(optimism instanceof BlockscoutVerifier) || !(gnosis instanceof BlockscoutVerifier))
      throw new Error("expected Blockscout verifiers");
    expect(gnosis.transport.urls.rpc).toBe(`${api.url}/100/api`);
    expect(gnosis.transport.rateLimiter).toBe(optimism.transport.rateLimiter);
  });

  it("keeps an instance key on the instance", async () => {
    const instance = await blockscoutTarget({ chainId: 10, apiKey: "instance-key" });
    expect(instance.keyIn).toBe("query");
    expect(instance.api.rpc).toBe("https://optimism.blockscout.com/api");
  });

  it("says clearly what is missing", async () => {
    // Said alone, the door's clause is one sentence with one full stop.
    await expect(blockscoutTarget({})).rejects.toThrow(/^Give its URL as the explorerUrl option\.$/);
    await expect(blockscoutTarget({ chainId: 424_242_424 })).rejects.toThrow(
      "No Blockscout explorer is known for chain 424242424: give its URL as the explorerUrl option.",
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
