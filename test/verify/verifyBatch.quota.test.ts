import { afterEach, describe, expect, it } from "@jest/globals";
import type { TransportEvent } from "../../src/kernel/waits.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { isSuccess } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const running: TestExplorer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((explorer) => explorer.close()));
});

describe("verifyBatch against an explorer's stated quota", () => {
  it("spends a Blockscout quota (8 requests per 300 ms window) without a single 429", async () => {
    // The explorer counts its windows on the engine's clock, the one the limiter waits on: no window ends while a
    // request is on its way, however busy the machine.
    const explorer = await startTestExplorer({
      rateLimit: { limit: 8, windowMs: 300 },
      clock: fastEngine.clock,
    });
    running.push(explorer);
    const addresses = Array.from({ length: 10 }, (_, i) => testAddress(0x7100 + i));
    for (const address of addresses)
      explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    const waits: TransportEvent[] = [];
    // The engine's default limiter for this explorer: 10 requests/s until the explorer states its quota.
    const client = blockscoutVerifierAt(explorer.url, {
      retryDelayMs: 5,
      clock: fastEngine.clock,
      onEvent: (event) => waits.push(event),
    });
    const results = await verifyBatch(
      addresses.map((address) => standardJsonJob(address)),
      { verifier: client, concurrency: 10, ...fastEngine },
    );
    expect(results.filter(isSuccess)).toHaveLength(10);
    expect(explorer.faults.applied).toEqual({});
    expect(waits).toEqual([]);
    // At least three windows' worth: the quota bound the batch.
    expect(explorer.requests.length).toBeGreaterThanOrEqual(24);
  });
});
