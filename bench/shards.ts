// A run over many explorers as one job, and the same run as a plan's shards run at once then merged, through the
// run's hall (runVerify with `shard`, mergeShards, as the doors call them), on loopback stand-ins: per chain, a test
// explorer answering as Blockscout and another answering Etherscan's API (the Etherscan-compatible `/api` the test
// explorer serves), each with its own quota of requests per second (429 past it) and scripted verdicts. Prints the
// single job's time against the quota bound, the sharded run's (every shard at once, then the merge) against its
// largest shard's bound, the merge's own time, and the requests per contract. A benchmark: it prints, never asserts.
// The bound of a set of explorers worked on at once (every explorer answers at once, so the busiest one's): 3 round
// trips plus the longer of the queue's pending time and its contracts × 2 requests (a submission and one status read,
// the least a verification costs) / its quota.
// Usage: npm run bench:shards -- [--chains 4] [--contracts 30] [--quota 5] [--shards 8] [--latency-ms 100]
//   [--pending-ms 2000]
// With --merge-only: the merge alone, of shard folders written here (--chains × blockscout and etherscan explorers of
// --contracts contracts each, a shard each: by default 8 shards × 1,250 records, every record backed by its ledger
// entry); prints its time and the process's peak memory.
// With --plan-only: the planning alone, as each shard's job and the merge work it out again: --chains × --contracts
// contracts each, on the four services, into --shards shards at --requests-per-second (by default 100 chains × 10
// contracts × 256 shards at 1,000 requests/s); prints its time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readsDeadline } from "../src/kernel/readsDeadline.js";
import { RunReporter } from "../src/run/report/runReporter.js";
import type { RunResults } from "../src/run/report/runResults.js";
import { type RunSettings, runVerify } from "../src/run/runners/runVerify.js";
import { mergeShards } from "../src/run/shards/mergeShards.js";
import { writeShardResults } from "../src/run/shards/shardFolders.js";
import { explorersOfJobs, planShards } from "../src/run/shards/shardPlan.js";
import type { RunTargets } from "../src/run/targets/targets.js";
import type { Target } from "../src/verifiers/target.js";
import { isSuccess, type VerificationJob } from "../src/verify/job.js";
import { testAddress } from "../test/support/addresses.js";
import { standardJsonJob } from "../test/support/jobs.js";
import { shardEntry, shardRecord, shardReport, writeShardFolder } from "../test/support/shardFolders.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";
import { blockscoutTargetAt } from "../test/support/verifiers.js";

const { values } = parseArgs({
  options: {
    chains: { type: "string", default: "4" },
    contracts: { type: "string", default: "30" },
    quota: { type: "string", default: "5" },
    shards: { type: "string", default: "8" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    "merge-only": { type: "boolean", default: false },
    "plan-only": { type: "boolean", default: false },
    "requests-per-second": { type: "string", default: "1000" },
  },
});
const chainCount = Number(values.chains);
const contractCount = Number(values.contracts);
const quota = Number(values.quota);
const shardCount = Number(values.shards);
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const services = ["blockscout", "etherscan"] as const;
const firstChainId = 5_001;
const etherscanKey = "BENCH-ETHERSCAN-KEY";
const settings: RunSettings = {
  concurrency: "auto",
  timeoutSeconds: 600,
  force: false,
  wait: true,
  preflight: false,
  // Each explorer's client at the stand-in's quota (Etherscan's own default is 3 a second, its free plan).
  requestsPerSecond: quota,
};

if (values["merge-only"]) {
  await mergeBench(
    values.chains === "4" && values.contracts === "30"
      ? { chains: 4, contracts: 1_250 }
      : {
          chains: Number(values.chains),
          contracts: Number(values.contracts),
        },
  );
  process.exit(0);
}

if (values["plan-only"]) {
  const [chains, contracts, count] =
    values.chains === "4" && values.contracts === "30"
      ? [100, 10, 256]
      : [chainCount, contractCount, shardCount];
  const planned = Array.from({ length: chains * contracts }, (_, i) => ({
    address: testAddress(0x50_000 + i),
    chainId: firstChainId + (i % chains),
  }));
  const rate = Number(values["requests-per-second"]);
  const planning = await timed(async () =>
    planShards(
      explorersOfJobs(planned, ["blockscout", "etherscan", "sourcify", "routescan"]).explorers,
      count,
      false,
      { requestsPerSecond: rate },
    ),
  );
  console.log(
    `plan of ${chains} chains × ${contracts} contracts × 4 services into ${count} shards at ${rate} requests/s (${planning.value.shards.reduce((sum, shard) => sum + shard.explorers.length, 0)} pieces): ${(planning.s * 1_000).toFixed(0)} ms`,
  );
  process.exit(0);
}

// Per chain and service, a stand-in with its own quota.
const standIns = new Map<string, TestExplorer>();
for (let chain = 0; chain < chainCount; chain++)
  for (const service of services)
    standIns.set(
      `${service} ${firstChainId + chain}`,
      await startTestExplorer({ smartContractStatus: true, rateLimit: { limit: quota, windowMs: 1_000 } }),
    );
const addresses = Array.from({ length: contractCount }, (_, i) => testAddress(0x30_000 + i));
const jobs: VerificationJob[] = Array.from({ length: chainCount }, (_, chain) =>
  addresses.map((address) => standardJsonJob(address, { chainId: firstChainId + chain })),
).flat();
const scratch = mkdtempSync(join(tmpdir(), "explorer-verify-bench-shards-"));

try {
  fresh();
  const single = await timed(() => verifyRun(undefined, join(scratch, "single")));
  const singleRequests = requests();
  fresh();
  const plan = planShards(explorersOfJobs(jobs, services).explorers, shardCount, false).shards;
  const sharded = await timed(() =>
    Promise.all(plan.map((shard) => verifyRun(shard.id, join(scratch, `shard-${shard.id.index}`)))),
  );
  const shardedRequests = requests();
  const merged = await timed(async () =>
    mergeShards({
      from: plan.map((shard) => join(scratch, `shard-${shard.id.index}`)),
      ledger: join(scratch, "merged", "ledger.json"),
      reporter: new RunReporter({ json: false, table: false, writeLine: () => {} }),
    }),
  );
  const pairs = jobs.length * services.length;
  // Every explorer is worked on at once: the bound is the busiest explorer's.
  const bound = (contractsOnBusiest: number) =>
    Math.max((contractsOnBusiest * 2) / quota, pendingMs / 1_000) + (3 * latencyMs) / 1_000;
  const singleBound = bound(contractCount);
  const largestShard = Math.max(
    ...plan.map((shard) => Math.max(0, ...shard.explorers.map((e) => e.contracts))),
  );
  const shardedBound = bound(largestShard);
  const verified = (results: readonly RunResults[]) =>
    results.flat().filter((result) => isSuccess(result)).length;
  console.log(
    `${chainCount} chains × ${services.length} services × ${contractCount} contracts (${pairs} verifications), a ${quota} requests/s quota per stand-in, ${latencyMs} ms latency, ${pendingMs} ms pending`,
  );
  console.log(
    `single job       ${single.s.toFixed(1)} s against the quota bound ${singleBound.toFixed(1)} s (${(single.s / singleBound).toFixed(2)}x), ${(singleRequests / pairs).toFixed(2)} requests per contract, ${verified([single.value])}/${pairs} verified`,
  );
  console.log(
    `${plan.length} shards + merge ${(sharded.s + merged.s).toFixed(1)} s (shards ${sharded.s.toFixed(1)} s) against the largest shard's bound ${shardedBound.toFixed(1)} s (${((sharded.s + merged.s) / shardedBound).toFixed(2)}x), ${(shardedRequests / pairs).toFixed(2)} requests per contract, ${verified(sharded.value)}/${pairs} verified`,
  );
  console.log(
    `merge            ${(merged.s * 1_000).toFixed(0)} ms (${merged.value.length} records, ${merged.value.complete ? "every shard reported" : "a shard missing"})`,
  );
} finally {
  for (const standIn of standIns.values()) await standIn.close();
  rmSync(scratch, { recursive: true, force: true });
}

// Every stand-in as new: no requests, its quota's window empty, every contract scripted to pass after the pending.
function fresh(): void {
  for (const standIn of standIns.values()) {
    standIn.reset();
    standIn.faults.latencyMs = latencyMs;
    for (const address of addresses)
      standIn.backend.addContract(address).script(address, { result: "pass", pendingMs });
  }
}

function requests(): number {
  return [...standIns.values()].reduce((sum, standIn) => sum + standIn.requests.length, 0);
}

async function timed<T>(work: () => Promise<T>): Promise<{ s: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { s: (performance.now() - started) / 1_000, value };
}

// One run of the hall, as a door's: every target of every chain, or one shard's; its ledger and results in a folder.
async function verifyRun(
  shard: { index: number; of: number } | undefined,
  folder: string,
): Promise<RunResults> {
  const ledger = join(folder, "ledger.json");
  const results = await runVerify({
    jobs,
    targets: runTargets(),
    settings,
    reads: readsDeadline(settings.timeoutSeconds),
    ledger: { path: ledger, recheck: false },
    reporter: new RunReporter({ json: false, table: false, writeLine: () => {} }),
    shard,
  });
  writeShardResults(ledger, results);
  return results;
}

function runTargets(): RunTargets {
  const targets: Target[] = [];
  for (let chain = 0; chain < chainCount; chain++) {
    const chainId = firstChainId + chain;
    const blockscout = standIns.get(`blockscout ${chainId}`) as TestExplorer;
    targets.push(blockscoutTargetAt(blockscout.url, { chainId }));
    const etherscan = standIns.get(`etherscan ${chainId}`) as TestExplorer;
    targets.push({
      service: "etherscan",
      chainId,
      apiUrl: `${etherscan.url}/api`,
      apiKey: etherscanKey,
      siteUrl: etherscan.url,
      required: true,
      shownUrl: `${etherscan.url}/api`,
      reason: "the bench's stand-in",
    });
  }
  return {
    targets,
    chainIds: Array.from({ length: chainCount }, (_, chain) => firstChainId + chain),
    localExplorers: [],
    close: async () => {},
  };
}

// The merge alone: shard folders as honest shards leave them, merged once, timed; the peak memory is the process's.
async function mergeBench({ chains, contracts }: { chains: number; contracts: number }): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "explorer-verify-bench-merge-"));
  try {
    const addresses = Array.from({ length: contracts }, (_, i) => testAddress(0x40_000 + i));
    const chainIds = Array.from({ length: chains }, (_, chain) => firstChainId + chain);
    const planned = chainIds.flatMap((chainId) =>
      addresses.map((address) => ({ address, contract: "Token", chainId })),
    );
    const count = chains * services.length;
    const plan = planShards(explorersOfJobs(planned, services).explorers, count, false).shards;
    for (const shard of plan) {
      const name = `${shard.id.index}-of-${count}`;
      const own = shard.explorers.flatMap((explorer) =>
        explorer.addresses.map((address) => ({
          address,
          chainId: explorer.chainId as number,
          service: explorer.service,
        })),
      );
      writeShardFolder(folder, name, shardReport(name, planned, [...services]), {
        ledger: own.map((c) => shardEntry(c.address, c.chainId, c.service)),
        results: own.map((c) => shardRecord(c.address, c.chainId, c.service)),
      });
    }
    const before = process.memoryUsage().rss / 1_048_576;
    const merged = await timed(async () =>
      mergeShards({
        from: [folder],
        ledger: join(folder, "merged", "ledger.json"),
        reporter: new RunReporter({ json: false, table: false, writeLine: () => {} }),
      }),
    );
    const peakMiB = process.resourceUsage().maxRSS / 1_024;
    console.log(
      `merge of ${count} shards × ${contracts} records (${merged.value.length} records, ${merged.value.complete ? "every shard reported" : "a shard missing"}): ${(merged.s * 1_000).toFixed(0)} ms, peak memory ${peakMiB.toFixed(0)} MiB (the process's, ${before.toFixed(0)} MiB before the merge)`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
