import { createServer } from "node:net";
import { beforeEach, describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { afterFakeTime } from "../../support/fakeTime.js";
import {
  getAbi,
  getSourceCode,
  HttpError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  type TransportEvent,
  verifySourceCode,
} from "../../support/internals.js";
import { transportFor } from "../../support/transportFor.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();
const address = testAddress(0xa1);

beforeEach(() => {
  explorer.backend.addContract(address, { verified: { abi: [] } });
});

const standardJson = {
  codeFormat: "solidity-standard-json-input" as const,
  address,
  contractName: "A.sol:A",
  compilerVersion: "v0.8.28+commit.7893614a",
  standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
};

describe("transport", () => {
  it("ends a request to a server that never answers with a TimeoutError at its deadline", async () => {
    explorer.faults.next({ kind: "hang" });
    const transport = transportFor(explorer, { requestTimeoutMs: 1_500 });
    // The time limit is a timer of the machine's: Jest's here, moved on once the request is at the server.
    const error = await afterFakeTime(
      1_500,
      () => explorer.requests.length === 1,
      () => getAbi(transport, { address }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "timeout",
      timeoutMs: 1_500,
      shortMessage: "The explorer did not answer within 1.5 s.",
    });
    expect(explorer.requests).toHaveLength(1);
  });

  it("waits out a 429 for x-ratelimit-reset ms, says so, then retries and succeeds", async () => {
    explorer.faults.next({ kind: "rate-limit", resetMs: 120 });
    const events: TransportEvent[] = [];
    const transport = transportFor(explorer, { onEvent: (e) => events.push(e) });
    await expect(getAbi(transport, { address })).resolves.toEqual([]);
    expect(explorer.requests).toHaveLength(2);
    expect(events).toEqual([
      {
        type: "rate-limited",
        url: `${explorer.url}/api?module=contract&action=getabi&address=${address}`,
        waitMs: 120,
        attempt: 1,
      },
    ]);
  });

  it("uses Retry-After (seconds) when there is no x-ratelimit-reset", async () => {
    explorer.faults.next({
      kind: "status",
      status: 429,
      contentType: "text/plain",
      body: "slow down",
      headers: { "retry-after": "0.05" },
    });
    const events: TransportEvent[] = [];
    const transport = transportFor(explorer, { onEvent: (e) => events.push(e) });
    await expect(getAbi(transport, { address })).resolves.toEqual([]);
    expect(events[0]).toMatchObject({ type: "rate-limited", waitMs: 50 });
  });

  it("retries a submission answered 429: the explorer refused it before acting on it", async () => {
    explorer.faults.next({ kind: "rate-limit", resetMs: 10 });
    const transport = transportFor(explorer);
    explorer.backend.addContract(testAddress(0xa2));
    await expect(
      verifySourceCode(transport, { ...standardJson, address: testAddress(0xa2) }),
    ).resolves.toMatchObject({ kind: "guid" });
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(2);
  });

  it("gives up on a 429 that persists with a RateLimitedError carrying the explorer's text", async () => {
    explorer.faults.next(
      { kind: "rate-limit", resetMs: 5 },
      { kind: "rate-limit", resetMs: 5 },
      { kind: "rate-limit", resetMs: 5 },
    );
    const transport = transportFor(explorer, { maxRateLimitRetries: 2 });
    const error = await getAbi(transport, { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).shortMessage).toBe(
      "The explorer's rate limit was exceeded, and retrying did not help.",
    );
    expect((error as RateLimitedError).details).toBe(
      "The explorer said: Too many requests. Increase limits now at https://dev.blockscout.com. An API key raises the limit.",
    );
    expect(explorer.requests).toHaveLength(3);
  });

  it("waits out Etherscan's rate limit, answered HTTP 200 with NOTOK, and sends the request again", async () => {
    const etherscanRateLimit = {
      kind: "status" as const,
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"NOTOK","result":"Max calls per sec rate limit reached (5/sec)"}',
    };
    explorer.faults.next(etherscanRateLimit);
    const events: TransportEvent[] = [];
    const transport = transportFor(explorer, { onEvent: (e) => events.push(e) });
    await expect(getAbi(transport, { address })).resolves.toEqual([]);
    expect(explorer.requests).toHaveLength(2);
    expect(events).toEqual([expect.objectContaining({ type: "rate-limited", waitMs: 1_000, attempt: 1 })]);

    explorer.faults.next(etherscanRateLimit, etherscanRateLimit);
    const error = await getAbi(transportFor(explorer, { maxRateLimitRetries: 1 }), { address }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ explorerMessage: "Max calls per sec rate limit reached (5/sec)" });
  });

  it("gives Etherscan's reason from result, not its bare NOTOK, when a submission is refused", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"NOTOK","result":"Invalid constructor arguments provided. Please verify that they are in ABI-encoded format"}',
    });
    const error = await verifySourceCode(transportFor(explorer), standardJson).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "explorer_error",
      explorerMessage:
        "Invalid constructor arguments provided. Please verify that they are in ABI-encoded format",
      shortMessage:
        "The explorer refused the request: Invalid constructor arguments provided. Please verify that they are in ABI-encoded format",
    });
  });

  it("says an HTML page came back for a 502 gateway page, after retrying the read", async () => {
    explorer.faults.next({ kind: "html", status: 502 }, { kind: "html", status: 502 });
    const transport = transportFor(explorer, { maxRetries: 1 });
    const error = await getAbi(transport, { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      "The explorer answered an HTML page (HTTP 502) instead of JSON.",
    );
    expect((error as InvalidResponseError).body).toMatchObject({ status: 502, contentType: "text/html" });
    expect((error as Error).message).toContain(
      'Body starts with: "<!DOCTYPE html><html><head><title>502 Bad Gateway',
    );
    expect(explorer.requests).toHaveLength(2);
  });

  it("recovers from a 500 and a reset connection on reads by retrying", async () => {
    explorer.faults.next(
      {
        kind: "status",
        status: 500,
        contentType: "application/json",
        body: '{"message":"Internal server error"}',
      },
      { kind: "reset" },
    );
    const events: TransportEvent[] = [];
    const transport = transportFor(explorer, { onEvent: (e) => events.push(e) });
    await expect(getSourceCode(transport, { address })).resolves.toMatchObject({ address });
    expect(explorer.requests).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual(["retry", "retry"]);
  });

  it("never resends a submission that the explorer may have received (reset or 5xx)", async () => {
    explorer.faults.next({ kind: "reset" });
    const transport = transportFor(explorer);
    const error = await verifySourceCode(transport, standardJson).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ maybeReceived: true });
    explorer.faults.next({
      kind: "status",
      status: 503,
      contentType: "application/json",
      body: '{"message":"busy"}',
    });
    const second = await verifySourceCode(transport, standardJson).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(HttpError);
    expect((second as HttpError).shortMessage).toBe("The explorer answered HTTP 503: busy");
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(2);
  });

  it("reports a redirect with where it points, and does not follow it", async () => {
    explorer.faults.next({
      kind: "status",
      status: 301,
      body: "<html><body>Moved</body></html>",
      contentType: "text/html",
      headers: { location: "https://explorer.example/api" },
    });
    const error = await getAbi(transportFor(explorer), { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      "The explorer answered with a redirect (HTTP 301) to https://explorer.example/api instead of JSON.",
    );
    expect(explorer.requests).toHaveLength(1);
  });

  it("calls malformed JSON malformed", async () => {
    explorer.faults.next(
      { kind: "malformed-json" },
      { kind: "malformed-json" },
      { kind: "malformed-json" },
      { kind: "malformed-json" },
    );
    const error = await getAbi(transportFor(explorer), { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      "The explorer answered malformed JSON (HTTP 200).",
    );
  });

  it("says what it could not reach when the connection is refused", async () => {
    const port = await freePort();
    const transport = transportFor(explorer, { explorerUrl: `http://127.0.0.1:${port}`, maxRetries: 1 });
    const error = await getAbi(transport, { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      errno: "ECONNREFUSED",
      maybeReceived: false,
      shortMessage: `Could not reach 127.0.0.1:${port}: the connection was refused.`,
    });
  });

  it("reports a JSON answer that is not an envelope", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"items":[]}',
    });
    const error = await getAbi(transportFor(explorer), { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      "The explorer's answer to getabi is not a contract-module envelope ({status, message, result}).",
    );
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
