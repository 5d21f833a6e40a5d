import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { isRetryable } from "../../src/verify/retryable.js";
import { testAddress } from "../support/addresses.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { ExplorerClient, HttpError, NotSupportedError, type TransportEvent } from "../support/internals.js";

// The local explorer's `proApi` setting: the Blockscout API's own answers (shared/deploy-tools.md §5) under
// `/{chainId}/api`, in front of the explorer, whose root stays the chain's own instance.
const proKey = "proapi_int0123456789SECRET";
let chain: HardhatChain;
let explorer: LocalExplorer;
let api: string;

beforeAll(async () => {
  chain = await startHardhatChain();
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    proApi: { requireKey: true, credits: 1_000 },
  });
  api = `${explorer.url}/${explorer.chainId}`;
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

const quotaHeaders = [
  "x-credits-remaining",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  return { status: response.statusCode, headers: response.headers, body: await response.body.json() };
}

function client(events: TransportEvent[] = []): ExplorerClient {
  return new ExplorerClient({
    explorerUrl: api,
    apiKey: proKey,
    apiKeyIn: "bearer",
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    onEvent: (event) => events.push(event),
  });
}

describe("the local explorer as the Blockscout API", () => {
  it("402 for a call without a proapi_ key, RPC and REST alike, with x402's terms and -1 in every quota header", async () => {
    const address = testAddress(1);
    for (const url of [
      `${api}/api?module=contract&action=getabi&address=${address}`,
      `${api}/api/v2/smart-contracts/${address}`,
      `${api}/api?module=contract&action=getabi&address=${address}&apikey=not-a-pro-key`,
    ]) {
      const answer = await get(url);
      expect([url, answer.status, answer.body]).toEqual([
        url,
        402,
        { error: "Proceed with API key or make a X402 payment to continue" },
      ]);
      expect(typeof answer.headers["payment-required"]).toBe("string");
      for (const name of quotaHeaders) expect([name, answer.headers[name]]).toEqual([name, "-1"]);
    }
  });

  it("404 Network not supported for a chain it does not serve, as {error, source}", async () => {
    const answer = await get(
      `${explorer.url}/1/api?module=contract&action=getabi&address=${testAddress(2)}`,
      {
        authorization: `Bearer ${proKey}`,
      },
    );
    expect([answer.status, answer.body]).toEqual([
      404,
      { error: "Network not supported", source: "internal" },
    ]);
    expect(answer.headers["x-credits-remaining"]).toBe("-1");
  });

  it("with a key (Bearer or apikey) hands the call to the instance and states the credits left, 20 less a call", async () => {
    const path = `/api/v2/smart-contracts/${testAddress(3)}`;
    const first = await get(`${api}${path}`, { authorization: `Bearer ${proKey}` });
    const second = await get(`${api}${path}?apikey=${proKey}`);
    const instance = await get(`${explorer.url}${path}`);
    expect([first.status, first.body]).toEqual([instance.status, instance.body]);
    expect(second.body).toEqual(instance.body);
    expect(Number(first.headers["x-credits-remaining"]) - Number(second.headers["x-credits-remaining"])).toBe(
      20,
    );
    // The instance itself asks for no key and states no credits.
    expect(instance.headers["x-credits-remaining"]).toBeUndefined();
  });

  it("an upstream 503 asked for is retried by the product, and the read then passes", async () => {
    const events: TransportEvent[] = [];
    explorer.proApi?.failNext("upstream-unavailable");
    await expect(client(events).getAbi({ address: testAddress(4) })).resolves.toBeNull();
    expect(events.map((event) => event.type)).toEqual(["retry"]);
  });

  it("an upstream 504 on a submission is a server error a later attempt may get past", async () => {
    explorer.proApi?.failNext("gateway-timeout");
    const error = await client()
      .verifySourceCode({
        codeFormat: "solidity-standard-json-input",
        address: testAddress(5),
        contractName: "A.sol:A",
        compilerVersion: "v0.8.28+commit.7893614a",
        standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).shortMessage).toBe(
      "The explorer answered HTTP 504: Gateway timeout (the Blockscout API, source upstream)",
    );
    expect(isRetryable(error)).toBe(true);
  });

  it("an upstream 501 says the instance lacks the capability, and is not retried", async () => {
    explorer.proApi?.failNext("not-implemented");
    const error = await client()
      .getAbi({ address: testAddress(6) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotSupportedError);
    expect((error as NotSupportedError).shortMessage).toBe(
      "The chain's Blockscout instance does not offer the action getabi (HTTP 501 through the Blockscout API: Not implemented, source upstream); asking again does not help.",
    );
    expect(isRetryable(error)).toBe(false);
  });
});
