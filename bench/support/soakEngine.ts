// The soak's engine: bundled and run with plain Node by bench/soak.ts (as the Action runs), so its peak RSS is the
// engine's alone. Verifies the jobs against the explorer URL it is given and sends one summary over IPC.
import { parseArgs } from "node:util";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { progressLine } from "../../src/report/progressLine.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { secretApiKey, testAddress } from "../../test/support/addresses.js";
import { fastEngine, standardJsonJob } from "../../test/support/jobs.js";
import { blockscoutVerifierAt } from "../../test/support/verifiers.js";

/** What the engine process reports. */
export interface EngineSummary {
  wallMs: number;
  outcomes: Array<[string, number]>;
  unhandled: number;
  keyShown: boolean;
  rssBeforeMb: number;
  peakRssMb: number;
}

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    jobs: { type: "string" },
    concurrency: { type: "string" },
  },
});
const jobCount = Number(values.jobs);

let unhandled = 0;
process.on("unhandledRejection", () => {
  unhandled++;
});

const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
const explorerUrl = values.url ?? "";
// Each line is checked for the key as it is written, and not kept: the RSS measured is the engine's.
let keyShown = false;
const checkOutput = (line: string) => {
  if (line.includes(secretApiKey) || line.includes(encodeURIComponent(secretApiKey))) keyShown = true;
};
const client = blockscoutVerifierAt(explorerUrl, {
  apiKey: secretApiKey,
  retryDelayMs: 20,
  maxRateLimitRetries: 10,
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  onEvent: (event) => checkOutput(JSON.stringify(event)),
});
const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x100_000 + i));
const started = performance.now();
const results = await verifyBatch(
  addresses.map((address) => standardJsonJob(address)),
  {
    verifier: client,
    concurrency: Number(values.concurrency),
    ...fastEngine,
    timeoutMs: 120_000,
    onEvent: (event) => {
      const line = progressLine(event);
      if (line) checkOutput(line);
    },
  },
);
const wallMs = performance.now() - started;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

const outcomes = new Map<string, number>();
for (const result of results) {
  const key =
    result.status === "verified" || result.status === "already-verified"
      ? result.status
      : `${result.status}: ${result.message}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
}
checkOutput(JSON.stringify(results));
const summary: EngineSummary = {
  wallMs,
  outcomes: [...outcomes],
  unhandled,
  keyShown,
  rssBeforeMb,
  peakRssMb,
};
process.send?.(summary);
process.disconnect?.();
