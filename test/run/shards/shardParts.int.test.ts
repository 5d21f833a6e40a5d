import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../../src/cli/main.js";
import type { ReceivedRequest } from "../../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../../src/local-explorer/localExplorer.js";
import { bundleOf, bundleText } from "../../../src/run/jobs/bundleWriter.js";
import type { MatrixRow } from "../../../src/run/shards/shardPlan.js";
import type { VerificationJob, VerificationResult } from "../../../src/verify/job.js";
import { runActionInProcess } from "../../support/actionInProcess.js";
import { Deployer } from "../../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../../support/etherscanEmulator.js";
import { compileFixture, fixtureInput } from "../../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../../support/hardhatChain.js";

// Issue 46's plan, through the doors, on the worker's chain: an explorer whose stated rate allows two shards at once
// is cut in two parts, each shard sends exactly its part's contracts (the local explorer counts them); and a plan
// naming a key's secret per chain gives each shard's job its own key, which reaches only that key's stand-in and
// spends the whole of that key's budget.
let chain: HardhatChain;
let folder: string;
let explorer: LocalExplorer;
let addresses: string[];
let jobs: VerificationJob[];
const submitted: string[] = [];

// Each stand-in is one key's account at Etherscan (it accepts that key only and states that key's budget), serving
// both chains of the bundle from the worker's chain.
const keys = { ETHERSCAN_KEY_L1: "KEY-OF-CHAIN-31337-0001", ETHERSCAN_KEY_L2: "KEY-OF-CHAIN-31338-0002" };
const accounts: Record<string, EtherscanEmulator> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-parts-"));
  const build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  addresses = [];
  for (let i = 0; i < 8; i++) addresses.push(await deployer.deploy(build, "contracts/Box.sol", "Box"));
  await writeFile(join(folder, "input.json"), JSON.stringify(build.input));
  const contracts = addresses.map((address) => ({
    address,
    contract: "contracts/Box.sol:Box",
    standardJsonInput: "input.json",
    compilerVersion: build.compilerVersion,
  }));
  await writeFile(join(folder, "manifest.json"), JSON.stringify({ contracts }));
  jobs = addresses.map((address, index) => ({
    address,
    chainId: index < 4 ? 31337 : 31338,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Box.sol:Box",
    },
  }));
  await writeFile(join(folder, "bundle.json"), bundleText(bundleOf(jobs, undefined).bundle));
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onRequest: (request) => {
      const address = submittedAddress(request);
      if (address) submitted.push(address);
    },
  });
  for (const [secret, key] of Object.entries(keys))
    accounts[secret] = await startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [31337, 31338],
      apiKeys: [key],
      budget: { submissions: 4 },
    });
}, 180_000);

afterAll(async () => {
  await Promise.all([explorer?.close(), ...Object.values(accounts).map((account) => account.close())]);
  await chain?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

// The contract a request to the local explorer submits, if it submits one.
function submittedAddress(request: ReceivedRequest): string | undefined {
  if (request.method !== "POST") return undefined;
  const inPath = /\/smart-contracts\/(0x[0-9a-fA-F]{40})\//.exec(request.path)?.[1];
  const named = inPath ?? request.body.contractaddress ?? request.query.contractaddress;
  return typeof named === "string" ? named.toLowerCase() : undefined;
}

// The CLI as a user runs it in the folder, in this process: its exit code, stdout and stderr apart.
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = process.cwd();
  process.chdir(folder);
  let stdout = "";
  let stderr = "";
  jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  jest.spyOn(console, "log").mockImplementation((line: unknown) => {
    stdout += `${String(line)}\n`;
  });
  jest.spyOn(console, "error").mockImplementation((line: unknown) => {
    stderr += `${String(line)}\n`;
  });
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    jest.restoreAllMocks();
    process.chdir(cwd);
  }
}

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;

describe("an explorer split across shards where its stated rate allows (the CLI)", () => {
  const run = () => ["--manifest", "manifest.json", "--targets", "blockscout"];
  const rate = ["--requests-per-second", "10"];
  let matrix: { include: MatrixRow[] };

  it("plans the explorer in two parts at 5 of its stated 10 requests/s, says why, and sends nothing", async () => {
    const planned = await cli(["plan", ...run(), ...rate, "--shards", "2"]);
    expect({ code: planned.code, stderr: planned.stderr }).toMatchObject({ code: 0 });
    matrix = JSON.parse(planned.stdout);
    expect(matrix.include).toEqual([
      {
        shard: "1-of-2",
        plan: expect.stringMatching(/^[0-9a-f-]{84}$/),
        explorers: "blockscout (part 1 of 2)",
        contracts: 4,
        verifications: 4,
        rateShare: { "blockscout (part 1 of 2)": "5 of 10 requests/s" },
      },
      {
        shard: "2-of-2",
        plan: matrix.include[0]?.plan,
        explorers: "blockscout (part 2 of 2)",
        contracts: 4,
        verifications: 4,
        rateShare: { "blockscout (part 2 of 2)": "5 of 10 requests/s" },
      },
    ]);
    expect(planned.stderr.split("\n")).toContain(
      "plan        blockscout: split over 2 shards (1-of-2, 2-of-2): its stated 10 requests/s allows 2 at once; each runs at 5 requests/s",
    );
    expect(submitted).toEqual([]);

    const unstated = await cli(["plan", ...run(), "--shards", "2"]);
    expect(JSON.parse(unstated.stdout)).toEqual({
      include: [
        {
          shard: "1-of-2",
          plan: expect.any(String),
          explorers: "blockscout",
          contracts: 8,
          verifications: 8,
        },
      ],
    });
    expect(unstated.stderr.split("\n")).toContain(
      "plan        blockscout: not split: no rate is stated (requests-per-second), so two shards would each keep the service's 5 requests/s, twice its rate together",
    );
  }, 60_000);

  it("sends each shard exactly its part's contracts, and the merge finds every contract verified once", async () => {
    const sorted = addresses.map((address) => address.toLowerCase()).sort();
    const parts = [sorted.slice(0, 4), sorted.slice(4)];
    for (const [index, { shard }] of matrix.include.entries()) {
      const before = submitted.length;
      const outcome = await cli([
        "verify",
        ...run(),
        ...rate,
        "--explorer-url",
        explorer.url,
        "--shard",
        shard,
        "--ledger",
        join(folder, "shards", shard, "ledger.json"),
        "--json",
      ]);
      expect({ code: outcome.code, stderr: outcome.stderr }).toMatchObject({ code: 0 });
      expect(outcome.stderr.split("\n")).toContain(
        `shard       ${shard}: blockscout (part ${index + 1} of 2) (4 contracts, 4 verifications; plan ${matrix.include[0]?.plan}); 5 requests/s on blockscout (part ${index + 1} of 2)`,
      );
      expect(submitted.slice(before).sort()).toEqual(parts[index]);
      const records = recordsOf(outcome.stdout);
      expect(records.map((r) => [r.address.toLowerCase(), r.status]).sort()).toEqual(
        (parts[index] ?? []).map((address) => [address, "verified"]),
      );
      await writeFile(join(folder, "shards", shard, "results.json"), outcome.stdout);
    }
    expect(submitted).toHaveLength(8);

    const merged = await cli([
      "merge",
      "--from",
      join(folder, "shards"),
      "--ledger",
      join(folder, "merged.json"),
      "--json",
    ]);
    expect({ code: merged.code, stderr: merged.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(merged.stdout).map((r) => r.status)).toEqual(Array(8).fill("verified"));

    // One part's shard missing: the merge names that part's contracts only as not run.
    const partial = await cli([
      "merge",
      "--from",
      join(folder, "shards", "1-of-2"),
      "--ledger",
      join(folder, "partial.json"),
      "--json",
    ]);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toContain(
      "shard 2-of-2 (blockscout (part 2 of 2)) did not report: 4 records not run",
    );
    const notRun = recordsOf(partial.stdout).filter((r) => r.error?.code === "not_run");
    expect(notRun.map((r) => r.address.toLowerCase()).sort()).toEqual(parts[1]);
  }, 180_000);
});

describe("a shard of another plan (the CLI)", () => {
  const run = ["--manifest", "manifest.json"];

  it("plan takes verify's flags it does not need, and a shard given other targets than its plan's is refused", async () => {
    const planned = await cli([
      "plan",
      ...run,
      "--targets",
      "blockscout,etherscan",
      "--shards",
      "2",
      "--explorer-url",
      explorer.url,
      "--endpoint",
      "31337=etherscan=http://127.0.0.1:9/api",
      "--endpoint-key",
      "31337=etherscan=SOME_VARIABLE",
      "--ledger",
      "ledger.json",
      "--json",
    ]);
    expect({ code: planned.code, stderr: planned.stderr }).toMatchObject({ code: 0 });
    const rows = (JSON.parse(planned.stdout) as { include: MatrixRow[] }).include;
    expect(rows.map((row) => [row.shard, row.explorers, row.contracts, row.verifications])).toEqual([
      ["1-of-2", "blockscout", 8, 8],
      ["2-of-2", "etherscan", 8, 8],
    ]);
    const before = submitted.length;
    const refused = await cli([
      "verify",
      ...run,
      "--targets",
      "blockscout",
      "--explorer-url",
      explorer.url,
      "--shard",
      "1-of-2",
      "--plan",
      rows[0]?.plan ?? "",
      "--ledger",
      join(folder, "other-plan", "ledger.json"),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `Shard 1-of-2 is of another plan than its matrix row's (${rows[0]?.plan}): it differs in the targets. Give the shard the plan's contracts and settings; nothing was sent.`,
    );
    expect(submitted.length).toBe(before);
  }, 60_000);
});

describe("a key's secret per shard (the Action's plan and shard steps)", () => {
  const keySecrets = "etherscan:31337=ETHERSCAN_KEY_L1, etherscan:31338=ETHERSCAN_KEY_L2";
  const step = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
    runActionInProcess(
      { bundle: "bundle.json", targets: "etherscan", "key-secrets": keySecrets, ...inputs },
      { GITHUB_WORKSPACE: folder, RUNNER_TEMP: join(folder, "runner-temp"), ...env },
    );
  const outputOf = (log: string, name: string) =>
    new RegExp(`::set-output name=${name}::(.*)`).exec(log)?.[1] ??
    new RegExp(`${name}<<(.+)\\n([\\s\\S]*?)\\n\\1`).exec(log)?.[2];

  it("names each shard's secret in its matrix row; each shard's key reaches only its account and spends all of its budget", async () => {
    const planned = await step({ shards: "2" });
    expect({ exitCode: planned.exitCode, log: planned.log }).toMatchObject({ exitCode: undefined });
    const matrix = JSON.parse(outputOf(planned.log, "matrix") ?? "{}") as { include: MatrixRow[] };
    expect(matrix.include).toEqual([
      {
        shard: "1-of-2",
        plan: expect.any(String),
        explorers: "etherscan on chain 31337",
        contracts: 4,
        verifications: 4,
        budgetShare: { etherscan: "1/1" },
        "etherscan-key-secret": "ETHERSCAN_KEY_L1",
      },
      {
        shard: "2-of-2",
        plan: expect.any(String),
        explorers: "etherscan on chain 31338",
        contracts: 4,
        verifications: 4,
        budgetShare: { etherscan: "1/1" },
        "etherscan-key-secret": "ETHERSCAN_KEY_L2",
      },
    ]);
    expect(planned.log).toContain(
      "Plan: etherscan on chain 31337: not split: no rate is stated (requests-per-second), so two shards would each keep the service's 3 requests/s, twice its rate together",
    );
    expect(Object.values(accounts).map((account) => account.requests.length)).toEqual([0, 0]);

    for (const row of matrix.include) {
      const secret = row["etherscan-key-secret"] as keyof typeof keys;
      // What `${{ secrets[matrix.etherscan-key-secret] }}` hands the job.
      const shard = await step(
        {
          shard: row.shard,
          plan: row.plan,
          "etherscan-api-key": keys[secret],
          ledger: join("shards-action", row.shard, "ledger.json"),
          "timeout-seconds": "120",
        },
        { EXPLORER_VERIFY_ETHERSCAN_API_URL: accounts[secret]?.apiUrl ?? "" },
      );
      expect({ exitCode: shard.exitCode, log: shard.log.slice(-3_000) }).toMatchObject({
        exitCode: undefined,
      });
      expect(shard.log).toContain(
        `shard       ${row.shard}: ${row.explorers} (4 contracts, 4 verifications; plan ${row.plan}); 1/1 of etherscan's stated budget`,
      );
    }
    // A key given as its own secret's name: refused, never written into the matrix or the log.
    const leaked = await step({
      shards: "2",
      "etherscan-api-key": keys.ETHERSCAN_KEY_L1,
      "key-secrets": `etherscan=${keys.ETHERSCAN_KEY_L1}`,
    });
    expect(leaked.exitCode).toBe(1);
    expect(leaked.log).toContain("that is the key, not its secret's name");
    const shownLines = leaked.log.split("\n").filter((line) => !line.startsWith("::add-mask::"));
    expect(shownLines.join("\n")).not.toContain(keys.ETHERSCAN_KEY_L1);
    for (const [secret, chainId] of [
      ["ETHERSCAN_KEY_L1", "31337"],
      ["ETHERSCAN_KEY_L2", "31338"],
    ] as const) {
      const account = accounts[secret] as EtherscanEmulator;
      const sentKeys = account.requests.flatMap((r) => [r.query.apikey ?? r.body.apikey ?? []].flat());
      expect(new Set(sentKeys)).toEqual(new Set([keys[secret]]));
      const submissions = account.requestsFor("verifysourcecode");
      // The whole of the key's budget of 4: a shard sharing it would have sent 2.
      expect(submissions).toHaveLength(4);
      expect(new Set(submissions.map((r) => r.query.chainid ?? r.body.chainid))).toEqual(new Set([chainId]));
    }
  }, 240_000);
});
