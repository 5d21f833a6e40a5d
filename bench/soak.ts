// 1,000 jobs through the engine against the test explorer with faults: 10 % 5xx, 5 % 429 with rate-limit headers,
// 2 % connection resets, 1 % HTML pages, and `Unknown UID` on the first poll for 10 % of the jobs. Prints how the
// jobs ended, unhandled rejections, guids resubmitted after a pass, whether the API key showed, and the engine's
// peak RSS (the explorer runs in a child process). Usage: npm run soak -- [--jobs 1000] [--concurrency 32] [--seed 7]
import { fork } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ExplorerClient } from "../src/client/ExplorerClient.js";
import { RateLimiter } from "../src/client/rateLimiter.js";
import { progressLine } from "../src/report/progressLine.js";
import { verifyBatch } from "../src/verify/verifyBatch.js";
import { secretApiKey, testAddress } from "../test/support/addresses.js";
import { fastEngine, standardJsonJob } from "../test/support/jobs.js";

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

interface ExplorerReport {
  type: "report";
  requests: number;
  faults: Record<string, number>;
  submissionsAfterPass: number;
}

const explorerProcess = fork(
  join(import.meta.dirname, "support", "soakExplorer.ts"),
  ["--jobs", String(jobCount), "--seed", String(values.seed)],
  { execArgv: ["--import", "tsx"] },
);
const [ready] = (await once(explorerProcess, "message")) as [{ type: "ready"; url: string }];
const explorer = { url: ready.url };
const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x100_000 + i));
const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;

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
const peakRssMb = process.resourceUsage().maxRSS / 1024;
explorerProcess.send({ type: "report" });
const [report] = (await once(explorerProcess, "message")) as [ExplorerReport];

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
  `requests                   ${report.requests} (${(report.requests / jobCount).toFixed(2)} per job)`,
);
console.log(`faults injected            ${JSON.stringify(report.faults)}`);
for (const [outcome, count] of [...byOutcome].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(count).padStart(5)}  ${outcome}`);
console.log(`unhandled rejections       ${unhandled}`);
console.log(`resubmitted after a pass   ${report.submissionsAfterPass}`);
console.log(`API key in any output      ${keyShown ? "YES" : "no"}`);
console.log(
  `engine peak RSS            ${peakRssMb.toFixed(0)} MB (this process, the explorer runs apart; ${rssBeforeMb.toFixed(0)} MB before the batch)`,
);
