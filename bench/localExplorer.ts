// N contracts through the local explorer at once, for each compiler-thread setting: wall time, compiles run, and the
// latency of `checkverifystatus` answers while the compiles run (a side prober every few ms, and the engine's own
// polls), timed from a worker thread so a compile blocking the main thread cannot hide its own delay.
// A benchmark: it prints, never asserts.
// Usage: npm run bench:local-explorer -- [--contracts 50] [--threads 0,auto] [--no-distinct] [--interval-ms 20]
//   --threads   0 compiles on the thread that answers requests (as before the pool), auto the pool's default size
//               (CPU count less one), N that many worker threads
//   --distinct  (default) every contract has its own source (Token with its own constant), so every submission is a
//               compile of its own and compiles run while polls are answered, which is what this measures;
//               --no-distinct deploys one build N times, and the pool compiles the shared input once
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { Abi } from "viem";
import { type LocalExplorer, startLocalExplorer } from "../src/local-explorer/localExplorer.js";
import { loadSolcJsCompiler, parseCompilerOutput, solcWrapperFor } from "../src/recompile/compiler.js";
import { SolcJsWorkerPool } from "../src/recompile/solcJsWorkerPool.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { isSuccess, type StandardJsonInput, type VerificationJob } from "../src/verify/job.js";
import { Deployer } from "../test/support/deployer.js";
import { startHardhatChain } from "../test/support/hardhatChain.js";
import { blockscoutVerifierAt } from "../test/support/verifiers.js";
import { type StatusLatencies, startStatusProbe } from "./support/statusProbe.js";

const require = createRequire(import.meta.url);

const { values } = parseArgs({
  allowNegative: true,
  options: {
    contracts: { type: "string", default: "50" },
    threads: { type: "string", default: "0,auto" },
    distinct: { type: "boolean", default: true },
    "interval-ms": { type: "string", default: "20" },
  },
});
const contractCount = Number(values.contracts);
const intervalMs = Number(values["interval-ms"]);
const threadSettings = values.threads.split(",").map((setting) => setting.trim());
if (!Number.isInteger(contractCount) || contractCount < 1)
  fail(`--contracts takes a count, got "${values.contracts}".`);
if (!(intervalMs > 0)) fail(`--interval-ms takes a positive number, got "${values["interval-ms"]}".`);
for (const setting of threadSettings) {
  if (setting !== "auto" && !/^\d+$/.test(setting))
    fail(`--threads takes a list of thread counts or auto, e.g. 0,auto; got "${setting}".`);
}

function fail(message: string): never {
  console.error(`bench:local-explorer: ${message}`);
  process.exit(2);
}

// The bench project's Token; a distinct contract gets a constant of its own, so every source compiles on its own.
const baseTokenSource = readFileSync(
  new URL("./fixtures/vs-hardhat-verify/contracts/Token.sol", import.meta.url),
  "utf8",
);
const tokenSource = (serial: number | undefined) =>
  serial === undefined
    ? baseTokenSource
    : baseTokenSource.replace(
        "contract Token {\n",
        `contract Token {\n    uint256 public constant SERIAL = ${serial};\n`,
      );

const tokenInput = (serial: number | undefined): StandardJsonInput => ({
  language: "Solidity",
  sources: { "contracts/Token.sol": { content: tokenSource(serial) } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
  },
});

const soljson = require.resolve("solc/soljson.js");
const compilerVersion = `v${loadSolcJsCompiler(soljson).longVersion}`;
const contractName = "contracts/Token.sol:Token";

console.log(
  `contracts                ${contractCount}, ${values.distinct ? "distinct sources (one compile each)" : "one build deployed N times (one shared input)"}, all at once (concurrency ${contractCount})`,
);
console.log(`side prober              checkverifystatus every ${intervalMs} ms, from a worker thread`);
// The machine's load bounds what the numbers mean: on a busy machine a worker thread waits for a core too.
console.log(`load average             ${loadavg()[0]?.toFixed(2)} (1 min) at the start`);

const chain = await startHardhatChain();
try {
  const jobs = await deployTokens();
  for (const setting of threadSettings) await measure(setting, jobs);
} finally {
  await chain.stop();
}

// Compiled once here (in worker threads, off the clock), deployed, and turned into the jobs a build would give.
async function deployTokens(): Promise<VerificationJob[]> {
  const inputs = Array.from({ length: values.distinct ? contractCount : 1 }, (_, i) =>
    tokenInput(values.distinct ? i : undefined),
  );
  const setupPool = new SolcJsWorkerPool();
  const outputs = await Promise.all(
    inputs.map(async (input) =>
      parseCompilerOutput(
        await setupPool.compile(soljson, solcWrapperFor(soljson), JSON.stringify(input)),
        soljson,
      ),
    ),
  );
  await setupPool.close();
  const deployer = new Deployer(chain.rpcUrl);
  const jobs: VerificationJob[] = [];
  for (let i = 0; i < contractCount; i++) {
    const index = values.distinct ? i : 0;
    const input = inputs[index] as StandardJsonInput;
    const output = outputs[index];
    if (!output) throw new Error(`no compiler output for contract ${i}`);
    const errors = (output.errors ?? []).filter((error) => error.severity === "error");
    if (errors.length > 0) throw new Error(errors.map((error) => error.message).join("\n"));
    const args = [`Token ${i}`, BigInt(i + 1)];
    const address = await deployer.deploy(
      { input, output, compilerVersion },
      "contracts/Token.sol",
      "Token",
      args,
    );
    const abi = (output.contracts?.["contracts/Token.sol"]?.Token?.abi ?? []) as Abi;
    jobs.push({
      address,
      contract: contractName,
      source: { format: "standard-json", input, compilerVersion, contractName },
      constructorArguments: { values: args, abi },
    });
  }
  return jobs;
}

// A long-lived explorer has its compiler loaded: every worker loads solc-js before the clock starts (the request
// thread loaded it above, to read its version, as the explorer's resolver does in either mode), so no setting pays
// the load (a second or more) inside its measurement. Distinct texts, so the pool shares none of them.
async function warmUp(pool: SolcJsWorkerPool): Promise<void> {
  const input = (k: number) =>
    JSON.stringify({
      language: "Solidity",
      sources: { "Warm.sol": { content: `// warm-up ${k}\ncontract Warm {}` } },
    });
  await Promise.all(
    Array.from({ length: pool.size }, (_, k) => pool.compile(soljson, solcWrapperFor(soljson), input(k))),
  );
}

async function measure(setting: string, jobs: VerificationJob[]): Promise<void> {
  const compilerThreads = setting === "auto" ? undefined : Number(setting);
  const explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    ...(compilerThreads === undefined ? {} : { compilerThreads }),
  });
  try {
    await measureOn(explorer, setting, jobs);
  } finally {
    await explorer.close();
  }
}

async function measureOn(explorer: LocalExplorer, setting: string, jobs: VerificationJob[]): Promise<void> {
  await warmUp(explorer.compilerPool);
  const compilesBefore = explorer.compiles();
  const probe = await startStatusProbe(explorer.url, intervalMs);
  let guidSeen = false;
  probe.start();
  const started = performance.now();
  const results = await verifyBatch(jobs, {
    explorerUrl: probe.proxyUrl,
    // No client-side spacing: every submission is in flight at once.
    verifier: blockscoutVerifierAt(probe.proxyUrl, { requestsPerSecond: Number.POSITIVE_INFINITY }),
    concurrency: jobs.length,
    onEvent: (event) => {
      if (event.type === "submitted" && event.guid && !guidSeen) {
        guidSeen = true;
        probe.useGuid(event.guid);
      }
    },
  });
  const wallMs = performance.now() - started;
  const latencies = await probe.stop();
  const compiles = explorer.compiles() - compilesBefore;
  report(
    setting,
    explorer.compilerPool.size,
    wallMs,
    results.filter(isSuccess).length,
    jobs.length,
    compiles,
    latencies,
  );
  const failed = results.find((result) => !isSuccess(result));
  if (failed)
    console.log(
      `  not verified, e.g. ${failed.address}: ${failed.status}, ${failed.message ?? "no message"}`,
    );
}

function report(
  setting: string,
  poolSize: number,
  wallMs: number,
  succeeded: number,
  total: number,
  compiles: number,
  latencies: StatusLatencies,
): void {
  const threads =
    setting === "0"
      ? "0 (compiles on the request thread)"
      : `${setting} (${poolSize} worker thread${poolSize === 1 ? "" : "s"})`;
  console.log(`compiler threads ${threads}:`);
  console.log(
    `  wall time ${(wallMs / 1_000).toFixed(2)} s, ${succeeded}/${total} verified, ${compiles} compiles run`,
  );
  console.log(
    `  status, side prober      ${summary(latencies.prober)}${latencies.failed > 0 ? `, ${latencies.failed} failed` : ""}${latencies.skipped > 0 ? `, ${latencies.skipped} not sent (1,000 waiting)` : ""}`,
  );
  console.log(`  status, engine's polls   ${summary(latencies.engine)}`);
}

function summary(samples: number[]): string {
  if (samples.length === 0) return "no answers";
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.max(0, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${sorted.length} answers: p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(at(1))}`;
}
