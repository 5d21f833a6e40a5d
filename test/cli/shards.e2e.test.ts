import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";
import { replayBroadcast, runLatest } from "./foundryChain.js";

// The packed CLI's many-runner run on a real local chain: `plan` over two services (the local explorer and a Sourcify
// stand-in), each shard of the matrix run one after the other into its own folder, `merge`, and a rerun of every
// shard with the merged ledger.
let project: CliProject;
let chain: HardhatChain;
let explorer: LocalExplorer;
let sourcify: SourcifyEmulator;
let blockscoutSubmissions = 0;
const contracts = 5;

beforeAll(async () => {
  [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
  await replayBroadcast(chain.rpcUrl);
  [explorer, sourcify] = await Promise.all([
    startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      onRequest: (request) => {
        if (request.method === "POST") blockscoutSubmissions++;
      },
    }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([explorer?.close(), sourcify?.close()]);
  await chain?.stop();
  await removeCliProject(project);
});

const environment = () => ({ EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl });
const run = ["--deployment", runLatest, "--targets", "blockscout,sourcify"];
const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;
const rows = (records: readonly VerificationResult[]) =>
  records.map((r) => `${r.target} ${r.address.toLowerCase()} ${r.status} ${r.error?.code ?? ""}`).sort();

async function runShard(shard: string, ledger: string): Promise<VerificationResult[]> {
  const folder = join(project.dir, "shards", shard);
  await mkdir(folder, { recursive: true });
  if (ledger !== join(folder, "ledger.json"))
    await writeFile(join(folder, "ledger.json"), await readFile(ledger));
  const outcome = await explorerVerify(
    project,
    [
      "verify",
      ...run,
      "--explorer-url",
      explorer.url,
      "--rpc-url",
      chain.rpcUrl,
      "--shard",
      shard,
      "--ledger",
      join(folder, "ledger.json"),
      "--json",
    ],
    environment(),
  );
  expect({ code: outcome.code, stderr: outcome.stderr }).toMatchObject({ code: 0 });
  expect(outcome.stderr).toContain(`shard       ${shard}: `);
  await writeFile(join(folder, "results.json"), outcome.stdout);
  return recordsOf(outcome.stdout);
}

describe("plan, a shard per matrix row, merge", () => {
  let matrix: { include: Array<{ shard: string; plan: string; explorers: string; contracts: number }> };

  it("plans the run as a matrix, an explorer per shard, and sends nothing", async () => {
    const planned = await explorerVerify(project, ["plan", ...run, "--shards", "3"], environment());
    expect({ code: planned.code, stderr: planned.stderr }).toMatchObject({ code: 0 });
    matrix = JSON.parse(planned.stdout);
    const plan = matrix.include[0]?.plan;
    expect(matrix).toEqual({
      include: [
        {
          shard: "1-of-3",
          plan,
          explorers: "blockscout on chain 31337",
          contracts,
          verifications: contracts,
        },
        { shard: "2-of-3", plan, explorers: "sourcify on chain 31337", contracts, verifications: contracts },
      ],
    });
    expect(plan).toMatch(/^[0-9a-f]{16}(-[0-9a-f]{16}){4}$/);
    expect(blockscoutSubmissions + sourcify.submissions().length).toBe(0);
  }, 120_000);

  it("runs each shard on its own explorer only, then merges them into the rows of one job", async () => {
    const first = await runShard("1-of-3", join(project.dir, "shards", "1-of-3", "ledger.json"));
    expect(new Set(first.map((r) => r.target))).toEqual(new Set(["blockscout"]));
    expect(sourcify.submissions()).toHaveLength(0);
    const second = await runShard("2-of-3", join(project.dir, "shards", "2-of-3", "ledger.json"));
    expect(new Set(second.map((r) => r.target))).toEqual(new Set(["sourcify"]));

    const merged = await explorerVerify(project, [
      "merge",
      "--from",
      "shards",
      "--ledger",
      "merged/ledger.json",
      "--json",
    ]);
    expect({ code: merged.code, stderr: merged.stderr }).toMatchObject({ code: 0 });
    expect(rows(recordsOf(merged.stdout))).toEqual(rows([...first, ...second]));
    expect(recordsOf(merged.stdout)).toHaveLength(2 * contracts);
    expect(merged.stderr).toContain(`blockscout: ${contracts} of ${contracts} contracts verified`);

    // The same merge again: the same ledger, the same report.
    const ledgerText = await readFile(join(project.dir, "merged", "ledger.json"), "utf8");
    const again = await explorerVerify(project, [
      "merge",
      "--from",
      "shards",
      "--ledger",
      "merged/ledger.json",
      "--json",
    ]);
    expect(again.code).toBe(0);
    expect(rows(recordsOf(again.stdout))).toEqual(rows(recordsOf(merged.stdout)));
    expect(await readFile(join(project.dir, "merged", "ledger.json"), "utf8")).toBe(ledgerText);
  }, 300_000);

  it("reruns every shard with the merged ledger and sends nothing", async () => {
    const before = { blockscout: blockscoutSubmissions, sourcify: sourcify.submissions().length };
    for (const { shard } of matrix.include) {
      const records = await runShard(shard, join(project.dir, "merged", "ledger.json"));
      expect(records.reduce((sum, r) => sum + r.attempts, 0)).toBe(0);
    }
    expect({ blockscout: blockscoutSubmissions, sourcify: sourcify.submissions().length }).toEqual(before);
  }, 300_000);

  it("names a shard that never reported, and its contracts, as not run, and exits 1", async () => {
    const merged = await explorerVerify(project, [
      "merge",
      "--from",
      "shards/1-of-3",
      "--ledger",
      "partial/ledger.json",
      "--json",
    ]);
    expect(merged.code).toBe(1);
    expect(merged.stderr).toContain("shard 2-of-3 (sourcify on chain 31337) did not report");
    const notRun = recordsOf(merged.stdout).filter((r) => r.error?.code === "not_run");
    expect(notRun.map((r) => r.target)).toEqual(Array(contracts).fill("sourcify"));
  }, 120_000);

  it("refuses a shard that is not one of a plan, as a usage error", async () => {
    const refused = await explorerVerify(project, ["verify", ...run, "--shard", "3-of-2"], environment());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--shard "3-of-2" is not a shard of a plan');
    // A shard given other targets than its matrix row's plan: refused before anything is sent, naming what differs.
    const other = await explorerVerify(
      project,
      [
        "verify",
        "--deployment",
        runLatest,
        "--targets",
        "blockscout",
        "--explorer-url",
        explorer.url,
        "--shard",
        "1-of-3",
        "--plan",
        matrix.include[0]?.plan ?? "",
      ],
      environment(),
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("is of another plan than its matrix row's");
    expect(other.stderr).toContain("it differs in the targets");
    const noFolder = await explorerVerify(project, ["merge", "--ledger", "x.json"]);
    expect(noFolder.code).toBe(2);
  }, 120_000);

  it("plans a run whose contracts record no chain on the run's chain: a shard on another chain is of another plan", async () => {
    const one = ["0x5FbDB2315678afecb367f032d93F642f64180aa3", "--contract", "src/lib/MathLib.sol:MathLib"];
    const planOn = async (chain: string) => {
      const planned = await explorerVerify(
        project,
        ["plan", ...one, "--chain-id", chain, "--targets", "blockscout", "--shards", "2"],
        environment(),
      );
      expect({ code: planned.code, stderr: planned.stderr }).toMatchObject({ code: 0 });
      return (JSON.parse(planned.stdout) as typeof matrix).include[0]?.plan ?? "";
    };
    const [here, there] = [await planOn("31337"), await planOn("7777")];
    expect(here).not.toBe(there);
    const elsewhere = await explorerVerify(
      project,
      [
        "verify",
        ...one,
        "--chain-id",
        "7777",
        "--explorer-url",
        explorer.url,
        "--targets",
        "blockscout",
        "--shard",
        "1-of-2",
        "--plan",
        here,
      ],
      environment(),
    );
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain("it differs in the contracts (the bundle or deployment)");
    // A plan that named no chain holds its contracts on none: a shard that names one is still its shard.
    const planned = await explorerVerify(
      project,
      ["plan", ...one, "--targets", "blockscout", "--shards", "2"],
      environment(),
    );
    const chainless = (JSON.parse(planned.stdout) as typeof matrix).include[0]?.plan ?? "";
    const named = await explorerVerify(
      project,
      [
        "verify",
        ...one,
        "--chain-id",
        "31337",
        "--explorer-url",
        explorer.url,
        "--targets",
        "blockscout",
        "--shard",
        "2-of-2",
        "--plan",
        chainless,
        "--ledger",
        join(project.dir, "shards", "chainless", "ledger.json"),
      ],
      environment(),
    );
    expect({ code: named.code, stderr: named.stderr }).toMatchObject({ code: 0 });
  }, 120_000);

  it("says a shard the plan gave no explorer has nothing to do, and names no explorer it verifies on", async () => {
    const idle = await explorerVerify(
      project,
      [
        "verify",
        ...run,
        "--explorer-url",
        explorer.url,
        "--shard",
        "3-of-3",
        "--ledger",
        join(project.dir, "shards", "idle", "ledger.json"),
        "--json",
      ],
      environment(),
    );
    expect(idle.stderr).toContain(
      "shard       3-of-3: no explorer (the plan has fewer explorers than shards); nothing to do",
    );
    expect(idle.stderr).not.toContain("Verifying");
    expect(recordsOf(idle.stdout)).toEqual([]);
  }, 120_000);
});
