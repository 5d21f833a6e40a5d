// One batch over several chains against as many test explorers (added latency, pending time), next to one chain's
// contracts alone: wall time of each and their ratio. A benchmark: it prints, never asserts.
// Usage: npm run bench:multichain -- [--chains 3] [--jobs 20] [--latency-ms 100] [--pending-ms 2000] [--concurrency 8]
import { parseArgs } from "node:util";
import { isSuccess, type VerificationJob } from "../src/verify/job.js";
import { verifyBatch } from "../src/verify/verifyBatch.js";
import { testAddress } from "../test/support/addresses.js";
import { standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";

const { values } = parseArgs({
  options: {
    chains: { type: "string", default: "3" },
    jobs: { type: "string", default: "20" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
  },
});
const chainCount = Number(values.chains);
const jobCount = Number(values.jobs);
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const concurrency = Number(values.concurrency);

const explorers: TestExplorer[] = [];
for (let chain = 0; chain < chainCount; chain++) {
  const explorer = await startTestExplorer({ smartContractStatus: true });
  explorer.faults.latencyMs = latencyMs;
  explorers.push(explorer);
}

// Each chain's contracts, fresh on its explorer; chain ids 1001, 1002, …
function jobsOn(chains: number): VerificationJob[] {
  const jobs: VerificationJob[] = [];
  for (let chain = 0; chain < chains; chain++) {
    const explorer = explorers[chain] as TestExplorer;
    explorer.reset();
    explorer.faults.latencyMs = latencyMs;
    for (let i = 0; i < jobCount; i++) {
      const address = testAddress(0x20_000 + i);
      explorer.backend.addContract(address).script(address, { result: "pass", pendingMs });
      jobs.push(standardJsonJob(address, { target: { explorerUrl: explorer.url, chainId: 1_001 + chain } }));
    }
  }
  return jobs;
}

async function timed(chains: number): Promise<{ wallS: number; verified: number; total: number }> {
  const jobs = jobsOn(chains);
  const started = performance.now();
  const results = await verifyBatch(jobs, { concurrency, requestsPerSecond: 1_000 });
  return {
    wallS: (performance.now() - started) / 1_000,
    verified: results.filter(isSuccess).length,
    total: results.length,
  };
}

const one = await timed(1);
const all = await timed(chainCount);
for (const explorer of explorers) await explorer.close();

console.log(`latency ${latencyMs} ms, pending ${pendingMs} ms, concurrency ${concurrency} per explorer`);
console.log(
  `1 chain  x ${jobCount} contracts   ${one.wallS.toFixed(1)} s  (${one.verified}/${one.total} verified)`,
);
console.log(
  `${chainCount} chains x ${jobCount} contracts   ${all.wallS.toFixed(1)} s  (${all.verified}/${all.total} verified)`,
);
console.log(`ratio                      ${(all.wallS / one.wallS).toFixed(2)}x`);
