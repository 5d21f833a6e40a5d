import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { type BatchOptions, verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { AdaptiveConcurrency, concurrencyControl } from "../../src/verify/adaptiveConcurrency.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import { isSuccess } from "../../src/verify/job.js";
import { inTargetPool } from "../../src/verify/targetPool.js";
import { WorkSlots } from "../../src/verify/workSlots.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";
import { VirtualClock } from "../support/virtualClock.js";

const { explorer } = await useTestExplorer();

// What Blockscout sends on every answer: its quota, what is left of it, and ms until the window resets.
function quotaHeaders(limit: number, remaining: number, resetMs: number): Record<string, string> {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(resetMs),
  };
}

async function answered(limiter: RateLimiter, headers: Record<string, string>): Promise<void> {
  await limiter.acquire();
  limiter.settle(headers);
}

describe("auto concurrency", () => {
  it("runs 4 jobs before the explorer says anything, one more per finished job", () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    expect(control.limit()).toBe(4);
    control.jobStarted();
    control.jobFinished(2_000);
    control.jobStarted();
    control.jobFinished(2_000);
    expect(control.limit()).toBe(6);
  });

  it("without a stated quota (Etherscan, Sourcify), a 429 stops its growth rather than halving it", () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    for (let i = 0; i < 2; i++) {
      control.jobStarted();
      control.jobFinished(2_000);
    }
    expect(control.limit()).toBe(6);
    limiter.pauseFor(10, "Max calls per sec rate limit reached (3/sec)");
    expect(control.limit()).toBe(6);
    for (let i = 0; i < 4; i++) {
      control.jobStarted();
      control.jobFinished(2_000);
    }
    expect(control.limit()).toBe(6);
  });

  it("runs 16 where the explorer states it does not limit (-1)", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    await answered(limiter, quotaHeaders(-1, -1, -1));
    expect(control.limit()).toBe(16);
  });

  it("lowers itself under a stated quota of 5 requests/s to what the quota serves", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    await answered(limiter, quotaHeaders(-1, -1, -1));
    expect(control.limit()).toBe(16);
    // The first answer of a window states about all of it: 5 per 1000 ms.
    await answered(limiter, quotaHeaders(5, 4, 1_000));
    // Before any job finished: 3 requests in 3 s per contract assumed; 1.25 × 5/s × 3 s / 3 = 6.25.
    expect(control.limit()).toBe(7);
    // Two jobs of 2.4 s that spent 5 requests between them (2 already counted above): 1.25 × 5 × 2.4 / 2.5 = 6.
    for (let i = 0; i < 2; i++) control.jobStarted();
    for (let i = 0; i < 3; i++) await answered(limiter, quotaHeaders(5, 3 - i, 900));
    control.jobFinished(2_400);
    control.jobFinished(2_400);
    expect(control.limit()).toBe(6);
  });

  it("under a quota, jobs that waited for no verdict (ledger hits, no proxy to link) do not shrink it", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    await answered(limiter, quotaHeaders(5, 4, 1_000));
    for (let i = 0; i < 6; i++) {
      control.jobStarted();
      control.jobFinished(3);
    }
    expect(control.limit()).toBeGreaterThanOrEqual(7);
  });

  it("halves itself once per burst of 429s and does not grow back past that", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = new AdaptiveConcurrency(() => limiter.reading());
    await answered(limiter, quotaHeaders(-1, -1, -1));
    expect(control.limit()).toBe(16);
    limiter.pauseFor(10, "x-ratelimit-reset: 10");
    limiter.pauseFor(10, "x-ratelimit-reset: 10");
    expect(control.limit()).toBe(8);
    for (let i = 0; i < 5; i++) {
      control.jobStarted();
      control.jobFinished(2_000);
    }
    expect(control.limit()).toBe(8);
  });

  it("takes 429s within a second of a cut, on its clock, for the same burst", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const clock = new VirtualClock(0);
    const control = concurrencyControl("auto", () => limiter.reading(), clock);
    await answered(limiter, quotaHeaders(-1, -1, -1));
    expect(control.limit()).toBe(16);
    limiter.pauseFor(10);
    expect(control.limit()).toBe(8);
    await clock.sleep(999);
    limiter.pauseFor(10);
    expect(control.limit()).toBe(8);
    await clock.sleep(1);
    limiter.pauseFor(10);
    expect(control.limit()).toBe(4);
  });

  it("hears how long each job took on the pool's clock", async () => {
    const clock = new VirtualClock(0);
    const durations: number[] = [];
    const control = { limit: () => 1, jobStarted: () => {}, jobFinished: (ms: number) => durations.push(ms) };
    const limits = { slots: new WorkSlots(1), controlFor: () => control, clock };
    await inTargetPool([700, 2_400], limits, (ms) => clock.sleep(ms));
    expect(durations).toEqual([700, 2_400]);
  });

  it("counts only the 429s of its own batch on a limiter shared with earlier batches", () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    limiter.pauseFor(10);
    const control = new AdaptiveConcurrency(() => limiter.reading());
    expect(control.limit()).toBe(4);
  });

  it("keeps an explicit setting whatever the explorer says, and refuses one below 1", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const control = concurrencyControl(12, () => limiter.reading());
    await answered(limiter, quotaHeaders(5, 4, 1_000));
    limiter.pauseFor(10);
    expect(control.limit()).toBe(12);
    expect(() => concurrencyControl(0, () => limiter.reading())).toThrow(
      new RangeError('concurrency must be a whole number of at least 1 or "auto"; got 0'),
    );
  });
});

describe("verifyBatch with auto concurrency", () => {
  const addresses = Array.from({ length: 24 }, (_, i) => testAddress(0x7a00 + i));

  async function mostAtOnce(options: Partial<BatchOptions>): Promise<number> {
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 2 });
    let running = 0;
    let most = 0;
    const onEvent = (event: VerificationEvent) => {
      // Pre-checks stop early in a fresh batch; every job submits.
      if (event.type === "submitted" && event.attempt === 1) most = Math.max(most, ++running);
      if (event.type === "finished") running--;
    };
    const client = blockscoutVerifierAt(explorer.url, {
      retryDelayMs: 5,
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true }),
    });
    const results = await verifyBatch(
      addresses.map((address) => standardJsonJob(address)),
      { verifier: client, ...fastEngine, ...options, onEvent },
    );
    expect(results.filter(isSuccess)).toHaveLength(addresses.length);
    return most;
  }

  it("after 429s on the first requests runs no more than the 4 it began with; a fixed 16 runs many more", async () => {
    const rateLimited = { kind: "rate-limit", resetMs: 20 } as const;
    explorer.faults.next(rateLimited, rateLimited, rateLimited);
    expect(await mostAtOnce({})).toBeLessThanOrEqual(4);
    explorer.reset();
    explorer.faults.next(rateLimited, rateLimited, rateLimited);
    expect(await mostAtOnce({ concurrency: 16 })).toBeGreaterThan(8);
  });
});
