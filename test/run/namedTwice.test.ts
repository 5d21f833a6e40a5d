import { describe, expect, it } from "@jest/globals";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import { testAddress } from "../support/addresses.js";
import { flattenedJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { runTargetsAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();

describe("a contract two inputs name", () => {
  it("is verified once: one record, one submission", async () => {
    const [first, second] = [testAddress(0x71), testAddress(0x72)];
    explorer.backend.addContract(first).addContract(second);
    const records = await runVerify({
      // The same folder given twice, or two folders of one chain, the address once in another case.
      jobs: [
        flattenedJob(first),
        flattenedJob(second),
        flattenedJob(first.toUpperCase().replace("0X", "0x")),
      ],
      targets: runTargetsAt(explorer.url),
      settings: { concurrency: 1, timeoutSeconds: 60, force: false, wait: true, preflight: false },
      reporter: new RunReporter({ json: false, table: false, writeLine: () => {} }),
    });
    expect(records.map((record) => [record.address.toLowerCase(), record.status])).toEqual([
      [first, "verified"],
      [second, "verified"],
    ]);
    expect(explorer.requestsFor("verify")).toHaveLength(2);
  });
});
