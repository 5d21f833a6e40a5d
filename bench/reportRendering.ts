// Renders the records of a large rerun (every record already verified, all with the ledger's one message) as each
// door shows them: the terminal's table, the job summary and the pull request's comment. Prints each rendering's wall
// time and size, or the error it met. A benchmark: it prints, never asserts.
// Usage: npx tsx bench/reportRendering.ts [--records 10000,40000,130000] [--targets 1]
import { parseArgs } from "node:util";
import { commentBody } from "../src/report/commentBody.js";
import { jobSummaryHtml } from "../src/report/jobSummaryHtml.js";
import { formatResultsTable } from "../src/report/resultsTable.js";
import type { VerificationResult } from "../src/verify/job.js";
import type { Service } from "../src/verify/verifier.js";

const { values } = parseArgs({
  options: {
    records: { type: "string", default: "10000,40000,130000" },
    targets: { type: "string", default: "1" },
  },
});
const services: Service[] = (["blockscout", "etherscan", "sourcify"] as const).slice(
  0,
  Number(values.targets),
);

function rerunRecords(contracts: number): VerificationResult[] {
  return Array.from({ length: contracts }, (_, index) =>
    services.map(
      (target): VerificationResult => ({
        address: `0x${index.toString(16).padStart(40, "0")}`,
        contract: `contracts/Token${index}.sol:Token${index}`,
        explorer: "https://eth.blockscout.com",
        url: `https://eth.blockscout.com/address/0x${index.toString(16).padStart(40, "0")}`,
        format: "standard-json",
        status: "already-verified",
        attempts: 0,
        durationMs: 0,
        chainId: 1,
        target,
        message:
          "The ledger records it verified with this input; the explorer was not asked (recheck asks it).",
      }),
    ),
  ).flat();
}

const renderings: Array<[string, (records: VerificationResult[]) => string]> = [
  ["terminal table", (records) => formatResultsTable(records)],
  ["job summary", (records) => jobSummaryHtml(records).html],
  ["comment", (records) => commentBody(records, {})],
];

for (const contracts of values.records.split(",").map(Number)) {
  const records = rerunRecords(contracts);
  for (const [name, render] of renderings) {
    const started = performance.now();
    try {
      const text = render(records);
      const ms = Math.round(performance.now() - started);
      console.log(
        `${contracts} contracts × ${services.length} targets, ${name}: ${ms} ms, ${text.length} characters`,
      );
    } catch (error) {
      console.log(
        `${contracts} contracts × ${services.length} targets, ${name}: ${(error as Error).message}`,
      );
    }
  }
}
