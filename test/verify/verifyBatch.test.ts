import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import { isSuccess } from "../../src/verify/job.js";
import { secretApiKey, testAddress } from "../support/addresses.js";
import { challengePage } from "../support/challengeFront.js";
import { fastEngine, flattenedJob, standardJsonJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();

function client(apiKey?: string): BlockscoutVerifier {
  return blockscoutVerifierAt(explorer.url, {
    apiKey,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock: fastEngine.clock }),
    clock: fastEngine.clock,
  });
}

// An implementation not verified yet, and a proxy verified already that points at it.
function verifiedProxy(implementationId: number, proxyId: number) {
  const implementation = testAddress(implementationId);
  const proxy = testAddress(proxyId);
  explorer.backend
    .addContract(implementation)
    .addContract(proxy, { verified: { contractName: "ERC1967Proxy" }, implementation });
  return { implementation, proxy };
}

describe("verifyBatch", () => {
  it("verifies many contracts a few at a time, keeps going past failures, and returns records in job order", async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => testAddress(0x2000 + i));
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.backend.script(addresses[3]!, { result: "fail" });
    const events: VerificationEvent[] = [];
    const jobs = addresses.map((address) => standardJsonJob(address));
    jobs.push(flattenedJob("0xnot-an-address"));
    const results = await verifyBatch(jobs, {
      explorerUrl: explorer.url,
      verifier: client(),
      concurrency: 3,
      ...fastEngine,
      onEvent: (e) => events.push(e),
    });
    expect(results.map((r) => r.address)).toEqual([...addresses, "0xnot-an-address"]);
    expect(results.map((r) => r.status)).toEqual([
      ...Array(3).fill("verified"),
      "failed",
      ...Array(8).fill("verified"),
      "failed",
    ]);
    expect(results.filter(isSuccess)).toHaveLength(11);
    expect(events.filter((e) => e.type === "finished")).toHaveLength(13);
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(12);
  });

  it("links a proxy after its implementation and gives the link its own record", async () => {
    const { implementation, proxy } = verifiedProxy(0x3001, 0x3002);
    const results = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(results).toEqual([
      expect.objectContaining({ address: implementation, status: "verified", format: "standard-json" }),
      expect.objectContaining({
        address: proxy,
        status: "verified",
        format: "proxy",
        contract: "proxy of contracts/Token.sol:Token",
        attempts: 1,
      }),
    ]);
    expect(explorer.requestsFor("verifyproxycontract")[0]?.body).toEqual({
      address: proxy,
      expectedimplementation: implementation,
    });
  });

  it("fails a link the job names (a bundle's, the task's) when the explorer links the proxy to another implementation", async () => {
    const implementation = testAddress(0x300b);
    const proxy = testAddress(0x300c);
    const other = `0x${"de".repeat(2)}${"ad".repeat(18)}`;
    explorer.backend
      .addContract(implementation)
      .addContract(proxy, { verified: { contractName: "ERC1967Proxy" }, implementation: other });
    const results = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(results.map((r) => [r.address, r.format, r.status, r.error, r.message])).toEqual([
      [implementation, "standard-json", "verified", undefined, undefined],
      [
        proxy,
        "proxy",
        "failed",
        { code: "implementation_mismatch" },
        `The explorer linked the proxy to ${other}, not to ${implementation}.`,
      ],
    ]);
    expect(results.every(isSuccess)).toBe(false);
    expect(explorer.requestsFor("verifyproxycontract").map((request) => request.body)).toEqual([
      { address: proxy, expectedimplementation: implementation },
    ]);
  });

  it("says the link a job names waits on the bot challenge that stopped its implementation, with its code", async () => {
    const { implementation, proxy } = verifiedProxy(0x300d, 0x300e);
    explorer.faults.next({
      kind: "status",
      status: 403,
      body: challengePage,
      contentType: "text/html; charset=UTF-8",
      headers: { "cf-mitigated": "challenge" },
    });
    const results = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(results.map((r) => [r.address, r.format, r.status, r.error, r.message])).toEqual([
      [implementation, "standard-json", "failed", { code: "bot_protection" }, expect.any(String)],
      [
        proxy,
        "proxy",
        "failed",
        { code: "bot_protection" },
        "Not linked: the explorer's bot challenge stopped the implementation; the run that verifies it links them.",
      ],
    ]);
    expect(explorer.requestsFor("verifyproxycontract")).toEqual([]);
  });

  it("gives a link whose own request met a bot challenge the challenge's code and ways out", async () => {
    const { implementation, proxy } = verifiedProxy(0x300f, 0x3010);
    explorer.faults.applies = (request) => request.query.action === "verifyproxycontract";
    explorer.faults.next({
      kind: "status",
      status: 403,
      body: challengePage,
      contentType: "text/html; charset=UTF-8",
      headers: { "cf-mitigated": "challenge" },
    });
    const [verified, link] = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(verified).toMatchObject({ status: "verified" });
    expect(link).toMatchObject({
      address: proxy,
      format: "proxy",
      status: "failed",
      error: { code: "bot_protection" },
    });
    expect(link?.message).toMatch(
      /^The explorer at 127\.0\.0\.1:\d+ answered with a bot challenge \(HTTP 403, .*\) instead of its API: .* Two ways out: a browser-like User-Agent/,
    );
    expect(explorer.faults.applied.status).toBe(1);
    expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(1);
  });

  it("gives a link refused for the used-up daily quota the code quota_exhausted and its remedy", async () => {
    const { implementation, proxy } = verifiedProxy(0x3011, 0x3012);
    explorer.faults.applies = (request) => request.query.action === "verifyproxycontract";
    explorer.faults.next({
      kind: "status",
      status: 200,
      body: JSON.stringify({ status: "0", message: "NOTOK", result: "Max daily rate limit reached" }),
      contentType: "application/json",
    });
    const [verified, link] = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(verified).toMatchObject({ status: "verified" });
    expect(link).toMatchObject({
      address: proxy,
      format: "proxy",
      status: "failed",
      error: {
        code: "quota_exhausted",
        details: "Run again once the quota resets (daily), or with a key of a higher plan.",
      },
    });
    expect(link?.message).toMatch(/daily quota is used up: Max daily rate limit reached/);
    expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(1);
  });

  it("links a proxy through Blockscout's 500 envelopes on the link request and on the checks", async () => {
    const { implementation, proxy } = verifiedProxy(0x3007, 0x3008);
    explorer.backend.proxyPendingPolls = 1;
    let linkRequests = 0;
    explorer.faults.applies = (r) =>
      r.query.action === "checkproxyverification" ||
      (r.query.action === "verifyproxycontract" && linkRequests++ === 0);
    const blockscout500 = { kind: "server-error" as const };
    // The link request once; then a whole check (the transport tries a read four times).
    explorer.faults.next(blockscout500, blockscout500, blockscout500, blockscout500, blockscout500);
    const events: VerificationEvent[] = [];
    const [, link] = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
      onEvent: (e) => events.push(e),
    });
    expect(link).toMatchObject({ address: proxy, status: "verified", format: "proxy", attempts: 2 });
    expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(2);
    expect(explorer.faults.applied["server-error"]).toBe(5);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "pending",
        address: proxy,
        message: "The explorer answered HTTP 500: Something went wrong. Polling again.",
      }),
    );
  });

  it("leaves a proxy link pending, with no guid of its own, when the implementation's verdict is not awaited", async () => {
    const { implementation, proxy } = verifiedProxy(0x3009, 0x300a);
    explorer.backend.script(implementation, { result: "pass", pendingPolls: 2 });
    const [implementationResult, link] = await verifyBatch(
      [standardJsonJob(implementation, { proxyAddress: proxy, wait: false })],
      { explorerUrl: explorer.url, verifier: client(), ...fastEngine },
    );
    expect(implementationResult).toMatchObject({ status: "pending", guid: expect.any(String) });
    expect(link).toEqual({
      address: proxy,
      contract: "proxy of contracts/Token.sol:Token",
      explorer: explorer.url,
      format: "proxy",
      status: "pending",
      url: `${explorer.url}/address/${proxy}#code`,
      attempts: 0,
      durationMs: 0,
      target: "blockscout",
      message:
        "Not linked yet: the implementation's verdict was not awaited. Link them with another run once it is verified.",
    });
    expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(0);
  });

  it("says why a proxy could not be linked when the proxy contract is not verified", async () => {
    const implementation = testAddress(0x3003);
    const proxy = testAddress(0x3004);
    explorer.backend.addContract(implementation).addContract(proxy, { implementation });
    const [, link] = await verifyBatch([standardJsonJob(implementation, { proxyAddress: proxy })], {
      explorerUrl: explorer.url,
      verifier: client(),
      ...fastEngine,
    });
    expect(link).toMatchObject({ status: "failed", format: "proxy" });
    expect(link?.message).toBe(
      "The explorer refused the request: Smart-contract not found or is not verified. The proxy contract itself must be verified before it can be linked to its implementation.",
    );
  });

  it("keeps the API key out of every result and event", async () => {
    const address = testAddress(0x3005);
    explorer.backend.addContract(address).script(address, { result: "fail" });
    explorer.faults.next({ kind: "html", status: 502 });
    const events: VerificationEvent[] = [];
    const results = await verifyBatch([standardJsonJob(address), flattenedJob(testAddress(0x3006))], {
      explorerUrl: explorer.url,
      verifier: client(secretApiKey),
      ...fastEngine,
      onEvent: (e) => events.push(e),
    });
    expect(explorer.requests[0]?.query.apikey).toBe(secretApiKey);
    expect(results[1]?.message).toBe(
      `The explorer says ${testAddress(0x3006)} is not a contract. It still was not after ${results[1]?.attempts} attempts; check the address and the network.`,
    );
    const text = JSON.stringify({ results, events });
    expect(text).not.toContain(secretApiKey);
    expect(text).not.toContain(encodeURIComponent(secretApiKey));
  });
});
