import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { bundleOf, bundleText } from "../../src/run/jobs/bundleWriter.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { foundryFixture } from "../inputs/hardhatProject.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, fixtureInput } from "../support/fixtureBuild.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The README's many-runner workflow, step by step as a runner runs it, through the Action bundled fresh from the
// sources: the plan job's step (shards), each matrix job's step (shard) with its own ledger folder as its artifact,
// then the merge job's step (merge-from). A single job over the same contracts, on explorers of its own, is the
// yardstick.
const etherscanKey = "ETHERSCAN-KEY-SHARDS-0123";
let actionBundle: string;
let workspace: string;
let chain: HardhatChain;
const explorers: Record<"single" | "sharded", LocalExplorer> = {} as never;
const etherscans: Record<"single" | "sharded", EtherscanEmulator> = {} as never;
const blockscoutRequests = { single: 0, sharded: 0 };

beforeAll(async () => {
  [actionBundle, chain] = await Promise.all([buildFreshBundle(), startHardhatChain()]);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-shards-"));
  await cp(foundryFixture, workspace, { recursive: true });
  await replayBroadcast(chain.rpcUrl);
  for (const which of ["single", "sharded"] as const) {
    explorers[which] = await startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      onRequest: () => {
        blockscoutRequests[which]++;
      },
    });
    etherscans[which] = await startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [31337],
      apiKeys: [etherscanKey],
      budget: { submissions: 100 },
    });
  }
}, 300_000);

afterAll(async () => {
  for (const which of ["single", "sharded"] as const)
    await Promise.all([explorers[which]?.close(), etherscans[which]?.close()]);
  await chain?.stop();
  for (const folder of [workspace, actionBundle])
    if (folder) await rm(folder, { recursive: true, force: true });
});

const action = (which: "single" | "sharded", inputs: Record<string, string>) =>
  runAction(
    {
      "timeout-seconds": "120",
      deployment: runLatest,
      artifacts: "out",
      targets: "blockscout,etherscan",
      "explorer-url": explorers[which].url,
      "etherscan-api-key": etherscanKey,
      ...inputs,
    },
    workspace,
    { EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscans[which].apiUrl },
    join(actionBundle, "index.js"),
  );
const recordsOf = (run: ActionRun) => JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
const rows = (records: readonly VerificationResult[]) =>
  records.map((r) => `${r.target} ${r.address.toLowerCase()} ${r.status}`).sort();
const shown = (run: ActionRun) => ({ code: run.code, stdout: run.stdout, stderr: run.stderr });
const etherscanSubmissions = (which: "single" | "sharded") =>
  etherscans[which].requests.filter(
    (r) => r.body.action === "verifysourcecode" || r.query.action === "verifysourcecode",
  ).length;

describe("plan, a matrix of shards, merge: the README's workflow through the Action", () => {
  let single: ActionRun;
  let shards: string[];

  it("a single job verifies every contract on both services", async () => {
    single = await action("single", { ledger: "single/ledger.json" });
    expect(shown(single)).toMatchObject({ code: 0 });
    expect(recordsOf(single)).toHaveLength(10);
  }, 300_000);

  it("the plan step sets the matrix and sends nothing", async () => {
    const planned = await action("sharded", { shards: "4" });
    expect(shown(planned)).toMatchObject({ code: 0 });
    const matrix = JSON.parse(planned.outputs.matrix ?? "{}") as {
      include: Array<{ shard: string; explorers: string }>;
    };
    expect(matrix.include.map((row) => [row.shard, row.explorers])).toEqual([
      ["1-of-4", "blockscout on chain 31337"],
      ["2-of-4", "etherscan on chain 31337"],
    ]);
    shards = matrix.include.map((row) => row.shard);
    expect(blockscoutRequests.sharded + etherscans.sharded.requests.length).toBe(0);
  }, 300_000);

  it("each shard reaches only its own service, and leaves its ledger and results", async () => {
    for (const shard of shards) {
      const before = {
        blockscout: blockscoutRequests.sharded,
        etherscan: etherscans.sharded.requests.length,
      };
      const run = await action("sharded", { shard, ledger: `shards/${shard}/ledger.json` });
      expect(shown(run)).toMatchObject({ code: 0 });
      const services = new Set(recordsOf(run).map((r) => r.target));
      expect(services.size).toBe(1);
      // The target's resolution asks Etherscan's chain list (no key) in every shard; the key goes to its shard only.
      if (services.has("blockscout"))
        expect(
          etherscans.sharded.requests
            .slice(before.etherscan)
            .filter((r) => r.query.apikey === etherscanKey || r.body.apikey === etherscanKey),
        ).toEqual([]);
      else expect(blockscoutRequests.sharded).toBe(before.blockscout);
      const results = JSON.parse(await readFile(join(workspace, "shards", shard, "results.json"), "utf8"));
      expect(results.shard.shard).toBe(shard);
    }
  }, 600_000);

  it("the merge step gives the single job's rows and counts, and the merged ledger", async () => {
    const merged = await action("sharded", {
      "merge-from": "shards",
      ledger: ".explorer-verify/ledger.json",
    });
    expect(shown(merged)).toMatchObject({ code: 0 });
    expect(rows(recordsOf(merged))).toEqual(rows(recordsOf(single)));
    expect(merged.outputs.counts).toBe(single.outputs.counts);
    expect(merged.outputs["verified-count"]).toBe(single.outputs["verified-count"]);
    // The summary's table: the same rows, each explorer's links aside.
    const table = (summary: string) =>
      /<table>[\s\S]*<\/table>/.exec(summary)?.[0].replaceAll(/http:\/\/127\.0\.0\.1:\d+/g, "EXPLORER");
    expect(table(merged.summary)).toBe(table(single.summary));
    expect(merged.summary).toContain("etherscan 5 verified");
  }, 300_000);

  it("every shard rerun with the merged ledger sends nothing", async () => {
    const before = { blockscout: blockscoutRequests.sharded, etherscan: etherscanSubmissions("sharded") };
    for (const shard of shards) {
      await writeFile(
        join(workspace, "shards", shard, "ledger.json"),
        await readFile(join(workspace, ".explorer-verify", "ledger.json")),
      );
      const run = await action("sharded", { shard, ledger: `shards/${shard}/ledger.json` });
      expect(shown(run)).toMatchObject({ code: 0 });
      expect(recordsOf(run).reduce((sum, r) => sum + r.attempts, 0)).toBe(0);
    }
    expect(etherscanSubmissions("sharded")).toBe(before.etherscan);
  }, 600_000);

  it("a merge with a shard missing names it as not run and fails the step; a rerun of it finishes the work", async () => {
    await mkdir(join(workspace, "partial"), { recursive: true });
    await cp(join(workspace, "shards", "1-of-4"), join(workspace, "partial", "1-of-4"), { recursive: true });
    const merged = await action("sharded", { "merge-from": "partial", ledger: "partial-ledger.json" });
    expect(merged.code).toBe(1);
    expect(merged.stdout).toContain(
      "::error::Shards whose part was not all reported: 2-of-4 did not report (5 records not run)",
    );
    const notRun = recordsOf(merged).filter((r) => r.error?.code === "not_run");
    expect(notRun.map((r) => r.target)).toEqual(Array(5).fill("etherscan"));

    // The missing shard run again from the partial merge's ledger: the merge is whole.
    await mkdir(join(workspace, "partial", "2-of-4"), { recursive: true });
    await cp(join(workspace, "partial-ledger.json"), join(workspace, "partial", "2-of-4", "ledger.json"));
    const rerun = await action("sharded", { shard: "2-of-4", ledger: "partial/2-of-4/ledger.json" });
    expect(shown(rerun)).toMatchObject({ code: 0 });
    const whole = await action("sharded", { "merge-from": "partial", ledger: "partial-ledger.json" });
    expect(shown(whole)).toMatchObject({ code: 0 });
    expect(
      recordsOf(whole)
        .map((r) => `${r.target} ${r.address}`)
        .sort(),
    ).toEqual(
      recordsOf(single)
        .map((r) => `${r.target} ${r.address}`)
        .sort(),
    );
    expect(recordsOf(whole).every((r) => ["verified", "already-verified"].includes(r.status))).toBe(true);
  }, 300_000);
});

// Issue 51: a cancelled matrix over two chains that share addresses (the same contracts deployed at the same addresses
// on 31337 and 31338, both served by one Etherscan stand-in from the worker's chain), each explorer split in two by
// its stated rate, four shards each stopped by SIGTERM once a verdict is in: every record names its chain, the merge
// counts per chain × address as the merged ledger does and fails without a usage error; every shard rerun with the
// merged ledger, and merged again, ends all verified with nothing sent twice.
describe("shards cancelled midway over two chains that share addresses", () => {
  const chains = [31337, 31338];
  let folder: string;
  let etherscan: EtherscanEmulator;
  let matrix: { include: Array<{ shard: string; plan: string; explorers: string; contracts: number }> };
  const submitted = () =>
    etherscan
      .requestsFor("verifysourcecode")
      .map(
        (r) => `${r.body.chainid ?? r.query.chainid} ${String(r.body.contractaddress ?? "").toLowerCase()}`,
      );
  const step = (inputs: Record<string, string>, interrupt?: Parameters<typeof runAction>[4]) =>
    runAction(
      {
        bundle: "bundle.json",
        targets: "etherscan",
        "etherscan-api-key": etherscanKey,
        "requests-per-second": "6",
        "timeout-seconds": "120",
        ...inputs,
      },
      folder,
      { EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl },
      join(actionBundle, "index.js"),
      interrupt,
    );
  const verifiedPerChain = (entries: Array<{ chainId?: number; status: string }>) =>
    chains.map((chainId) => entries.filter((e) => e.chainId === chainId && e.status === "verified").length);

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "explorer-verify-shards-two-chains-"));
    const build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
    const deployer = new Deployer(chain.rpcUrl);
    const addresses: string[] = [];
    for (let i = 0; i < 16; i++) addresses.push(await deployer.deploy(build, "contracts/Box.sol", "Box"));
    const jobs = chains.flatMap((chainId) =>
      addresses.map((address) => ({
        address,
        chainId,
        source: {
          format: "standard-json" as const,
          input: build.input,
          compilerVersion: build.compilerVersion,
          contractName: "contracts/Box.sol:Box",
        },
      })),
    );
    await writeFile(join(folder, "bundle.json"), bundleText(bundleOf(jobs, undefined).bundle));
    etherscan = await startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: chains,
      apiKeys: [etherscanKey],
    });
  }, 300_000);

  afterAll(async () => {
    await etherscan?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("plans four shards, each explorer in two parts, counting contracts and verifications", async () => {
    const planned = await step({ shards: "4" });
    expect(shown(planned)).toMatchObject({ code: 0 });
    matrix = JSON.parse(planned.outputs.matrix ?? "{}");
    expect(matrix.include.map((row) => [row.shard, row.explorers, row.contracts])).toEqual([
      ["1-of-4", "etherscan on chain 31337 (part 1 of 2)", 8],
      ["2-of-4", "etherscan on chain 31337 (part 2 of 2)", 8],
      ["3-of-4", "etherscan on chain 31338 (part 1 of 2)", 8],
      ["4-of-4", "etherscan on chain 31338 (part 2 of 2)", 8],
    ]);
    expect(new Set(matrix.include.map((row) => row.plan)).size).toBe(1);
  }, 300_000);

  it("each shard stopped by SIGTERM names every record's chain; the merge counts as its ledger does and fails", async () => {
    for (const { shard, plan } of matrix.include) {
      const run = await step(
        { shard, plan, ledger: `shards/${shard}/ledger.json` },
        { signal: "SIGTERM", when: (out) => /^verified /m.test(out) },
      );
      expect(run.code).toBe(143);
      expect(run.stdout).toContain(`shard       ${shard}: `);
      expect(run.stdout).toContain("Verifying 8 contracts");
      const written = JSON.parse(await readFile(join(folder, "shards", shard, "results.json"), "utf8")) as {
        results: VerificationResult[];
      };
      expect(written.results).toHaveLength(8);
      for (const record of written.results) expect(chains).toContain(record.chainId);
    }
    const merged = await step({ "merge-from": "shards", ledger: "merged/ledger.json" });
    expect(merged.code).toBe(1);
    const records = recordsOf(merged);
    expect(records).toHaveLength(32);
    const ledger = JSON.parse(await readFile(join(folder, "merged", "ledger.json"), "utf8")) as {
      entries: Array<{ chainId?: number; status: string }>;
    };
    const perChain = verifiedPerChain(ledger.entries);
    expect(
      verifiedPerChain(
        records.map((r) => ({ ...r, status: r.status === "already-verified" ? "verified" : r.status })),
      ),
    ).toEqual(perChain);
    const verified = perChain.reduce((sum, n) => sum + n, 0);
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(32);
    expect(merged.stdout).toContain(`etherscan: ${verified} of 32 contracts verified`);
  }, 600_000);

  it("every shard rerun with the merged ledger, then merged, ends all verified with nothing sent twice", async () => {
    for (const { shard, plan } of matrix.include) {
      await writeFile(
        join(folder, "shards", shard, "ledger.json"),
        await readFile(join(folder, "merged", "ledger.json")),
      );
      const run = await step({ shard, plan, ledger: `shards/${shard}/ledger.json` });
      expect(shown(run)).toMatchObject({ code: 0 });
    }
    const merged = await step({ "merge-from": "shards", ledger: "merged/ledger.json" });
    expect(shown(merged)).toMatchObject({ code: 0 });
    expect(recordsOf(merged).every((r) => ["verified", "already-verified"].includes(r.status))).toBe(true);
    expect(merged.stdout).toContain("etherscan: 32 of 32 contracts verified");
    const sent = submitted();
    expect(sent).toHaveLength(new Set(sent).size);
  }, 600_000);
});
