// The same N contracts verified by explorer-verify (one batch) and by @nomicfoundation/hardhat-verify 3 (one
// `npx hardhat verify blockscout` per contract, its documented use), against the test explorer with scripted
// outcomes, 100 ms added latency per request and 2 s pending time. Prints wall time, requests per contract,
// peak RSS, the ratio, and DESIGN §4's lower bound. Usage: npm run bench:vs-hardhat-verify -- [--contracts 20]
// [--concurrency auto,16] [--explorer-quota none,5/1000] (comma lists: explorer-verify runs once per pair, each
// against a fresh explorer; a quota is Blockscout-like, requests per window of so many ms, 429 with x-ratelimit-reset
// and no Retry-After) [--hardhat-verify-quota 5/1000] (hardhat-verify runs once, on an explorer with this quota, none
// by default; the bench prints how many contracts it verified)
import { execFile } from "node:child_process";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { readBuildInfos } from "../src/inputs/buildInfo.js";
import { createContractJob } from "../src/inputs/contractJob.js";
import { findContract } from "../src/inputs/findContract.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { isSuccess } from "../src/verify/job.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";
import { hardhatCli, node, startBenchChain } from "./support/benchChain.js";

const { values } = parseArgs({
  options: {
    contracts: { type: "string", default: "20" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "auto,16" },
    "explorer-quota": { type: "string", default: "none" },
    "hardhat-verify-quota": { type: "string", default: "none" },
  },
});
const count = Number(values.contracts);
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const concurrencies = values.concurrency
  .split(",")
  .map((setting) => (setting === "auto" ? ("auto" as const) : Number(setting)));
const hardhatVerifyQuota = parseQuota(values["hardhat-verify-quota"]);
const quotas = values["explorer-quota"].split(",").map(parseQuota);
const run = promisify(execFile);

const explorer = await startTestExplorer({
  smartContractStatus: true,
  ...(hardhatVerifyQuota ? { rateLimit: hardhatVerifyQuota } : {}),
});
const chain = await startBenchChain(explorer.url);
const { project, env } = chain;
try {
  const addresses: string[] = [];
  for (let i = 0; i < count; i++) addresses.push(await chain.deployToken(`Token ${i}`, BigInt(i + 1)));
  const script = (target: TestExplorer) => {
    target.reset();
    target.faults.latencyMs = latencyMs;
    for (const address of addresses)
      target.backend.addContract(address).script(address, { result: "pass", pendingMs });
  };

  // hardhat-verify: one process per contract, as its documentation says.
  script(explorer);
  let hardhatVerifyPeakKb = 0;
  const hardhatVerifyStart = performance.now();
  let hardhatVerifyFailures = 0;
  for (const [i, address] of addresses.entries()) {
    const { stderr } = await run(
      "/usr/bin/time",
      [
        "-f",
        "%M",
        node,
        hardhatCli,
        "verify",
        "blockscout",
        "--network",
        "bench",
        address,
        `Token ${i}`,
        String(i + 1),
      ],
      { cwd: project, env },
    ).catch((error: { stderr?: string }) => {
      // Under a quota hardhat-verify may give up on a contract: counted, and the loop goes on.
      hardhatVerifyFailures++;
      return { stderr: error.stderr ?? "0" };
    });
    hardhatVerifyPeakKb = Math.max(hardhatVerifyPeakKb, Number(stderr.trim().split("\n").pop()));
  }
  const hardhatVerifyS = (performance.now() - hardhatVerifyStart) / 1_000;
  const hardhatVerifyRequests = explorer.requests.length;
  const hardhatVerifyVerified = addresses.filter(
    (address) => explorer.backend.smartContractBody(address.toLowerCase())?.is_verified === true,
  ).length;

  console.log(`contracts                ${count} (${latencyMs} ms latency, ${pendingMs} ms pending)`);
  console.log(
    `hardhat-verify           ${hardhatVerifyS.toFixed(1)} s, ${(hardhatVerifyRequests / count).toFixed(2)} requests per contract, ${explorer.backend.submissions.length} submissions, ${hardhatVerifyVerified}/${count} verified (${hardhatVerifyFailures} runs failed${hardhatVerifyQuota ? `, explorer quota ${hardhatVerifyQuota.limit} per ${hardhatVerifyQuota.windowMs} ms` : ""}), peak RSS ${(hardhatVerifyPeakKb / 1024).toFixed(0)} MB per process`,
  );

  // explorer-verify: one batch through the engine, jobs from the same build, on a fresh explorer each time.
  const buildInfos = await readBuildInfos(join(project, "artifacts"));
  const token = findContract(buildInfos, "contracts/Token.sol:Token");
  const jobs = addresses.map((address, i) =>
    createContractJob(token, { address, constructorArguments: { values: [`Token ${i}`, BigInt(i + 1)] } }),
  );
  const perContractS = (2 * latencyMs + pendingMs) / 1_000;
  for (const quota of quotas) {
    for (const concurrency of concurrencies) {
      const target = await startTestExplorer({
        smartContractStatus: true,
        ...(quota ? { rateLimit: quota } : {}),
      });
      try {
        script(target);
        const start = performance.now();
        const results = await verifyBatch(jobs, {
          explorerUrl: target.url,
          concurrency,
        });
        const explorerVerifyS = (performance.now() - start) / 1_000;
        const requestsPerContract = target.requests.length / count;
        const explorerRequestsPerSecond = quota
          ? (quota.limit * 1_000) / quota.windowMs
          : Number.POSITIVE_INFINITY;
        const lowerBound = Math.max(
          Math.ceil(count / (concurrency === "auto" ? 16 : concurrency)) * perContractS,
          (count * requestsPerContract) / explorerRequestsPerSecond,
        );
        const setting = `concurrency ${concurrency}, ${quota ? `explorer quota ${quota.limit} per ${quota.windowMs} ms` : "no explorer quota"}`;
        console.log(`explorer-verify          ${setting}:`);
        console.log(
          `  ${explorerVerifyS.toFixed(1)} s, ${requestsPerContract.toFixed(2)} requests per contract, ${results.filter(isSuccess).length}/${count} verified; ${(hardhatVerifyS / explorerVerifyS).toFixed(1)}x faster; lower bound ${lowerBound.toFixed(1)} s, at ${(explorerVerifyS / lowerBound).toFixed(2)}x`,
        );
      } finally {
        await target.close();
      }
    }
  }
  console.log(
    `peak RSS                 ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB for this process (explorer-verify, the test explorers and the TypeScript loader)`,
  );
} finally {
  await chain.stop();
  await explorer.close();
}

function parseQuota(text: string): { limit: number; windowMs: number } | undefined {
  if (text === "none") return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match)
    throw new Error(`--explorer-quota takes none or LIMIT/WINDOW_MS, e.g. 300/60000; got "${text}"`);
  return { limit: Number(match[1]), windowMs: Number(match[2]) };
}
