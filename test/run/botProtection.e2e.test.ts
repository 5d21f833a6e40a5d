import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { browserLikeUserAgent } from "../../src/kernel/userAgent.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { foundryFixture, type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import { type ChallengeFront, startChallengeFront } from "../support/challengeFront.js";
import { type CliProject, prepareCliProject, removeCliProject } from "../support/cliPackage.js";
import { cliDoor, type DoorRun, taskDoor } from "../support/doors.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// An explorer behind a bot challenge (Cloudflare's, as hosted Blockscout instances answer tools: 403, text/html,
// cf-mitigated: challenge, "Just a moment...") unless the User-Agent is a browser's, which the front passes on to the
// local explorer. Each door, as users run it: every record bot_protection, a request per contract at most, one line
// with both ways out; then, with the user-agent setting, every contract verified.
const broadcastContracts = 5;
const ignitionContracts = 5;
type Door = "action" | "cli" | "task";
let cli: CliProject;
let plugin: string;
let bundle: string;
let workspace: string;
let chain: HardhatChain;
let node: HardhatNode;
const explorers: Partial<Record<Door, LocalExplorer>> = {};
const fronts: Partial<Record<Door, ChallengeFront>> = {};
/** What each door's explorer received behind its front. */
const received: Record<Door, ReceivedRequest[]> = { action: [], cli: [], task: [] };

beforeAll(async () => {
  let bundleDir: string;
  [cli, plugin, chain, bundleDir] = await Promise.all([
    prepareCliProject(),
    preparePluginProject(),
    startHardhatChain(),
    buildFreshBundle(),
  ]);
  bundle = join(bundleDir, "index.js");
  await replayBroadcast(chain.rpcUrl);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-bot-protection-"));
  await cp(foundryFixture, workspace, { recursive: true });
  node = await startHardhatNode(plugin);
  await runHardhat(plugin, ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: node.url,
  });
  for (const door of ["action", "cli", "task"] as const) {
    const explorer = await startLocalExplorer({
      rpcUrl: door === "task" ? node.url : chain.rpcUrl,
      stateFile: false,
      onRequest: (request) => received[door].push(request),
    });
    explorers[door] = explorer;
    fronts[door] = await startChallengeFront(explorer.url);
  }
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(fronts).map((front) => front?.close()));
  await Promise.all(Object.values(explorers).map((explorer) => explorer?.close()));
  await chain?.stop();
  await node?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundle) await rm(join(bundle, ".."), { recursive: true, force: true });
  await removeCliProject(cli);
  await removePluginProject(plugin);
});

function frontOf(door: Door): ChallengeFront {
  const front = fronts[door];
  if (!front) throw new Error(`no front for the ${door}`);
  return front;
}

// The Action bundled from the sources, not the committed dist/.
async function action(inputs: Record<string, string> = {}): Promise<DoorRun> {
  const run = await runAction(
    {
      "explorer-url": frontOf("action").url,
      deployment: runLatest,
      artifacts: "out",
      "rpc-url": chain.rpcUrl,
      ledger: "none",
      ...inputs,
    },
    workspace,
    {},
    bundle,
  );
  const records = JSON.parse(run.outputs.results ?? "null") as VerificationResult[] | null;
  if (!records)
    throw new Error(`the Action reported no records (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  return { ...run, records };
}

function cliRun(extra: string[] = []): Promise<DoorRun> {
  return cliDoor(cli, [
    "--deployment",
    runLatest,
    "--rpc-url",
    chain.rpcUrl,
    "--explorer-url",
    frontOf("cli").url,
    ...extra,
  ]);
}

function task(extra: string[] = []): Promise<DoorRun> {
  return taskDoor(
    plugin,
    [
      "--network",
      "localhost",
      "--deployment",
      "chain-31337",
      "--ledger",
      "none",
      "--explorer-url",
      frontOf("task").url,
      ...extra,
    ],
    { FIXTURE_NODE_URL: node.url },
  );
}

/** The run's lines that say a target stopped. */
function stoppedLines(run: DoorRun): string[] {
  return `${run.stdout}\n${run.stderr}`.split("\n").filter((line) => line.startsWith("stopped "));
}

function expectRefused(door: Door, run: DoorRun, contracts: number): void {
  expect([door, run.code]).toEqual([door, 1]);
  expect(run.records.map((record) => [record.status, record.error?.code])).toEqual(
    Array(contracts).fill(["failed", "bot_protection"]),
  );
  // The first answer stops the explorer's client: at most the requests already under way when it came.
  expect(frontOf(door).requests.length).toBeLessThanOrEqual(contracts);
  expect(received[door]).toHaveLength(0);
  const [line, ...more] = stoppedLines(run);
  expect(more).toEqual([]);
  expect(line).toMatch(
    new RegExp(
      `^stopped {5}blockscout: The explorer at 127\\.0\\.0\\.1:\\d+ answered with a bot challenge \\(HTTP 403, cf-mitigated: challenge\\) instead of its API: .* Two ways out: a browser-like User-Agent \\(the user-agent setting: --user-agent, input user-agent or explorerVerify\\.userAgent, .*\\), or a Blockscout API key \\(proapi_…\\), which sends the run through api\\.blockscout\\.com, not behind this challenge\\. \\(${contracts} contracts not verified there; a rerun with either way out resumes them\\)$`,
    ),
  );
}

function expectVerified(door: Door, run: DoorRun, contracts: number): void {
  expect([door, run.code, run.records.map((record) => record.status)]).toEqual([
    door,
    0,
    Array(contracts).fill("verified"),
  ]);
  expect(received[door].length).toBeGreaterThan(0);
  expect(received[door].every((request) => request.headers["user-agent"] === browserLikeUserAgent)).toBe(
    true,
  );
}

describe("an explorer behind a bot challenge", () => {
  it("the Action: bot_protection for every contract in one line, then verified with the user-agent input", async () => {
    expectRefused("action", await action(), broadcastContracts);
    expectVerified("action", await action({ "user-agent": browserLikeUserAgent }), broadcastContracts);
  }, 600_000);

  it("the CLI: bot_protection for every contract in one line, then verified with --user-agent", async () => {
    expectRefused("cli", await cliRun(), broadcastContracts);
    expectVerified("cli", await cliRun(["--user-agent", browserLikeUserAgent]), broadcastContracts);
  }, 600_000);

  it("the task: bot_protection for every contract in one line, then verified with --user-agent", async () => {
    expectRefused("task", await task(), ignitionContracts);
    expectVerified("task", await task(["--user-agent", browserLikeUserAgent]), ignitionContracts);
  }, 600_000);
});
