import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import { verifyJobs } from "../../src/verify/verifyJobs.js";
import { testAddress } from "../support/addresses.js";
import { challengePage } from "../support/challengeFront.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// A proxy system's link on Blockscout, which finds a proxy's implementation itself: the run checks that it found the
// implementation the chain shows.
const { explorer } = await useTestExplorer();

function client(): BlockscoutVerifier {
  return blockscoutVerifierAt(explorer.url, {
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  });
}

// A verified proxy that the explorer links to `linkedTo`, and the implementation the chain shows, not verified yet.
function system(implementationId: number, proxyId: number, linkedTo: string | undefined) {
  const implementation = testAddress(implementationId);
  const proxy = testAddress(proxyId);
  explorer.backend.addContract(implementation).addContract(proxy, {
    verified: { contractName: "ERC1967Proxy" },
    implementation: linkedTo ?? implementation,
  });
  const proxies = [
    { address: proxy, proxy: { kind: "eip1967" as const, implementations: [implementation] } },
  ];
  return { implementation, proxy, proxies };
}

describe("a proxy system's link on Blockscout", () => {
  it("verifies the implementation first, then links the proxy to it and records its kind", async () => {
    const { implementation, proxy, proxies } = system(0x5001, 0x5002, undefined);
    const results = await verifyJobs(client(), [standardJsonJob(implementation)], { ...fastEngine, proxies });
    expect(results).toEqual([
      expect.objectContaining({
        address: implementation,
        status: "verified",
        partOf: { proxy, role: "implementation" },
      }),
      expect.objectContaining({
        address: proxy,
        format: "proxy",
        status: "verified",
        contract: "proxy of contracts/Token.sol:Token",
        proxy: { kind: "eip1967", implementations: [implementation] },
      }),
    ]);
    expect(explorer.requestsFor("verifyproxycontract").map((request) => request.body.address)).toContain(
      proxy,
    );
  });

  it("links every proxy at once: a job's named proxy and a system read from the chain both ask before either polls", async () => {
    const { implementation, proxy, proxies } = system(0x5021, 0x5022, undefined);
    const named = testAddress(0x5023);
    const namedProxy = testAddress(0x5024);
    explorer.backend.addContract(named).addContract(namedProxy, {
      verified: { contractName: "ERC1967Proxy" },
      implementation: named,
    });
    // Each link reads `Verification in progress` twice before its verdict.
    explorer.backend.proxyPendingPolls = 2;
    const results = await verifyJobs(
      client(),
      [standardJsonJob(implementation), standardJsonJob(named, { proxyAddress: namedProxy })],
      { ...fastEngine, proxies },
    );
    expect(results.filter((r) => r.format === "proxy").map((r) => [r.address, r.status])).toEqual([
      [proxy, "verified"],
      [namedProxy, "verified"],
    ]);
    const linkRequests = explorer.requests
      .map((r) => String(r.query.action ?? r.body.action ?? ""))
      .filter((action) => action === "verifyproxycontract" || action === "checkproxyverification");
    expect(linkRequests.slice(0, 2)).toEqual(["verifyproxycontract", "verifyproxycontract"]);
  });

  it("fails the link when Blockscout links the proxy to another implementation than the chain shows", async () => {
    const other = testAddress(0x5013);
    const { implementation, proxy, proxies } = system(0x5011, 0x5012, other);
    const results = await verifyJobs(client(), [standardJsonJob(implementation)], { ...fastEngine, proxies });
    expect(results[1]).toMatchObject({
      address: proxy,
      format: "proxy",
      status: "failed",
      message: `The explorer linked the proxy to ${other.toLowerCase()}, not to ${implementation.toLowerCase()}. The chain shows ${implementation.toLowerCase()}.`,
      error: { code: "implementation_mismatch" },
    });
  });

  it("does not link a proxy whose implementation failed to verify, and says which part", async () => {
    const { implementation, proxy, proxies } = system(0x5021, 0x5022, undefined);
    explorer.backend.script(implementation, { result: "fail" });
    const before = explorer.requestsFor("verifyproxycontract").length;
    const results = await verifyJobs(client(), [standardJsonJob(implementation)], { ...fastEngine, proxies });
    expect(results[1]).toMatchObject({
      address: proxy,
      format: "proxy",
      status: "failed",
      message: `Not linked: the implementation ${implementation.toLowerCase()} is not verified.`,
      error: { code: "verification_failed" },
    });
    expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(before);
  });

  it.each([
    [
      "a bot challenge",
      {
        kind: "status" as const,
        status: 403,
        body: challengePage,
        contentType: "text/html; charset=UTF-8",
        headers: { "cf-mitigated": "challenge" },
      },
      "bot_protection",
      "the explorer's bot challenge stopped the implementation IMPLEMENTATION; the run that verifies it links them.",
    ],
    [
      "a used-up quota",
      {
        kind: "status" as const,
        status: 429,
        body: JSON.stringify({ message: "Too Many Requests" }),
        contentType: "application/json",
        headers: { "x-credits-remaining": "0" },
      },
      "quota_exhausted",
      "the used-up quota stopped the implementation IMPLEMENTATION; the run that verifies it after the reset links them.",
    ],
  ])(
    "says the link waits on the service's refusal when %s stopped the implementation, with its code",
    async (_, refusal, code, why) => {
      const { implementation, proxy, proxies } = system(
        0x5031 + code.length,
        0x5041 + code.length,
        undefined,
      );
      explorer.faults.next(refusal);
      const results = await verifyJobs(client(), [standardJsonJob(implementation)], {
        ...fastEngine,
        proxies,
      });
      expect(
        results.map((result) => [result.address, result.format, result.status, result.error?.code]),
      ).toEqual([
        [implementation, "standard-json", "failed", code],
        [proxy, "proxy", "failed", code],
      ]);
      expect(results[1]?.message).toBe(`Not linked: ${why.replace("IMPLEMENTATION", implementation)}`);
      expect(explorer.requestsFor("verifyproxycontract")).toEqual([]);
    },
  );

  it.each([
    ["verified by this run: the link it shows is this run's", false, "verified"],
    ["verified before: the link was there already", true, "already-verified"],
  ])(
    "takes a link the explorer shows at once, its implementation %s",
    async (_, implementationVerifiedBefore, linkStatus) => {
      const offset = implementationVerifiedBefore ? 2 : 0;
      const implementation = testAddress(0x5061 + offset);
      const proxy = testAddress(0x5062 + offset);
      explorer.backend
        .addContract(
          implementation,
          implementationVerifiedBefore ? { verified: { contractName: "Token" } } : {},
        )
        .addContract(proxy, {
          verified: {
            contractName: "ERC1967Proxy",
            implementationAddresses: [implementation.toLowerCase()],
          },
        });
      const proxies = [
        { address: proxy, proxy: { kind: "eip1967" as const, implementations: [implementation] } },
      ];
      const before = explorer.requestsFor("verifyproxycontract").length;
      const results = await verifyJobs(client(), [standardJsonJob(implementation)], {
        ...fastEngine,
        proxies,
      });
      expect(results.map((result) => [result.address, result.format, result.status])).toEqual([
        [implementation, "standard-json", implementationVerifiedBefore ? "already-verified" : "verified"],
        [proxy, "proxy", linkStatus],
      ]);
      expect(explorer.requestsFor("verifyproxycontract")).toHaveLength(before);
    },
  );
});
