import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { progressLine } from "../../src/report/progressLine.js";
import { resolveTargets } from "../../src/run/targets/targets.js";
import type { BlockscoutTarget } from "../../src/verifiers/target.js";
import { isRetryable } from "../../src/verify/retryable.js";
import { testAddress } from "../support/addresses.js";
import {
  type BlockscoutApiStandIn,
  blockscoutApiAnswers,
  startBlockscoutApiStandIn,
} from "../support/blockscoutStandIns.js";
import {
  ExplorerClient,
  HttpError,
  NotSupportedError,
  PaymentRequiredError,
  type TransportEvent,
  verifierFor,
} from "../support/internals.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// What the Blockscout API answers by itself (shared/deploy-tools.md §5): a loopback stand-in of it, handing what it
// serves to the test explorer as the API hands requests to a chain's instance.
const proKey = "proapi_0123456789abcdefSECRET";
// Not on the stand-in, and in no registry: the API answers 404 Network not supported for it.
const unservedChain = 424_242;
let explorer: TestExplorer;
let api: BlockscoutApiStandIn;

beforeAll(async () => {
  explorer = await startTestExplorer({ smartContractStatus: true });
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

function throughApi(chainId: number, events: TransportEvent[] = []): ExplorerClient {
  return new ExplorerClient({
    explorerUrl: `${api.url}/${chainId}`,
    apiKey: proKey,
    apiKeyIn: "bearer",
    onEvent: (event) => events.push(event),
    ...fast,
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("402 Payment Required (x402, a call without a key)", () => {
  it("is payment_required, says a proapi_ key is needed, and nothing more is sent", async () => {
    const client = new ExplorerClient({ explorerUrl: `${api.url}/10`, ...fast });
    const error = await caught(client.getAbi({ address: testAddress(1) }));
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect((error as PaymentRequiredError).code).toBe("payment_required");
    expect((error as PaymentRequiredError).shortMessage).toBe(
      `The service at ${new URL(api.url).host} asks for payment (HTTP 402 Payment Required (Proceed with API key or make a X402 payment to continue)): the Blockscout API answers a request without a key it accepts only as a paid call (x402), which explorer-verify does not make. Nothing more is sent to this service in this run.`,
    );
    expect((error as PaymentRequiredError).details).toContain("Give a Blockscout API key (proapi_…");
    expect(isRetryable(error)).toBe(false);
    await expect(client.getSourceCode({ address: testAddress(2) })).rejects.toBe(error);
    expect(api.seen).toHaveLength(1);
    expect(explorer.requests).toHaveLength(0);
  });
});

describe("404 Network not supported", () => {
  async function targetFor(explorerUrl: string, secrets: string[] = []): Promise<BlockscoutTarget> {
    const { targets } = await resolveTargets({
      services: ["blockscout"],
      chains: [{ claims: [{ id: unservedChain, source: "the test" }] }],
      explorerUrl: { url: explorerUrl, source: "the test's URL", secrets },
      keys: { blockscout: proKey },
      apiUrls: { blockscout: { url: api.url, source: "the test's API" } },
      lookup: { refresh: false, cacheDir: false },
      howToNameExplorer: "give its URL as the explorerUrl option",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "",
    });
    const [target] = targets;
    if (target?.service !== "blockscout") throw new Error("expected a Blockscout target");
    return target;
  }

  it("falls back to the chain's instance, without the API's key, says so once, and sends everything after there", async () => {
    const target = await targetFor(explorer.url);
    expect(target.api.rpc).toBe(`${api.url}/${unservedChain}/api`);
    expect(target.fallback?.base).toBe(explorer.url);
    const events: TransportEvent[] = [];
    const verifier = await verifierFor(target, { ...fast, onEvent: (event) => events.push(event) });
    const address = testAddress(0x4201);
    explorer.backend.addContract(address, { abi: [] });
    explorer.backend.script(address, { result: "pass" });

    // Called as a library user calls a verifier, without a deadline: the call is unbounded.
    await expect(verifier.lookUp(address)).resolves.toMatchObject({ state: "unverified" });
    const outcome = await verifier.submit(
      {
        format: "standard-json",
        address,
        contractName: "A.sol:A",
        compilerVersion: "v0.8.28+commit.7893614a",
        input: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
      },
      30_000,
      Number.POSITIVE_INFINITY,
    );
    expect(outcome.kind).toBe("receipt");

    // The API answered once, for itself; the same request and the next ones went to the instance.
    expect(api.seen.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([
      `GET /${unservedChain}/api/v2/smart-contracts/${address}`,
    ]);
    expect(explorer.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v2/smart-contracts/${address}`,
      "POST /api",
    ]);
    for (const request of explorer.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers["x-api-key"]).toBeUndefined();
      expect(JSON.stringify(request)).not.toContain(proKey);
    }
    expect(events).toEqual([
      {
        type: "fallback",
        url: `${api.url}/${unservedChain}/api/v2/smart-contracts/${address}`,
        to: explorer.url,
        reason: `the Blockscout API does not serve chain ${unservedChain} (HTTP 404: Network not supported)`,
      },
    ]);
    expect(progressLine({ type: "transport", event: events[0] as TransportEvent })).toBe(
      `fallback    the Blockscout API does not serve chain ${unservedChain} (HTTP 404: Network not supported): asking the chain's instance ${explorer.url} instead`,
    );
  });

  it("says which instance it falls back to with what a foundry.toml variable in its URL expanded to masked", async () => {
    const target = await targetFor(`${explorer.url}/tok_SECRET999`, ["tok_SECRET999"]);
    const events: TransportEvent[] = [];
    const verifier = await verifierFor(target, { ...fast, onEvent: (event) => events.push(event) });
    await verifier.lookUp(testAddress(0x4202)).catch(() => undefined);
    expect(events[0]).toMatchObject({ type: "fallback", to: `${explorer.url}/***` });
    expect(JSON.stringify(events)).not.toContain("tok_SECRET999");
  });

  it("is a clear error naming the chain when no instance of it is known", async () => {
    const client = throughApi(unservedChain);
    const error = await caught(client.getAbi({ address: testAddress(3) }));
    expect(error).toBeInstanceOf(NotSupportedError);
    expect((error as NotSupportedError).code).toBe("not_supported");
    expect((error as NotSupportedError).shortMessage).toBe(
      `The Blockscout API does not serve chain ${unservedChain} (HTTP 404: Network not supported), and no Blockscout instance of the chain is known to ask instead: name the chain's explorer URL (explorer-url, --explorer-url or explorerVerify.chains), or leave Blockscout out of the targets for it.`,
    );
    expect(isRetryable(error)).toBe(false);
    expect(api.seen).toHaveLength(1);
  });
});

describe("the API's {error, source} answers from the chain's instance", () => {
  it("503 from upstream is retried, and the read then passes", async () => {
    const events: TransportEvent[] = [];
    const address = testAddress(0x4202);
    explorer.backend.addContract(address);
    api.next(blockscoutApiAnswers.upstreamUnavailable);
    // The instance's own answer: the contract is not verified.
    await expect(throughApi(10, events).getAbi({ address })).resolves.toBeNull();
    expect(api.seen).toHaveLength(2);
    expect(explorer.requestsFor("getabi")).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual(["retry"]);
  });

  it("504 from upstream on a submission is a server error a later attempt may get past", async () => {
    api.next(blockscoutApiAnswers.gatewayTimeout);
    const error = await caught(
      throughApi(10).verifySourceCode({
        codeFormat: "solidity-standard-json-input",
        address: testAddress(0x4203),
        contractName: "A.sol:A",
        compilerVersion: "v0.8.28+commit.7893614a",
        standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
      }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).shortMessage).toBe(
      "The explorer answered HTTP 504: Gateway timeout (the Blockscout API, source upstream)",
    );
    expect(isRetryable(error)).toBe(true);
    // A submission is not sent again by the transport: the engine looks before it sends again.
    expect(api.seen).toHaveLength(1);
  });

  it("501 says the instance lacks the capability, and is not retried", async () => {
    api.next(blockscoutApiAnswers.notImplemented, blockscoutApiAnswers.notImplemented);
    const client = throughApi(10);
    const error = await caught(client.getAbi({ address: testAddress(4) }));
    expect(error).toBeInstanceOf(NotSupportedError);
    expect((error as NotSupportedError).shortMessage).toBe(
      "The chain's Blockscout instance does not offer the action getabi (HTTP 501 through the Blockscout API: Not implemented, source upstream); asking again does not help.",
    );
    expect((error as NotSupportedError).metaMessages).toEqual([
      `Request: GET ${api.url}/10/api?module=contract&action=getabi&address=${testAddress(4)}`,
      "HTTP status: 501",
    ]);
    expect(isRetryable(error)).toBe(false);
    expect(api.seen).toHaveLength(1);
  });
});
