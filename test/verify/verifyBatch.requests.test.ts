import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import { ExplorerMemory, firstPollStart } from "../../src/verify/batchMemory.js";
import { Deadline } from "../../src/verify/deadline.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { defaultPolling } from "../../src/verify/pollSchedule.js";
import { verifyContract } from "../../src/verify/verifyContract.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, flattenedJob, standardJsonJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";
import { VirtualClock } from "../support/virtualClock.js";

const { explorer } = await useTestExplorer({}, { smartContractStatus: true });

function freshClient(): BlockscoutVerifier {
  return blockscoutVerifierAt(explorer.url, {
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  });
}

function batch(jobs: VerificationJob[], concurrency: number | "auto" = 1) {
  return verifyBatch(jobs, {
    explorerUrl: explorer.url,
    verifier: freshClient(),
    concurrency,
    ...fastEngine,
  });
}

function requestCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of explorer.requests) {
    const name = String(request.query.action ?? request.path.replace(/0x[0-9a-fA-F]{40}/, "{address}"));
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

const statusPath = "/api/v2/smart-contracts/{address}";
// Read once per explorer, before the first submission.
const configPath = "/api/v2/smart-contracts/verification/config";

describe("verifyBatch: requests per contract", () => {
  it("a fresh deployment: pre-checks stop once one found nothing, and no confirming read follows a pass", async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => testAddress(0x7200 + i));
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass" });
    const results = await batch(addresses.map((address) => standardJsonJob(address)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("verified"));
    expect(requestCounts()).toEqual({
      [statusPath]: 1,
      [configPath]: 1,
      verifysourcecode: 8,
      checkverifystatus: 8,
    });
  });

  it("a rerun without a ledger: one status look per contract, no submission", async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => testAddress(0x7300 + i));
    for (const address of addresses)
      explorer.backend.addContract(address, { verified: { contractName: "Token" } });
    const results = await batch(addresses.map((address) => standardJsonJob(address)));
    expect(results.map((r) => [r.status, r.attempts])).toEqual(Array(8).fill(["already-verified", 0]));
    expect(requestCounts()).toEqual({ [statusPath]: 8 });
  });

  it("a verified contract after the pre-checks stopped is found by its submission's answer", async () => {
    const addresses = Array.from({ length: 4 }, (_, i) => testAddress(0x7400 + i));
    for (const address of addresses.slice(0, 3)) explorer.backend.addContract(address);
    const verified = addresses[3] as string;
    explorer.backend.addContract(verified, { verified: { contractName: "Token" } });
    const results = await batch(addresses.map((address) => standardJsonJob(address)));
    expect(results.map((r) => r.status)).toEqual(["verified", "verified", "verified", "already-verified"]);
    expect(results[3]).toMatchObject({ address: verified, attempts: 1 });
    expect(explorer.requestsFor("verifysourcecode").map((r) => r.body.contractaddress)).toEqual(addresses);
  });

  it("pre-checks go on where they keep finding verified contracts (a rerun with a few new ones)", async () => {
    const addresses = Array.from({ length: 9 }, (_, i) => testAddress(0x7500 + i));
    // Every third contract is new.
    for (const [i, address] of addresses.entries())
      explorer.backend.addContract(address, i % 3 === 2 ? {} : { verified: { contractName: "Token" } });
    const results = await batch(addresses.map((address) => standardJsonJob(address)));
    expect(results.map((r) => r.status)).toEqual(
      addresses.map((_, i) => (i % 3 === 2 ? "verified" : "already-verified")),
    );
    expect(requestCounts()).toEqual({
      [statusPath]: 9,
      [configPath]: 1,
      verifysourcecode: 3,
      checkverifystatus: 3,
    });
  });

  it("a synchronous format is always pre-checked: its submission would be compiled before `already verified`", async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => testAddress(0x7600 + i));
    for (const address of addresses) explorer.backend.addContract(address);
    const results = await batch(addresses.map((address) => flattenedJob(address)));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("verified"));
    expect(requestCounts()).toEqual({ [statusPath]: 5, [configPath]: 1, verify: 5 });
  });

  it("later jobs poll first when earlier jobs saw their verdict, so they poll fewer times", async () => {
    const addresses = Array.from({ length: 4 }, (_, i) => testAddress(0x7700 + i));
    // The 300 ms pass on the engine's clock: the polls, not how busy the machine is, decide how many there are.
    explorer.backend.clock = fastEngine.clock;
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass", pendingMs: 300 });
    const results = await batch(addresses.map((address) => standardJsonJob(address)));
    expect(results.map((r) => r.status)).toEqual(Array(4).fill("verified"));
    const pollsOf = (address: string) =>
      explorer
        .requestsFor("checkverifystatus")
        .filter((r) => String(r.query.guid).startsWith(address.slice(2))).length;
    const [first, ...later] = addresses.map(pollsOf);
    // The first job polls on the default schedule (5 ms, growing to 20 ms) through 300 ms of `Pending in queue`.
    expect(first).toBeGreaterThan(5);
    for (const polls of later) expect(polls).toBeLessThan(first as number);
  });

  it("jobs started together: one pre-checks, the rest submit once it found nothing; one polls on the schedule, the rest wait for its verdict a while", async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => testAddress(0x7900 + i));
    // The 300 ms pass on the engine's clock: the polls, not how busy the machine is, decide how many there are.
    explorer.backend.clock = fastEngine.clock;
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass", pendingMs: 300 });
    const results = await batch(
      addresses.map((address) => standardJsonJob(address)),
      8,
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("verified"));
    expect(requestCounts()[statusPath]).toBe(1);
    const polls = addresses
      .map(
        (address) =>
          explorer
            .requestsFor("checkverifystatus")
            .filter((r) => String(r.query.guid).startsWith(address.slice(2))).length,
      )
      .sort((a, b) => b - a);
    // The scout polls every 5 to 20 ms through 300 ms of `Pending in queue`; the others wait for its verdict until its
    // schedule reaches its ceiling (46 ms), then poll for themselves at the pace it reached (20 ms).
    expect(polls[0]).toBeGreaterThan(5);
    for (const count of polls.slice(1)) expect(count).toBeLessThan(polls[0] as number);
  });

  it("a rerun of jobs started together submits nothing: the jobs wait for the first pre-checks, which find them verified", async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => testAddress(0x7980 + i));
    for (const address of addresses)
      explorer.backend.addContract(address, { verified: { contractName: "Token" } });
    const results = await batch(
      addresses.map((address) => standardJsonJob(address)),
      8,
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("already-verified"));
    expect(requestCounts()).toEqual({ [statusPath]: 8 });
  });

  it("confirmVerified looks the contract up after a pass (the smart-contract status, where the explorer has it)", async () => {
    const address = testAddress(0x7800);
    explorer.backend.addContract(address);
    const result = await verifyContract(freshClient(), standardJsonJob(address), {
      ...fastEngine,
      confirmVerified: true,
    });
    expect(result).toMatchObject({ status: "verified" });
    expect(result.message).toBeUndefined();
    expect(explorer.requests.map((r) => String(r.query.action ?? r.path)).slice(-2)).toEqual([
      "checkverifystatus",
      `/api/v2/smart-contracts/${address}`,
    ]);
  });

  it("confirmVerified says what its look-up found when the explorer does not show the pass yet", async () => {
    const address = testAddress(0x7801);
    explorer.backend.addContract(address);
    explorer.faults.applies = (r) =>
      r.path === `/api/v2/smart-contracts/${address}` && explorer.requestsFor("checkverifystatus").length > 0;
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"is_verified":false}',
    });
    const result = await verifyContract(freshClient(), standardJsonJob(address), {
      ...fastEngine,
      confirmVerified: true,
    });
    expect(result).toMatchObject({
      status: "verified",
      message:
        "The explorer reported a pass, but looking the contract up again does not show it verified yet.",
    });
  });
});

describe("ExplorerMemory", () => {
  it("polls first after the median verdict wait of the last nine jobs", () => {
    const memory = new ExplorerMemory();
    expect(memory.firstPollWaitMs()).toBeUndefined();
    for (const waitMs of [2_200, 900, 5_000]) memory.noteVerdictWait(waitMs);
    expect(memory.firstPollWaitMs()).toBe(2_200);
    for (let i = 0; i < 9; i++) memory.noteVerdictWait(3_000);
    expect(memory.firstPollWaitMs()).toBe(3_000);
  });

  it("a job waits for the scout's verdict until the schedule reaches its ceiling, at most half its time left", async () => {
    const clock = new VirtualClock();
    const memory = new ExplorerMemory();
    expect(memory.claimScout()).toBe(true);
    const waitFor = async (timeoutMs: number) => {
      const start = clock.now();
      const first = await firstPollStart(memory, new Deadline(timeoutMs, clock), start, defaultPolling);
      return { ...first, waitedMs: clock.now() - start };
    };
    // The scout's guid stays pending: the job polls for itself after 1+1+1.5+2.25+3.375+5.0625+7.59375 s, at once,
    // then at the pace its own schedule has reached (the ceiling), not a second apart again.
    expect(await waitFor(300_000)).toEqual({
      firstWaitMs: 21_781.25,
      firstIntervalMs: 10_000,
      waitedMs: 21_781.25,
    });
    expect(await waitFor(20_000)).toEqual({
      firstWaitMs: 10_000,
      firstIntervalMs: 5_062.5,
      waitedMs: 10_000,
    });
    // A verdict in time: the job polls at once.
    const waiting = waitFor(300_000);
    await clock.sleep(3_000);
    memory.noteVerdictWait(3_000);
    expect(await waiting).toEqual({ firstWaitMs: 0, waitedMs: 3_000 });
  });

  it("a pre-check pays until a contract was found unverified, and again once half are verified", () => {
    const memory = new ExplorerMemory();
    expect(memory.claimPreCheck()).toBe("pays");
    memory.noteVerifiedBefore(false);
    memory.preCheckEnded();
    expect(memory.claimPreCheck()).toBe("skip");
    // Submissions' answers teach it too: "already verified", then a fresh one, then "already verified".
    memory.noteVerifiedBefore(false);
    memory.noteVerifiedBefore(false);
    expect(memory.claimPreCheck()).toBe("skip");
    memory.noteVerifiedBefore(true);
    expect(memory.claimPreCheck()).toBe("skip");
    memory.noteVerifiedBefore(true);
    expect(memory.claimPreCheck()).toBe("pays");
  });

  it("while the first pre-check is on its way, the next job waits for it to end", async () => {
    const memory = new ExplorerMemory();
    expect(memory.claimPreCheck()).toBe("pays");
    expect(memory.claimPreCheck()).toBe("wait");
    const ended = memory.nextPreCheckEnd();
    memory.noteVerifiedBefore(true);
    memory.preCheckEnded();
    await ended;
    expect(memory.claimPreCheck()).toBe("pays");
  });
});
