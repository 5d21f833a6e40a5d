import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { createdJobsOf } from "../../src/run/jobs/createdJobs.js";
import { type HostileExplorer, startHostileExplorer } from "../support/hostileExplorer.js";

let explorer: HostileExplorer;

beforeAll(async () => {
  explorer = await startHostileExplorer();
});

afterAll(async () => {
  await explorer.close();
});

describe("include-created's creation lookup", () => {
  it("ends at the run's read deadline when the explorer never answers getcontractcreation", async () => {
    // The answer never comes: only the deadline can end the request.
    explorer.scenario = (request) =>
      request.action === "getcontractcreation" ? { answer: () => undefined } : undefined;
    const client = new ExplorerClient({
      explorerUrl: explorer.url,
      requestsPerSecond: Number.POSITIVE_INFINITY,
    });
    const chain = {
      traceTransaction: async () => ({}),
      getCode: async () => "0x",
    };
    const started = performance.now();
    const search = createdJobsOf(
      { creationOf: `0x${"ab".repeat(20)}`, contracts: async () => [], chain },
      [],
      client,
      { deadline: Date.now() + 1_000, maxCreated: undefined, onWarning: () => undefined },
    );
    await expect(search).rejects.toMatchObject({ code: "timeout" });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(explorer.requests.filter((request) => request.action === "getcontractcreation")).toHaveLength(1);
  });
});
