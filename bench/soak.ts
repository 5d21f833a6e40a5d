// 1,000 jobs through the engine against the test explorer with faults: 10 % 5xx, 5 % 429 with rate-limit headers,
// 2 % connection resets, 1 % HTML pages, and `Unknown UID` on the first poll for 10 % of the jobs. Prints how the
// jobs ended, unhandled rejections, guids resubmitted after a pass, whether the API key showed, and peak RSS.
// Usage: npm run soak -- [--jobs 1000] [--concurrency 32] [--seed 7]
import { parseArgs } from "node:util";
import { ExplorerClient } from "../src/client/ExplorerClient.js";
import { RateLimiter } from "../src/client/rateLimiter.js";
import { progressLine } from "../src/report/progressLine.js";
import { verifyBatch } from "../src/verify/verifyBatch.js";
import { secretApiKey, testAddress } from "../test/support/addresses.js";
import { fastEngine, standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer } from "../test/support/testExplorer.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "32" },
    seed: { type: "string", default: "7" },
  },
});
const jobCount = Number(values.jobs);

let unhandled = 0;
process.on("unhandledRejection", () => {
  unhandled++;
});

// A small seeded generator, so a run can be repeated.
let state = Number(values.seed) >>> 0 || 1;
const random = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};

const explorer = await startTestExplorer({ smartContractStatus: true });
explorer.faults.random = random;
explorer.faults.rates = { serverError: 0.1, rateLimit: 0.05, reset: 0.02, html: 0.01 };
const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x100_000 + i));
for (const address of addresses) {
  explorer.backend
    .addContract(address)
    .script(address, { result: "pass", pendingPolls: 1, unknownUidPolls: random() < 0.1 ? 1 : 0 });
}

const output: string[] = [];
const client = new ExplorerClient({
  explorerUrl: explorer.url,
  apiKey: secretApiKey,
  retryDelayMs: 20,
  maxRateLimitRetries: 10,
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  onEvent: (event) => output.push(JSON.stringify(event)),
});
const started = performance.now();
const results = await verifyBatch(
  addresses.map((address) => standardJsonJob(address)),
  {
    explorerUrl: explorer.url,
    client,
    concurrency: Number(values.concurrency),
    ...fastEngine,
    timeoutMs: 120_000,
    onEvent: (event) => {
      const line = progressLine(event);
      if (line) output.push(line);
    },
  },
);
const wallMs = performance.now() - started;
await explorer.close();

const byOutcome = new Map<string, number>();
for (const result of results) {
  const key =
    result.status === "verified" || result.status === "already-verified"
      ? result.status
      : `${result.status}: ${result.message}`;
  byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
}
const text = [...output, JSON.stringify(results)].join("\n");
const keyShown = text.includes(secretApiKey) || text.includes(encodeURIComponent(secretApiKey));

console.log(
  `jobs                       ${jobCount} (concurrency ${values.concurrency}, seed ${values.seed})`,
);
console.log(`wall time                  ${(wallMs / 1_000).toFixed(1)} s`);
console.log(
  `requests                   ${explorer.requests.length} (${(explorer.requests.length / jobCount).toFixed(2)} per job)`,
);
console.log(`faults injected            ${JSON.stringify(explorer.faults.applied)}`);
for (const [outcome, count] of [...byOutcome].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(count).padStart(5)}  ${outcome}`);
console.log(`unhandled rejections       ${unhandled}`);
console.log(`resubmitted after a pass   ${explorer.backend.submissionsAfterPass}`);
console.log(`API key in any output      ${keyShown ? "YES" : "no"}`);
console.log(`peak RSS                   ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
