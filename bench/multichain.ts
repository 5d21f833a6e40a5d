// One batch over several chains against as many test explorers (added latency, pending time), next to one chain's
// contracts alone: wall time of each and their ratio. A benchmark: it prints, never asserts.
// By default the contracts are synthetic (scripted on the explorers, no chain). With --hardhat-verify the same work
// is real: one Hardhat node per chain (chain ids 4242, 4243, …), each with its own test explorer, the bench's Token
// deployed --jobs times on each; @nomicfoundation/hardhat-verify 3 verifies every contract one chain after another
// (one `npx hardhat verify blockscout` per contract, its documented use, the chain's explorer named in the project's
// chainDescriptors), then explorer-verify verifies the same deployed contracts (jobs from the same build) in one
// batch over all chains and in one batch for the first chain alone. hardhat-verify takes about 6 s a contract.
// Usage: npm run bench:multichain -- [--chains 3] [--jobs 20] [--latency-ms 100] [--pending-ms 2000]
// [--concurrency 8] [--requests-per-second 1000] [--hardhat-verify] (explorer-verify's concurrency and request rate per
// explorer; the product's default rate is 10)
import { execFile } from "node:child_process";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { readBuildInfos } from "../src/inputs/buildInfo.js";
import { createContractJob } from "../src/inputs/contractJob.js";
import { findContract } from "../src/inputs/findContract.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { isSuccess, type VerificationJob } from "../src/verify/job.js";
import { testAddress } from "../test/support/addresses.js";
import { standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";
import {
  type BenchChain,
  buildBenchProject,
  hardhatCli,
  node,
  startBenchChain,
} from "./support/benchChain.js";

const { values } = parseArgs({
  options: {
    chains: { type: "string", default: "3" },
    jobs: { type: "string", default: "20" },
    "latency-ms": { type: "string", default: "100" },
    "pending-ms": { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    "requests-per-second": { type: "string", default: "1000" },
    "hardhat-verify": { type: "boolean", default: false },
  },
});
const chainCount = wholeNumber("chains", 1);
const jobCount = wholeNumber("jobs", 1);
const latencyMs = wholeNumber("latency-ms", 0);
const pendingMs = wholeNumber("pending-ms", 0);
const concurrency = wholeNumber("concurrency", 1);
const requestsPerSecond = wholeNumber("requests-per-second", 1);
const firstChainId = 4_242;
const benchStart = performance.now();

function wholeNumber(option: keyof typeof values, least: number): number {
  const text = String(values[option]);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < least) {
    console.error(`--${option} takes a whole number from ${least}; got "${text}"`);
    process.exit(2);
  }
  return value;
}

/** One explorer-verify batch: wall time, requests, verified. */
interface BatchRun {
  wallS: number;
  requests: number;
  verified: number;
  total: number;
}

const explorers: TestExplorer[] = [];
for (let chain = 0; chain < chainCount; chain++) {
  explorers.push(await startTestExplorer({ smartContractStatus: true }));
}
try {
  if (values["hardhat-verify"]) await deployedContracts();
  else await syntheticContracts();
} finally {
  for (const explorer of explorers) await explorer.close();
}

// Progress on stderr, so a run of several minutes shows where it is and stdout keeps only the results.
function progress(step: string): void {
  process.stderr.write(`[${((performance.now() - benchStart) / 1_000).toFixed(0)} s] ${step}\n`);
}

// Fresh on each explorer: the given addresses scripted to pass after the pending time.
function scriptExplorers(chains: number, addressesOf: (chain: number) => string[]): void {
  for (let chain = 0; chain < chains; chain++) {
    const explorer = explorers[chain] as TestExplorer;
    explorer.reset();
    explorer.faults.latencyMs = latencyMs;
    for (const address of addressesOf(chain))
      explorer.backend.addContract(address).script(address, { result: "pass", pendingMs });
  }
}

// Each chain's explorer by its chain id, as a script names them.
async function timedBatch(
  jobs: VerificationJob[],
  chains: number,
  explorerOf: Record<number, string>,
): Promise<BatchRun> {
  const started = performance.now();
  const results = await verifyBatch(jobs, { explorers: explorerOf, concurrency, requestsPerSecond });
  return {
    wallS: (performance.now() - started) / 1_000,
    requests: explorers.slice(0, chains).reduce((sum, explorer) => sum + explorer.requests.length, 0),
    verified: results.filter(isSuccess).length,
    total: results.length,
  };
}

function describe(run: BatchRun): string {
  return `${run.wallS.toFixed(1)} s, ${(run.requests / run.total).toFixed(2)} requests per contract, ${run.verified}/${run.total} verified`;
}

async function syntheticContracts(): Promise<void> {
  const addresses = Array.from({ length: jobCount }, (_, i) => testAddress(0x20_000 + i));
  const timed = (chains: number) => {
    scriptExplorers(chains, () => addresses);
    const jobs = explorers
      .slice(0, chains)
      .flatMap((_explorer, chain) =>
        addresses.map((address) => standardJsonJob(address, { chainId: 1_001 + chain })),
      );
    return timedBatch(
      jobs,
      chains,
      Object.fromEntries(explorers.map((explorer, chain) => [1_001 + chain, explorer.url])),
    );
  };
  const one = await timed(1);
  const all = await timed(chainCount);
  console.log(
    `synthetic contracts, latency ${latencyMs} ms, pending ${pendingMs} ms, concurrency ${concurrency} and ${requestsPerSecond} requests/s per explorer`,
  );
  console.log(`1 chain  x ${jobCount} contracts   ${describe(one)}`);
  console.log(`${chainCount} chains x ${jobCount} contracts   ${describe(all)}`);
  console.log(`ratio                      ${(all.wallS / one.wallS).toFixed(2)}x`);
}

async function deployedContracts(): Promise<void> {
  progress("building the bench project");
  const project = await buildBenchProject();
  const chains: BenchChain[] = [];
  const stopAll = async () => {
    for (const chain of chains.splice(0)) await chain.stop();
    await project.remove();
  };
  // Interrupted (Ctrl-C, a time limit), the nodes are stopped and the project copy removed all the same.
  // The signal may come twice (from tsx and from the process group): the handler stays until the end.
  let stopping = false;
  const interrupted = () => {
    if (stopping) return;
    stopping = true;
    progress("interrupted: stopping the nodes");
    void stopAll().finally(() => process.exit(130));
  };
  process.on("SIGINT", interrupted).on("SIGTERM", interrupted);
  try {
    for (const [index, explorer] of explorers.entries())
      chains.push(await startBenchChain(explorer.url, { chainId: firstChainId + index, project }));
    progress(`${chainCount} Hardhat nodes started; deploying`);
    // The same deployer and nonces on every chain: each contract has the same address everywhere, as a system
    // deployed to many chains usually has.
    const addressesByChain = await Promise.all(
      chains.map(async (chain) => {
        const addresses: string[] = [];
        for (let i = 0; i < jobCount; i++)
          addresses.push(await chain.deployToken(`Token ${i}`, BigInt(i + 1)));
        return addresses;
      }),
    );
    const addressesOf = (chain: number) => addressesByChain[chain] as string[];

    // hardhat-verify: one chain after another, one process per contract.
    scriptExplorers(chainCount, addressesOf);
    const run = promisify(execFile);
    let hardhatVerifyFailures = 0;
    let firstFailure = "";
    const hardhatVerifyStart = performance.now();
    for (const [index, chain] of chains.entries()) {
      progress(`hardhat-verify on chain ${chain.chainId}`);
      for (const [i, address] of addressesOf(index).entries()) {
        await run(
          node,
          [hardhatCli, "verify", "blockscout", "--network", "bench", address, `Token ${i}`, String(i + 1)],
          { cwd: project.dir, env: chain.env },
        ).catch((error: { stderr?: string; message: string }) => {
          hardhatVerifyFailures++;
          firstFailure ||= (error.stderr?.trim() || error.message).split("\n").slice(-1)[0] ?? "";
        });
      }
    }
    const hardhatVerifyS = (performance.now() - hardhatVerifyStart) / 1_000;
    const total = chainCount * jobCount;
    const hardhatVerifyRequests = explorers.reduce((sum, explorer) => sum + explorer.requests.length, 0);
    const hardhatVerifyVerified = explorers.reduce(
      (sum, explorer, chain) =>
        sum +
        addressesOf(chain).filter(
          (address) => explorer.backend.smartContractBody(address.toLowerCase())?.is_verified === true,
        ).length,
      0,
    );

    // explorer-verify: the same deployed contracts, jobs from the same build, each naming its chain and explorer.
    const token = findContract(
      await readBuildInfos(join(project.dir, "artifacts")),
      "contracts/Token.sol:Token",
    );
    const jobsOn = (chainsInBatch: number) =>
      chains.slice(0, chainsInBatch).flatMap((chain, index) =>
        addressesOf(index).map((address, i) => ({
          ...createContractJob(token, {
            address,
            constructorArguments: { values: [`Token ${i}`, BigInt(i + 1)] },
          }),
          chainId: chain.chainId,
        })),
      );
    progress("explorer-verify");
    scriptExplorers(1, addressesOf);
    const explorerOf = Object.fromEntries(
      chains.map((chain, index) => [chain.chainId, (explorers[index] as TestExplorer).url]),
    );
    const one = await timedBatch(jobsOn(1), 1, explorerOf);
    scriptExplorers(chainCount, addressesOf);
    const all = await timedBatch(jobsOn(chainCount), chainCount, explorerOf);

    const line = (label: string, text: string) => console.log(`${label.padEnd(46)}${text}`);
    console.log(
      `${chainCount} chains x ${jobCount} contracts deployed (chain ids ${firstChainId}-${firstChainId + chainCount - 1}, one Hardhat node and test explorer each), latency ${latencyMs} ms, pending ${pendingMs} ms`,
    );
    line(
      "hardhat-verify, one chain after another",
      `${hardhatVerifyS.toFixed(1)} s, ${(hardhatVerifyRequests / total).toFixed(2)} requests per contract, ${hardhatVerifyVerified}/${total} verified (${hardhatVerifyFailures} runs failed)`,
    );
    if (firstFailure) line("  first failure", firstFailure);
    line(
      "explorer-verify, 1 chain alone",
      `${describe(one)} (concurrency ${concurrency} and ${requestsPerSecond} requests/s per explorer)`,
    );
    line(`explorer-verify, ${chainCount} chains in one batch`, describe(all));
    line(`${chainCount} chains / 1 chain (explorer-verify)`, `${(all.wallS / one.wallS).toFixed(2)}x`);
    line(
      `hardhat-verify / explorer-verify, ${chainCount} chains`,
      `${(hardhatVerifyS / all.wallS).toFixed(1)}x`,
    );
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    await stopAll();
  }
}
