import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { RunBudgets } from "../../src/run/report/runBudgets.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The CLI on a local chain, twelve contracts in a manifest, Etherscan's stand-in stating a budget of five
// submissions: the run asks it once, sends five, leaves seven unsent, and says what it spent; the next day's run
// sends the seven from the ledger.
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const key = "ETHERSCAN-CLI-BUDGET-0001";
const run = promisify(execFile);
let chain: HardhatChain;
let etherscan: EtherscanEmulator;
let workspace: string;
let addresses: string[];

beforeAll(async () => {
  chain = await startHardhatChain();
  etherscan = await startEtherscanEmulator({
    rpcUrl: chain.rpcUrl,
    chainIds: [31337],
    apiKeys: [key],
    budget: { submissions: 5, resetsInSeconds: 7_200 },
  });
  const build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  addresses = [];
  for (let i = 0; i < 12; i++) addresses.push(await deployer.deploy(build, "contracts/Box.sol", "Box"));
  workspace = mkdtempSync(join(tmpdir(), "explorer-verify-budget-"));
  writeFileSync(join(workspace, "input.json"), JSON.stringify(build.input));
  const contracts = addresses.map((address) => ({
    address,
    contract: "contracts/Box.sol:Box",
    standardJsonInput: "input.json",
    compilerVersion: build.compilerVersion,
  }));
  writeFileSync(join(workspace, "manifest.json"), JSON.stringify({ contracts }));
}, 120_000);

afterAll(async () => {
  await etherscan?.close();
  await chain?.stop();
});

async function verify(
  ledger = ".explorer-verify/ledger.json",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [
    join(repository, "src", "cli", "index.ts"),
    "verify",
    "--manifest",
    "manifest.json",
    "--rpc-url",
    chain.rpcUrl,
    "--targets",
    "etherscan",
    "--ledger",
    ledger,
    "--json",
  ];
  try {
    const { stdout, stderr } = await run(join(repository, "node_modules", ".bin", "tsx"), args, {
      cwd: workspace,
      env: {
        ...process.env,
        ETHERSCAN_API_KEY: key,
        EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const documentOf = (stdout: string) =>
  JSON.parse(stdout) as { results: VerificationResult[]; budgets?: RunBudgets };
const submissions = () => etherscan.requestsFor("verifysourcecode").length;

describe("the CLI against Etherscan's stated budget", () => {
  it("sends 5 of 12 on a budget of 5, says what is left, and the next run after the reset sends the 7 others", async () => {
    const first = await verify();
    expect(first.code).toBe(1);
    const { results, budgets } = documentOf(first.stdout);
    expect(results.map((r) => r.address)).toEqual(addresses);
    expect(results.slice(0, 5).map((r) => [r.status, r.attempts])).toEqual(Array(5).fill(["verified", 1]));
    expect(results.slice(5).map((r) => [r.status, r.error?.code, r.attempts])).toEqual(
      Array(7).fill(["failed", "quota_exhausted", 0]),
    );
    expect(budgets?.etherscan).toEqual({
      unit: "submissions",
      used: 5,
      left: 0,
      stated: 5,
      resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      statedAs: "getapilimit: 5 of 5 credits left (daily)",
    });
    // Asked once; five submissions; nothing about the seven others.
    expect(etherscan.requestsFor("getapilimit")).toHaveLength(1);
    expect(submissions()).toBe(5);
    const unsent = new Set(addresses.slice(5).map((address) => address.toLowerCase()));
    const named = etherscan.requests.flatMap((r) => [r.query.address, r.body.contractaddress]);
    expect(named.filter((address) => unsent.has(String(address).toLowerCase()))).toEqual([]);
    const lines = first.stderr.split("\n");
    expect(lines.filter((line) => line.startsWith("stopped     etherscan: Not sent: "))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("budget      etherscan: "))).toEqual([
      `budget      etherscan: this run sent 5 submissions; 0 of the 5 stated are left (getapilimit: 5 of 5 credits left (daily)), until the reset at ${budgets?.etherscan?.unit === "submissions" ? budgets.etherscan.resetsAt : ""}`,
    ]);

    // The next day: what the ledger records verified is not asked, the seven are sent.
    etherscan.stateBudget({ submissions: 10, resetsInSeconds: 86_400 });
    const second = await verify();
    expect({ code: second.code, stderr: second.stderr.slice(-2_000) }).toMatchObject({ code: 0 });
    const rerun = documentOf(second.stdout);
    expect(rerun.results.map((r) => [r.address, r.status, r.attempts])).toEqual([
      ...addresses.slice(0, 5).map((address) => [address, "already-verified", 0]),
      ...addresses.slice(5).map((address) => [address, "verified", 1]),
    ]);
    expect(submissions()).toBe(12);
    expect(rerun.budgets?.etherscan).toMatchObject({ unit: "submissions", used: 7, left: 3, stated: 10 });
  }, 300_000);

  it("sends nothing when Etherscan states a negative count of credits left: none is left", async () => {
    etherscan.stateBudget({ submissions: 100, creditsAvailable: -5, resetsInSeconds: 3_600 });
    const before = { submissions: submissions(), asked: etherscan.requestsFor("getapilimit").length };
    const run = await verify("negative.json");
    expect(run.code).toBe(1);
    const { results, budgets } = documentOf(run.stdout);
    expect(results.map((r) => [r.status, r.error?.code, r.attempts])).toEqual(
      Array(12).fill(["failed", "quota_exhausted", 0]),
    );
    expect(budgets?.etherscan).toMatchObject({ unit: "submissions", used: 0, left: 0 });
    expect(run.stderr.split("\n").filter((line) => line.startsWith("stopped     etherscan: "))).toEqual([
      expect.stringContaining("Not sent: Etherscan said the key has no submissions left"),
    ]);
    expect(submissions() - before.submissions).toBe(0);
    expect(etherscan.requestsFor("getapilimit").length - before.asked).toBe(1);
  }, 120_000);
});
