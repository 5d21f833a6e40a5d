// The same contracts verified on Blockscout, Etherscan and Sourcify in one run, and on each target alone, through
// the run's hall (runVerify, as every door calls it): wall time, requests per contract per target, verified counts,
// and the ratio of the run on all three to the slowest target alone. With --quota, each stand-in also limits the
// requests it answers per second, in its own words, and each target's time is set against n·k/q.
// A benchmark: it prints, never asserts.
// Usage: npm run bench:targets -- [--contracts 20] [--latency-ms 100] [--pending-ms 2000]
//   [--concurrency auto|N] [--quota] [--quotas blockscout=5,etherscan=3,sourcify=5]
// Every contract is deployed once on one Hardhat node. Each mode gets fresh stand-ins, each in a process of its own
// (bench/support/targetStandIn.ts): the test explorer for Blockscout (scripted verdicts), and the Etherscan and
// Sourcify emulators, which verify for real against the chain (npm solc, lib-sourcify for Sourcify).
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Abi } from "viem";
import { readsDeadline } from "../src/kernel/readsDeadline.js";
import { loadSolcJsCompiler, parseCompilerOutput, solcWrapperFor } from "../src/recompile/compiler.js";
import { SolcJsWorkerPool } from "../src/recompile/solcJsWorkerPool.js";
import { RunReporter } from "../src/run/report/runReporter.js";
import { runVerify } from "../src/run/runners/runVerify.js";
import { resolveTargets } from "../src/run/targets/targets.js";
import { isSuccess, type StandardJsonInput, type VerificationJob } from "../src/verify/job.js";
import type { Service as VerifierKind } from "../src/verify/verifier.js";
import { Deployer } from "../test/support/deployer.js";
import { startHardhatChain } from "../test/support/hardhatChain.js";

const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: {
    contracts: { type: "string", default: "20" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "auto" },
    quota: { type: "boolean", default: false },
    // Blockscout: 300 a minute per IP by default, taken as 5 a second; Etherscan: 3 a second on the free plan
    // (other-verifiers-api.md §1.3); Sourcify documents no limit, 5 a second is assumed.
    quotas: { type: "string", default: "blockscout=5,etherscan=3,sourcify=5" },
  },
});
const contractCount = wholeNumber("contracts", 1);
const latencyMs = wholeNumber("latency-ms", 0);
const pendingMs = wholeNumber("pending-ms", 0);
const concurrency = values.concurrency === "auto" ? "auto" : wholeNumber("concurrency", 1);
const kinds: VerifierKind[] = ["blockscout", "etherscan", "sourcify"];
const quotas = values.quota ? parseQuotas(values.quotas as string) : undefined;
const chainId = 31_337;
const etherscanKey = "BENCH-ETHERSCAN-KEY";
const benchStart = performance.now();

function wholeNumber(
  option: "contracts" | "latency-ms" | "pending-ms" | "concurrency",
  least: number,
): number {
  const text = String(values[option]);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < least) {
    console.error(`--${option} takes a whole number from ${least}; got "${text}"`);
    process.exit(2);
  }
  return value;
}

function parseQuotas(text: string): Record<VerifierKind, number> {
  const found: Partial<Record<VerifierKind, number>> = {};
  for (const part of text.split(",")) {
    const match = /^(blockscout|etherscan|sourcify)=(\d+)$/.exec(part.trim());
    if (!match || Number(match[2]) < 1) {
      console.error(`--quotas takes TARGET=REQUESTS_PER_SECOND,…; got "${text}"`);
      process.exit(2);
    }
    found[match[1] as VerifierKind] = Number(match[2]);
  }
  for (const kind of kinds) {
    if (found[kind] === undefined) {
      console.error(`--quotas names no quota for ${kind}`);
      process.exit(2);
    }
  }
  return found as Record<VerifierKind, number>;
}

// Progress on stderr, so stdout keeps only the results.
function progress(step: string): void {
  process.stderr.write(`[${((performance.now() - benchStart) / 1_000).toFixed(0)} s] ${step}\n`);
}

// The bench project's Token, each with a constant of its own: distinct bytecode, so every verification is its own.
const baseTokenSource = readFileSync(
  new URL("./fixtures/vs-hardhat-verify/contracts/Token.sol", import.meta.url),
  "utf8",
);
const tokenInput = (serial: number): StandardJsonInput => ({
  language: "Solidity",
  sources: {
    "contracts/Token.sol": {
      content: baseTokenSource.replace(
        "contract Token {\n",
        `contract Token {\n    uint256 public constant SERIAL = ${serial};\n`,
      ),
    },
  },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
  },
});
const soljson = require.resolve("solc/soljson.js");
const compilerVersion = `v${loadSolcJsCompiler(soljson).longVersion}`;
const contractName = "contracts/Token.sol:Token";

/** One run through the hall: its wall time, and per target the requests its stand-in received and what verified. */
interface Measured {
  label: string;
  targets: VerifierKind[];
  wallS: number;
  requests: Partial<Record<VerifierKind, number>>;
  rateLimited: Partial<Record<VerifierKind, number>>;
  verified: Partial<Record<VerifierKind, number>>;
  /** Each target's own time: from the run's start to its last record. */
  targetS: Partial<Record<VerifierKind, number>>;
  /** CPU time each stand-in's process used during the run (the sources' compiles, the matching). */
  standInCpuS: Partial<Record<VerifierKind, number>>;
  /** CPU time the bench's own process (the hall) used during the run. */
  hallCpuS: number;
}

console.log(
  `contracts                ${contractCount} distinct (Token with its own constant), one Hardhat node, chain id ${chainId}`,
);
console.log(
  `stand-ins                ${latencyMs} ms latency, ${pendingMs} ms pending, each in its own process, fresh for each run; ${quotas ? `quotas ${kinds.map((kind) => `${kind} ${quotas[kind]}/s`).join(", ")}` : "no quota"}`,
);
console.log(
  `the hall                 runVerify, concurrency ${concurrency} per target, each target's own default rate`,
);
console.log(`load average             ${loadavg()[0]?.toFixed(2)} (1 min) at the start`);

const chain = await startHardhatChain();
const children = new Set<ChildProcess>();
const stopAll = async () => {
  for (const child of children) child.kill();
  await chain.stop();
};
// Interrupted, the node and the stand-ins stop all the same. The signal may come twice (tsx and the process group).
let stopping = false;
const interrupted = () => {
  if (stopping) return;
  stopping = true;
  progress("interrupted: stopping the node and the stand-ins");
  void stopAll().finally(() => process.exit(130));
};
process.on("SIGINT", interrupted).on("SIGTERM", interrupted);
try {
  progress("compiling and deploying");
  const jobs = await deployTokens();
  // The hall's first run loads the modules of each target: one contract on all three, off the record, loads them.
  progress("warming up: one contract on all three targets");
  await measure("warm-up", kinds, jobs.slice(0, 1));
  const runs: Measured[] = [];
  progress("all three targets in one run");
  runs.push(await measure("all three", kinds, jobs));
  for (const kind of kinds) {
    progress(`${kind} alone`);
    runs.push(await measure(`${kind} alone`, [kind], jobs));
  }
  printTable(runs);
} finally {
  process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
  await stopAll();
}

// Compiled once here (in worker threads, off the clock), deployed, and turned into the jobs a build would give.
async function deployTokens(): Promise<VerificationJob[]> {
  const inputs = Array.from({ length: contractCount }, (_, i) => tokenInput(i));
  const pool = new SolcJsWorkerPool();
  const outputs = await Promise.all(
    inputs.map(async (input) =>
      parseCompilerOutput(
        await pool.compile(soljson, solcWrapperFor(soljson), JSON.stringify(input)),
        soljson,
      ),
    ),
  );
  await pool.close();
  const deployer = new Deployer(chain.rpcUrl);
  const jobs: VerificationJob[] = [];
  for (const [i, input] of inputs.entries()) {
    const output = outputs[i];
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

async function startStandIn(
  kind: VerifierKind,
  addresses: string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(
    join(import.meta.dirname, "support", "targetStandIn.ts"),
    [
      "--kind",
      kind,
      "--rpc-url",
      chain.rpcUrl,
      "--chain-id",
      String(chainId),
      "--latency-ms",
      String(latencyMs),
      "--pending-ms",
      String(pendingMs),
      "--addresses",
      addresses.join(","),
      "--api-key",
      etherscanKey,
      ...(quotas ? ["--quota", String(quotas[kind])] : []),
    ],
    { execArgv: ["--import", "tsx"] },
  );
  children.add(child);
  const ready = await nextMessage<{ url: string }>(child, kind);
  return { child, url: ready.url };
}

async function reportOf(
  child: ChildProcess,
  kind: VerifierKind,
): Promise<{ requests: number; cpuS: number }> {
  child.send({ type: "report" });
  const report = await nextMessage<{ requests: number; cpuS: number }>(child, kind);
  children.delete(child);
  return report;
}

function nextMessage<T>(child: ChildProcess, name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the ${name} stand-in exited (${code})`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      resolve(message as T);
    });
  });
}

async function measure(label: string, targets: VerifierKind[], jobs: VerificationJob[]): Promise<Measured> {
  const standIns = new Map<VerifierKind, { child: ChildProcess; url: string }>();
  await Promise.all(
    targets.map(async (kind) =>
      standIns.set(
        kind,
        await startStandIn(
          kind,
          jobs.map((job) => job.address),
        ),
      ),
    ),
  );
  // A target left out of the run has no stand-in; its URL is never asked (the run names only its targets).
  const urlOf = (kind: VerifierKind) => standIns.get(kind)?.url ?? "http://127.0.0.1:9/unused";
  const kindOfUrl = (url: string) =>
    targets.find((kind) => url.startsWith(urlOf(kind).replace(/\/v2\/api$/, "")));
  const rateLimited: Partial<Record<VerifierKind, number>> = {};
  const lastRecordMs: Partial<Record<VerifierKind, number>> = {};
  // Lines for a person go nowhere; the transport's 429s and each target's last record are told apart by the URL
  // they name.
  const reporter = new RunReporter({ json: false, table: false, writeLine: () => {} });
  const shown = reporter.event;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  Object.assign(reporter, {
    event: (event: Parameters<RunReporter["event"]>[0]) => {
      if (event.type === "transport" && event.event.type === "rate-limited") {
        const kind = kindOfUrl(event.event.url);
        if (kind) rateLimited[kind] = (rateLimited[kind] ?? 0) + 1;
      }
      if (event.type === "finished") {
        const kind = event.result.target;
        if (kind) lastRecordMs[kind] = performance.now() - started;
      }
      shown(event);
    },
  });
  const resolved = await resolveTargets({
    services: targets,
    chains: [{ claims: [{ id: chainId, source: "the bench" }] }],
    ...(targets.includes("blockscout")
      ? { explorerUrl: { url: urlOf("blockscout"), source: "the bench's stand-in" } }
      : {}),
    keys: { etherscan: etherscanKey },
    apiUrls: {
      etherscan: { url: urlOf("etherscan"), source: "the bench's stand-in" },
      sourcify: { url: urlOf("sourcify"), source: "the bench's stand-in" },
    },
    howToNameExplorer: "",
    howToGiveEtherscanKey: "",
    howToReachLocalChain: "",
  });
  const results = await runVerify({
    jobs,
    targets: resolved,
    settings: { concurrency, timeoutSeconds: 600, force: false, wait: true, preflight: false },
    reads: readsDeadline(600),
    reporter,
  });
  const wallS = (performance.now() - started) / 1_000;
  const hallCpu = process.cpuUsage(cpuBefore);
  const hallCpuS = (hallCpu.user + hallCpu.system) / 1e6;
  const requests: Partial<Record<VerifierKind, number>> = {};
  const verified: Partial<Record<VerifierKind, number>> = {};
  const targetS: Partial<Record<VerifierKind, number>> = {};
  const standInCpuS: Partial<Record<VerifierKind, number>> = {};
  for (const kind of targets) {
    const mine = results.filter((result) => (result.target ?? "blockscout") === kind);
    verified[kind] = mine.filter(isSuccess).length;
    const failed = mine.find((result) => !isSuccess(result));
    if (failed) progress(`${kind}: ${failed.address} ${failed.status}: ${failed.message ?? ""}`);
    const report = await reportOf(standIns.get(kind)?.child as ChildProcess, kind);
    requests[kind] = report.requests;
    standInCpuS[kind] = report.cpuS;
    const last = lastRecordMs[kind];
    if (last !== undefined) targetS[kind] = last / 1_000;
  }
  return { label, targets, wallS, requests, rateLimited, verified, targetS, standInCpuS, hallCpuS };
}

function printTable(runs: Measured[]): void {
  const n = contractCount;
  console.log("");
  console.log(`${"mode".padEnd(20)}${"wall time".padEnd(12)}${"requests per contract".padEnd(58)}verified`);
  for (const run of runs) {
    const perTarget = run.targets
      .map((kind) => `${kind} ${((run.requests[kind] ?? 0) / n).toFixed(2)}`)
      .join(", ");
    const verified = run.targets.map((kind) => `${run.verified[kind]}/${n}`).join(", ");
    console.log(
      `${run.label.padEnd(20)}${`${run.wallS.toFixed(1)} s`.padEnd(12)}${perTarget.padEnd(58)}${verified}`,
    );
  }
  const together = runs[0] as Measured;
  const alone = runs.slice(1);
  const slowest = alone.reduce((a, b) => (b.wallS > a.wallS ? b : a));
  console.log("\neach target's last record from the run's start; CPU used by the hall and by each stand-in");
  for (const run of runs)
    console.log(
      `  ${run.label.padEnd(18)}${run.targets.map((kind) => `${kind} ${run.targetS[kind]?.toFixed(1)} s`).join(", ")}; CPU hall ${run.hallCpuS.toFixed(1)} s, ${run.targets.map((kind) => `${kind} ${run.standInCpuS[kind]?.toFixed(1)} s`).join(", ")}`,
    );
  console.log(
    `\nall three / slowest alone (${slowest.label})   ${(together.wallS / slowest.wallS).toFixed(2)}x (goal at most 1.15x)`,
  );
  if (!quotas) return;
  console.log("\nquota bound, per target: n·k/q with k its requests per contract in that run");
  for (const run of runs) {
    for (const kind of run.targets) {
      const k = (run.requests[kind] ?? 0) / n;
      const bound = (n * k) / quotas[kind];
      const time = run.targets.length === 1 ? run.wallS : run.targetS[kind];
      console.log(
        `  ${run.label.padEnd(17)} ${kind.padEnd(11)} q ${quotas[kind]}/s, k ${k.toFixed(2)}, n·k/q ${bound.toFixed(1)} s; ${time === undefined ? "" : `took ${time.toFixed(1)} s, at ${(time / bound).toFixed(2)}x; `}${run.rateLimited[kind] ?? 0} answered 429 or the per-second text`,
      );
    }
  }
}
