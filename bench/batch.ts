// Verifies N contracts in one batch against the test explorer (scripted outcomes, added latency, pending time)
// and prints wall time, requests per job and the lower bound of DESIGN §4. A benchmark: it prints, never asserts.
// Usage: npm run bench:batch -- [--jobs 50] [--latency-ms 100] [--pending-ms 2000] [--concurrency 8]
// [--explorer-quota LIMIT/WINDOW_MS] (a Blockscout-like quota; none by default) [--rps N] (the client's own cap;
// by default the engine follows the explorer's stated quota)
import { parseArgs } from "node:util";
import { ExplorerClient } from "../src/client/ExplorerClient.js";
import { isSuccess } from "../src/verify/job.js";
import { verifyBatch } from "../src/verify/verifyBatch.js";
import { testAddress } from "../test/support/addresses.js";
import { standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer } from "../test/support/testExplorer.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "50" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    rps: { type: "string" },
    "explorer-quota": { type: "string" },
  },
});
const jobCount = Number(values.jobs);
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const concurrency = Number(values.concurrency);
const requestsPerSecond = values.rps === undefined ? undefined : Number(values.rps);
const quota = parseQuota(values["explorer-quota"]);
const explorerRequestsPerSecond = quota ? (quota.limit * 1_000) / quota.windowMs : Number.POSITIVE_INFINITY;

const explorer = await startTestExplorer({
  smartContractStatus: true,
  ...(quota ? { rateLimit: quota } : {}),
});
explorer.faults.latencyMs = latencyMs;
const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x10_000 + i));
for (const address of addresses)
  explorer.backend.addContract(address).script(address, { result: "pass", pendingMs });

const client = new ExplorerClient({
  explorerUrl: explorer.url,
  ...(requestsPerSecond === undefined ? {} : { requestsPerSecond }),
});
const started = performance.now();
const results = await verifyBatch(
  addresses.map((address) => standardJsonJob(address)),
  { explorerUrl: explorer.url, client, concurrency },
);
const wallMs = performance.now() - started;
await explorer.close();

const requestsPerJob = explorer.requests.length / jobCount;
const roundTripS = latencyMs / 1_000;
const perContractS = 2 * roundTripS + pendingMs / 1_000;
const lowerBoundS = Math.max(
  Math.ceil(jobCount / concurrency) * perContractS,
  (jobCount * requestsPerJob) /
    Math.min(explorerRequestsPerSecond, requestsPerSecond ?? Number.POSITIVE_INFINITY),
);
const byAction = new Map<string, number>();
for (const request of explorer.requests) {
  const name = String(request.query.action ?? request.path.replace(/0x[0-9a-fA-F]{40}/, "{address}"));
  byAction.set(name, (byAction.get(name) ?? 0) + 1);
}

console.log(
  `jobs                 ${jobCount} (concurrency ${concurrency}, ${quota ? `explorer quota ${quota.limit} per ${quota.windowMs} ms` : "no explorer quota"}, ${requestsPerSecond === undefined ? "the client follows it" : `client cap ${requestsPerSecond} requests/s`}, ${latencyMs} ms latency, ${pendingMs} ms pending)`,
);
console.log(`succeeded            ${results.filter(isSuccess).length}/${results.length}`);
console.log(`wall time            ${(wallMs / 1_000).toFixed(2)} s`);
console.log(`requests             ${explorer.requests.length} (${requestsPerJob.toFixed(2)} per job)`);
for (const [name, count] of byAction) console.log(`  ${name.padEnd(40)} ${count}`);
console.log(`lower bound          ${lowerBoundS.toFixed(2)} s = max(ceil(n/c)·(2r+p), n·k/q)`);
console.log(`ratio to bound       ${(wallMs / 1_000 / lowerBoundS).toFixed(2)}`);

function parseQuota(text: string | undefined): { limit: number; windowMs: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`--explorer-quota takes LIMIT/WINDOW_MS, e.g. 300/60000; got "${text}"`);
  return { limit: Number(match[1]), windowMs: Number(match[2]) };
}
