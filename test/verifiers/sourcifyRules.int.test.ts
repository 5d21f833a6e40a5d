import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { SharedAcrossChains } from "../../src/verifiers/sharedAcrossChains.js";
import { SourcifyVerifier } from "../../src/verifiers/sourcifyVerifier.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { verifyJobs } from "../../src/verify/verifyJobs.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// Sourcify by its own rules (other-verifiers-api.md §5.2), against the stand-in that judges with lib-sourcify: a
// 429 duplicate is followed, not resubmitted; a partial match is upgraded; several chains share one all-chains lookup.
const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
  concurrency: 2,
};
const chainIds = [31337, 31338, 31339];

let chain: HardhatChain;
let emulator: SourcifyEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  // One node answers for three chains: the same contract "deployed" on each.
  emulator = await startSourcifyEmulator({
    rpcUrl: chain.rpcUrl,
    chainId: 31337,
    moreChainIds: [31338, 31339],
  });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  await chain?.stop();
});

function sourcify(chainId = 31337, duplicateWaitMs = 20, shared?: SharedAcrossChains): SourcifyVerifier {
  return new SourcifyVerifier(
    {
      service: "sourcify",
      chainId,
      required: true,
      apiUrl: emulator.apiUrl,
      siteUrl: "https://repo.sourcify.dev",
      shownUrl: emulator.apiUrl,
      reason: "the test's stand-in",
    },
    { requestsPerSecond: Number.POSITIVE_INFINITY, retryDelayMs: 5 },
    duplicateWaitMs,
    shared,
  );
}

function boxJob(address: string): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Box.sol:Box",
    },
  };
}

const since = (before: number) => emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`);

describe("Sourcify by its rules", () => {
  it("follows the job already running on a 429 duplicate instead of sending again: 1 submission", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    // Another client's job for the address, running for a second.
    emulator.submitElsewhere(
      box,
      {
        stdJsonInput: build.input,
        compilerVersion: build.compilerVersion.replace(/^v/, ""),
        contractIdentifier: "contracts/Box.sol:Box",
      },
      1_000,
    );
    const before = emulator.requests.length;
    const [result] = await verifyBatch([boxJob(box)], { verifier: sourcify(31337, 500), ...engine });
    expect(result).toMatchObject({ status: "already-verified", attempts: 1, match: "exact_match" });
    expect(result?.previousMatch).toBeUndefined();
    const requests = since(before);
    // The pre-check, the one submission (429), then looks at the contract until the other job's match shows.
    expect(requests.filter((r) => r.startsWith("POST "))).toEqual([`POST /v2/verify/31337/${box}`]);
    expect(requests[0]).toBe(`GET /v2/contract/31337/${box}`);
    expect(requests[1]).toBe(`POST /v2/verify/31337/${box}`);
    expect(requests.slice(2).length).toBeGreaterThanOrEqual(1);
    expect(new Set(requests.slice(2))).toEqual(new Set([`GET /v2/contract/31337/${box}`]));
  }, 120_000);

  it("resubmits a partial match (match) with an exact build and says it upgraded it to exact_match", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    emulator.seedMatch(box, { runtimeMatch: "match", creationMatch: "match" });
    const before = emulator.submissions().length;
    const [upgraded] = await verifyBatch([boxJob(box)], { verifier: sourcify(), ...engine });
    expect(upgraded).toMatchObject({
      status: "verified",
      attempts: 1,
      match: "exact_match",
      previousMatch: "match",
      message:
        "Upgraded: Sourcify held a partial match (match); this build's exact match (exact_match) replaced it.",
    });
    expect(emulator.submissions().length - before).toBe(1);

    // Held exactly now: a rerun sends nothing and says how Sourcify holds it.
    const [rerun] = await verifyBatch([boxJob(box)], { verifier: sourcify(), ...engine });
    expect(rerun).toMatchObject({ status: "already-verified", attempts: 0, match: "exact_match" });
    expect(rerun?.previousMatch).toBeUndefined();
    expect(emulator.submissions().length - before).toBe(1);
  }, 120_000);

  it("does not resubmit a partial match when the preflight finds this build's metadata differs too", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    emulator.seedMatch(box, { runtimeMatch: "match", creationMatch: "match" });
    const edited = fixtureInput({ optimizer: { enabled: true, runs: 200 } }, (name, content) =>
      name === "contracts/Box.sol" ? `${content}\n// edited after deploying\n` : content,
    );
    const editedJob: VerificationJob = {
      address: box,
      source: {
        ...(boxJob(box).source as Extract<VerificationJob["source"], { format: "standard-json" }>),
        input: edited,
      },
    };
    const before = emulator.submissions().length;
    const [result] = await verifyBatch([editedJob], {
      verifier: sourcify(),
      ...engine,
      rpc: { rpcUrl: chain.rpcUrl },
      preflight: true,
    });
    expect(result).toMatchObject({ status: "already-verified", attempts: 0, match: "match" });
    expect(result?.previousMatch).toBeUndefined();
    expect(result?.message).toMatch(
      /^Sourcify holds a partial match \(match\), and this build's metadata differs from the deployed one too, so it cannot make it exact: not resubmitted\. Preflight: only a partial match\./,
    );
    expect(emulator.submissions().length - before).toBe(0);
  }, 120_000);

  it("says a fresh verification's match kind on the record", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const [result] = await verifyBatch([boxJob(box)], { verifier: sourcify(), ...engine });
    expect(result).toMatchObject({ status: "verified", match: "exact_match" });
    expect(result?.previousMatch).toBeUndefined();
  }, 120_000);

  it("looks an address up on 3 chains in 1 all-chains request", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    // Verified exactly on two chains, partially on the third.
    emulator.seedMatch(box, { runtimeMatch: "exact_match", creationMatch: "exact_match", chainId: 31337 });
    emulator.seedMatch(box, { runtimeMatch: "exact_match", creationMatch: "exact_match", chainId: 31338 });
    emulator.seedMatch(box, { runtimeMatch: "match", creationMatch: null, chainId: 31339 });
    const shared = new SharedAcrossChains();
    const verifiers = chainIds.map((chainId) => sourcify(chainId, 20, shared));
    const before = emulator.requests.length;
    const results = await Promise.all(
      verifiers.map((verifier) => verifyJobs(verifier, [boxJob(box)], engine)),
    );
    expect(results.map(([result]) => [result?.status, result?.match, result?.previousMatch])).toEqual([
      ["already-verified", "exact_match", undefined],
      ["already-verified", "exact_match", undefined],
      ["verified", "exact_match", "match"],
    ]);
    const requests = since(before);
    expect(requests.filter((r) => r.startsWith("GET /v2/contract/"))).toEqual([
      `GET /v2/contract/all-chains/${box}`,
    ]);
    expect(requests.filter((r) => r.startsWith("POST "))).toEqual([`POST /v2/verify/31339/${box}`]);
  }, 120_000);

  it("looks an address up on its own chain when the run targets Sourcify on one chain", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    emulator.seedMatch(box, { runtimeMatch: "exact_match", creationMatch: "exact_match" });
    const before = emulator.requests.length;
    const [result] = await verifyJobs(sourcify(31337, 20, new SharedAcrossChains()), [boxJob(box)], engine);
    expect(result).toMatchObject({ status: "already-verified", match: "exact_match" });
    expect(since(before)).toEqual([`GET /v2/contract/31337/${box}`]);
  }, 60_000);
});
