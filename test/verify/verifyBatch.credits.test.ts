import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

let explorer: TestExplorer;
beforeAll(async () => {
  explorer = await startTestExplorer();
});
beforeEach(() => explorer.reset());
afterAll(() => explorer.close());

const creditsExhausted = JSON.stringify({ message: "Credits exhausted" });

describe("verifyBatch on the Blockscout API when its credits run out", () => {
  it("ends the rest of the run with quota_exhausted, sending nothing more", async () => {
    const addresses = [0x7201, 0x7202, 0x7203].map((n) => testAddress(n));
    for (const address of addresses) explorer.backend.addContract(address);
    const client = blockscoutVerifierAt(explorer.url, {
      apiKey: "proapi_CREDITS",
      requestsPerSecond: Number.POSITIVE_INFINITY,
      retryDelayMs: 5,
    });
    let afterFirst = 0;
    const results = await verifyBatch(
      addresses.map((address) => standardJsonJob(address)),
      {
        verifier: client,
        concurrency: 1,
        ...fastEngine,
        onEvent: (event) => {
          if (event.type !== "finished" || event.address !== addresses[0]) return;
          afterFirst = explorer.requests.length;
          explorer.faults.next({
            kind: "status",
            status: 429,
            body: creditsExhausted,
            contentType: "application/json",
            headers: { "x-credits-remaining": "0" },
          });
        },
      },
    );
    const line =
      "The explorer's daily quota is used up: Credits exhausted (HTTP 429, x-credits-remaining: 0). Nothing more is sent to this service in this run.";
    expect(results.map((r) => [r.status, r.error?.code, r.message])).toEqual([
      ["verified", undefined, undefined],
      ["failed", "quota_exhausted", line],
      ["failed", "quota_exhausted", line],
    ]);
    expect(explorer.requests.length - afterFirst).toBe(1);
  });

  it("reads the credits left from every answer", async () => {
    const address = testAddress(0x7204);
    explorer.backend.addContract(address);
    explorer.faults.next({
      kind: "status",
      status: 200,
      body: JSON.stringify({ status: "1", message: "OK", result: [{ Address: address }] }),
      contentType: "application/json",
      headers: { "x-credits-remaining": "4200" },
    });
    const client = blockscoutVerifierAt(explorer.url, { requestsPerSecond: Number.POSITIVE_INFINITY });
    await client.lookUp(address, Number.POSITIVE_INFINITY);
    expect(client.quota().creditsRemaining).toBe(4200);
  });
});
