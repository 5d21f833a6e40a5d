import { afterAll, beforeEach, describe, expect, it } from "@jest/globals";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import { WorkSlots } from "../../src/verify/workSlots.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer } from "../support/testExplorer.js";

const chainA = await startTestExplorer();
const chainB = await startTestExplorer();
beforeEach(() => {
  chainA.reset();
  chainB.reset();
});
afterAll(async () => {
  await chainA.close();
  await chainB.close();
});

// A job runs from its first event (its pre-check, or its submission where the batch skips pre-checks) to its record.
const started = new Set<string>();
beforeEach(() => started.clear());
function runningStep(event: VerificationEvent): 1 | -1 | 0 {
  if (event.type === "finished") return -1;
  if ((event.type !== "checking" && event.type !== "submitted") || started.has(event.address)) return 0;
  started.add(event.address);
  return 1;
}

describe("verifyBatch over several explorers", () => {
  it("sends each job to its own target's explorer and tags its record with the chain", async () => {
    const onA = [testAddress(0x5101), testAddress(0x5102)];
    const onB = [testAddress(0x5201), testAddress(0x5202), testAddress(0x5203)];
    for (const address of onA) chainA.backend.addContract(address);
    for (const address of onB) chainB.backend.addContract(address);
    const events: VerificationEvent[] = [];
    const results = await verifyBatch(
      [
        standardJsonJob(onA[0] as string, { chainId: 10 }),
        ...onB.map((address) => standardJsonJob(address, { chainId: 8453 })),
        standardJsonJob(onA[1] as string, { chainId: 10 }),
      ],
      {
        explorers: { 10: chainA.url, 8453: chainB.url },
        requestsPerSecond: 1_000,
        ...fastEngine,
        onEvent: (e) => events.push(e),
      },
    );
    expect(results.map((r) => [r.address, r.status, r.chainId, r.explorer, r.url])).toEqual([
      [onA[0], "verified", 10, chainA.url, `${chainA.url}/address/${onA[0]}#code`],
      ...onB.map((address) => [
        address,
        "verified",
        8453,
        chainB.url,
        `${chainB.url}/address/${address}#code`,
      ]),
      [onA[1], "verified", 10, chainA.url, `${chainA.url}/address/${onA[1]}#code`],
    ]);
    // The jobs on A start together: the second waits for the first's pre-check, so either may submit first.
    expect(
      chainA
        .requestsFor("verifysourcecode")
        .map((r) => r.body.contractaddress)
        .sort(),
    ).toEqual(onA);
    expect(
      chainB
        .requestsFor("verifysourcecode")
        .map((r) => r.body.contractaddress)
        .sort(),
    ).toEqual(onB);
    expect(events.filter((e) => e.type === "finished")).toHaveLength(5);
  });

  it("keeps to the concurrency per explorer and overall", async () => {
    const onA = Array.from({ length: 4 }, (_, i) => testAddress(0x5401 + i));
    const onB = Array.from({ length: 4 }, (_, i) => testAddress(0x5501 + i));
    for (const address of onA)
      chainA.backend.addContract(address).script(address, { result: "pass", pendingPolls: 2 });
    for (const address of onB)
      chainB.backend.addContract(address).script(address, { result: "pass", pendingPolls: 2 });
    const chainOf = new Map([...onA.map((a) => [a, "A"]), ...onB.map((b) => [b, "B"])] as Array<
      [string, string]
    >);
    const running = { A: 0, B: 0, total: 0 };
    const most = { A: 0, B: 0, total: 0 };
    const results = await verifyBatch(
      [...onA, ...onB].map((address) =>
        standardJsonJob(address, { chainId: onA.includes(address) ? 10 : 8453 }),
      ),
      {
        explorers: { 10: chainA.url, 8453: chainB.url },
        requestsPerSecond: 1_000,
        concurrency: 2,
        totalConcurrency: 3,
        ...fastEngine,
        onEvent: (event) => {
          const step = runningStep(event);
          if (step === 0 || !("address" in event)) return;
          const chain = chainOf.get(event.address) as "A" | "B";
          running[chain] += step;
          running.total += step;
          most[chain] = Math.max(most[chain], running[chain]);
          most.total = Math.max(most.total, running.total);
        },
      },
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("verified"));
    // Three start at once (two on A, the first explorer in job order, and one on B); later ones as slots free.
    expect(most.total).toBe(3);
    expect(Math.max(most.A, most.B)).toBe(2);
    expect([most.A <= 2, most.B <= 2]).toEqual([true, true]);
  });

  it("holds batches that share their places under one limit together, each under its own concurrency too", async () => {
    const onA = Array.from({ length: 5 }, (_, i) => testAddress(0x5601 + i));
    const onB = Array.from({ length: 5 }, (_, i) => testAddress(0x5701 + i));
    for (const address of onA)
      chainA.backend.addContract(address).script(address, { result: "pass", pendingPolls: 2 });
    for (const address of onB)
      chainB.backend.addContract(address).script(address, { result: "pass", pendingPolls: 2 });
    const running = { A: 0, B: 0, total: 0 };
    const most = { A: 0, B: 0, total: 0 };
    const watch = (chain: "A" | "B") => (event: VerificationEvent) => {
      const step = runningStep(event);
      if (step === 0) return;
      running[chain] += step;
      running.total += step;
      most[chain] = Math.max(most[chain], running[chain]);
      most.total = Math.max(most.total, running.total);
    };
    const slots = new WorkSlots(3);
    const batch = (addresses: string[], url: string, chain: "A" | "B") =>
      verifyBatch(
        addresses.map((address) => standardJsonJob(address)),
        {
          explorerUrl: url,
          requestsPerSecond: 1_000,
          concurrency: 2,
          totalConcurrency: slots,
          ...fastEngine,
          onEvent: watch(chain),
        },
      );
    const [a, b] = await Promise.all([batch(onA, chainA.url, "A"), batch(onB, chainB.url, "B")]);
    expect([...a, ...b].map((r) => r.status)).toEqual(Array(10).fill("verified"));
    expect(most.total).toBe(3);
    expect([most.A, most.B]).toEqual([2, 2]);
    // Every place is back: a batch after them may take all three.
    expect([slots.take(), slots.take(), slots.take(), slots.take()]).toEqual([true, true, true, false]);
  });

  it("refuses a chain whose explorer it cannot find, before anything is sent", async () => {
    await expect(
      verifyBatch([standardJsonJob(testAddress(0x5301), { chainId: 987_654_321 })], {
        explorers: { 10: chainA.url },
        explorerLookup: { refresh: false, cacheDir: false },
        ...fastEngine,
      }),
    ).rejects.toThrow(
      "No Blockscout explorer is known for chain 987654321: give its URL as the explorerUrl option, or in the explorers option.",
    );
    expect(chainA.requestsFor("verifysourcecode")).toHaveLength(0);
  });
});
