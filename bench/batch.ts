// Verifies N contracts in one batch against the test explorer (scripted outcomes, added latency, pending time)
// and prints wall time, requests per job, the lower bound of DESIGN §4 and the batch's bound of issue 46 (three round
// trips, pre-check, submission and poll, plus the longer of the pending time and the explorer's serial work). One
// contract on an explorer of its own, off the record, loads the engine's modules first: the clock measures the
// batch, not the loading of TypeScript. A benchmark: it prints, never asserts.
// Usage: npm run bench:batch -- [--jobs 50] [--latency-ms 100] [--pending-ms 2000] [--concurrency auto|N]
// [--explorer-quota LIMIT/WINDOW_MS] (a Blockscout-like quota, 429 with x-ratelimit-reset and no Retry-After; none by
// default) [--rps N] (the client's own cap; by default the engine follows the explorer's stated quota) [--rerun]
// (then the same jobs again in a new batch with a new client, as a rerun without a ledger would)
import { parseArgs } from "node:util";
import { RateLimiter } from "../src/client/rateLimiter.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { isSuccess } from "../src/verify/job.js";
import { testAddress } from "../test/support/addresses.js";
import { standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer } from "../test/support/testExplorer.js";
import { blockscoutVerifierAt } from "../test/support/verifiers.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "50" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "auto" },
    rerun: { type: "boolean", default: false },
    rps: { type: "string" },
    "explorer-quota": { type: "string" },
  },
});
const jobCount = Number(values.jobs);
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const concurrency = values.concurrency === "auto" ? "auto" : Number(values.concurrency);
// The most jobs at once, for the lower bound: auto runs at most 16.
const mostAtOnce = concurrency === "auto" ? 16 : concurrency;
const requestsPerSecond = values.rps === undefined ? undefined : Number(values.rps);
const quota = parseQuota(values["explorer-quota"]);
const explorerRequestsPerSecond = quota ? (quota.limit * 1_000) / quota.windowMs : Number.POSITIVE_INFINITY;

await warmUp();

const explorer = await startTestExplorer({
  smartContractStatus: true,
  ...(quota ? { rateLimit: quota } : {}),
});
explorer.faults.latencyMs = latencyMs;
const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x10_000 + i));
for (const address of addresses)
  explorer.backend.addContract(address).script(address, { result: "pass", pendingMs });

const newClient = () =>
  blockscoutVerifierAt(explorer.url, {
    ...(requestsPerSecond === undefined ? {} : { requestsPerSecond }),
    // A limiter of its own, as a new process would have: the product's default spacing until the explorer states
    // its quota.
    rateLimiter: new RateLimiter(requestsPerSecond ?? 10, {
      followExplorerQuota: requestsPerSecond === undefined,
    }),
    onEvent: (event) => {
      if (event.type === "rate-limited") rateLimitedAnswers++;
    },
  });
let rateLimitedAnswers = 0;
const jobs = addresses.map((address) => standardJsonJob(address));
const started = performance.now();
const results = await verifyBatch(jobs, { verifier: newClient(), concurrency });
const wallMs = performance.now() - started;
const rateLimited = rateLimitedAnswers;
const rerun = values.rerun ? await runAgain() : undefined;
await explorer.close();

async function runAgain(): Promise<{ wallMs: number; requests: number; succeeded: number }> {
  const before = explorer.requests.length;
  const start = performance.now();
  const again = await verifyBatch(jobs, { verifier: newClient(), concurrency });
  return {
    wallMs: performance.now() - start,
    requests: explorer.requests.length - before,
    succeeded: again.filter(isSuccess).length,
  };
}

const firstRunRequests = explorer.requests.length - (rerun?.requests ?? 0);
const requestsPerJob = firstRunRequests / jobCount;
const roundTripS = latencyMs / 1_000;
const perContractS = 2 * roundTripS + pendingMs / 1_000;
const lowerBoundS = Math.max(
  Math.ceil(jobCount / mostAtOnce) * perContractS,
  (jobCount * requestsPerJob) /
    Math.min(explorerRequestsPerSecond, requestsPerSecond ?? Number.POSITIVE_INFINITY),
);
// Issue 46's bound: the pre-check's round trip before DESIGN §4's, and the explorer's serial work (n·k/q) in place
// of the pending time where it is longer. With n ≤ c: 3r + max(p, n·k/q).
const waves = Math.ceil(jobCount / mostAtOnce);
const batchBoundS =
  3 * roundTripS +
  Math.max(
    waves * (pendingMs / 1_000) + (waves - 1) * 2 * roundTripS,
    (jobCount * requestsPerJob) /
      Math.min(explorerRequestsPerSecond, requestsPerSecond ?? Number.POSITIVE_INFINITY),
  );
const byAction = new Map<string, number>();
for (const request of explorer.requests.slice(0, firstRunRequests)) {
  const name = String(request.query.action ?? request.path.replace(/0x[0-9a-fA-F]{40}/, "{address}"));
  byAction.set(name, (byAction.get(name) ?? 0) + 1);
}

console.log(
  `jobs                 ${jobCount} (concurrency ${concurrency}, ${quota ? `explorer quota ${quota.limit} per ${quota.windowMs} ms` : "no explorer quota"}, ${requestsPerSecond === undefined ? "the client follows it" : `client cap ${requestsPerSecond} requests/s`}, ${latencyMs} ms latency, ${pendingMs} ms pending)`,
);
console.log(`succeeded            ${results.filter(isSuccess).length}/${results.length}`);
console.log(`wall time            ${(wallMs / 1_000).toFixed(2)} s`);
console.log(
  `requests             ${firstRunRequests} (${requestsPerJob.toFixed(2)} per job), ${rateLimited} answered 429`,
);
for (const [name, count] of byAction) console.log(`  ${name.padEnd(40)} ${count}`);
console.log(`lower bound          ${lowerBoundS.toFixed(2)} s = max(ceil(n/c)·(2r+p), n·k/q)`);
console.log(`ratio to bound       ${(wallMs / 1_000 / lowerBoundS).toFixed(2)}`);
console.log(
  `batch bound          ${batchBoundS.toFixed(2)} s = 3r + max(p, n·k/q) (issue 46; ⌈n/c⌉ waves of p)`,
);
console.log(`ratio to batch bound ${(wallMs / 1_000 / batchBoundS).toFixed(2)}`);
if (quota) {
  const quotaBoundS = (jobCount * requestsPerJob * quota.windowMs) / quota.limit / 1_000;
  console.log(
    `n·k/q                ${quotaBoundS.toFixed(2)} s; wall time at ${(wallMs / 1_000 / quotaBoundS).toFixed(2)}x`,
  );
}
if (rerun) {
  console.log(
    `rerun                ${rerun.succeeded}/${jobCount} succeeded, ${(rerun.wallMs / 1_000).toFixed(2)} s, ${rerun.requests} requests (${(rerun.requests / jobCount).toFixed(2)} per job)`,
  );
}

// One contract through the same calls on an explorer of its own, so the batch's clock starts with the modules loaded.
async function warmUp(): Promise<void> {
  const spare = await startTestExplorer({ smartContractStatus: true });
  const address = testAddress(0x0f_fff);
  spare.backend.addContract(address).script(address, { result: "pass" });
  await verifyBatch([standardJsonJob(address)], {
    verifier: blockscoutVerifierAt(spare.url, { rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY) }),
    concurrency,
  });
  await spare.close();
}

function parseQuota(text: string | undefined): { limit: number; windowMs: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`--explorer-quota takes LIMIT/WINDOW_MS, e.g. 300/60000; got "${text}"`);
  return { limit: Number(match[1]), windowMs: Number(match[2]) };
}
