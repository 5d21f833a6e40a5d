import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type BroadcastTransaction, replayBroadcast, runLatest, send } from "../cli/foundryChain.js";
import { foundryFixture, type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import { type CliProject, prepareCliProject, removeCliProject } from "../support/cliPackage.js";
import { cliDoor, type DoorRun, taskDoor } from "../support/doors.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// The three doors as users run them (the Action bundled fresh from the sources, the packed CLI in a Foundry project,
// the task in a Hardhat 3 project with the packed plugin) against the local explorer answering as Blockscout 12:
// each verifies its fixture's deployment, then a contract through the registry (metadata.json and its sources),
// which Blockscout 12 answers only once Sourcify's job ends (up to 60 s on a real explorer; here after 3 s: that the
// registry submission outlives the time limit of reads is shown with the limits shrunk, in
// test/client/contract/verifyViaRegistry.test.ts).
const registryAnswerDelayMs = 3_000;
// The Foundry broadcast's contracts (the CREATE2 one included), and the Ignition module's.
const broadcastContracts = 5;
const ignitionContracts = 5;
let cli: CliProject;
let plugin: string;
let bundle: string;
let workspace: string;
let chain: HardhatChain;
let node: HardhatNode;
let broadcast: BroadcastTransaction[];
const explorers: Record<"action" | "cli" | "task", LocalExplorer | undefined> = {
  action: undefined,
  cli: undefined,
  task: undefined,
};
/** What each door's explorer received, as it parsed it. */
const received: Record<keyof typeof explorers, ReceivedRequest[]> = { action: [], cli: [], task: [] };

beforeAll(async () => {
  let bundleDir: string;
  [cli, plugin, chain, bundleDir] = await Promise.all([
    prepareCliProject(),
    preparePluginProject(),
    startHardhatChain(),
    buildFreshBundle(),
  ]);
  bundle = join(bundleDir, "index.js");
  broadcast = await replayBroadcast(chain.rpcUrl);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-v12-"));
  await cp(foundryFixture, workspace, { recursive: true });
  // The task's registry format sends the compiler's metadata, which a Hardhat 3 build keeps when asked to.
  const config = join(plugin, "hardhat.config.ts");
  const text = await readFile(config, "utf8");
  const production = "settings: { optimizer: { enabled: true, runs: 200 } }";
  if (!text.includes(production)) throw new Error("the plugin project's production profile changed");
  await writeFile(
    config,
    text.replace(
      production,
      'settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["metadata"] } } }',
    ),
  );
  node = await startHardhatNode(plugin);
  await runHardhat(plugin, ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: node.url,
  });
  for (const door of ["action", "cli", "task"] as const) {
    explorers[door] = await startLocalExplorer({
      rpcUrl: door === "task" ? node.url : chain.rpcUrl,
      stateFile: false,
      blockscoutVersion: "12",
      sourcifyAnswerDelayMs: registryAnswerDelayMs,
      onRequest: (request) => received[door].push(request),
    });
  }
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(explorers).map((explorer) => explorer?.close()));
  await chain?.stop();
  await node?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundle) await rm(join(bundle, ".."), { recursive: true, force: true });
  await removeCliProject(cli);
  await removePluginProject(plugin);
});

function explorerUrl(door: keyof typeof explorers): string {
  const explorer = explorers[door];
  if (!explorer) throw new Error(`no explorer for the ${door}`);
  return explorer.url;
}

// The door runs the bundle built from the sources, not the committed dist/.
async function actionRun(inputs: Record<string, string>): Promise<DoorRun> {
  const run = await runAction(
    { "explorer-url": explorerUrl("action"), ledger: "none", artifacts: "out", ...inputs },
    workspace,
    {},
    bundle,
  );
  const records = JSON.parse(run.outputs.results ?? "null") as VerificationResult[] | null;
  if (!records)
    throw new Error(`the Action reported no records (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  return { ...run, records };
}

function statuses(run: DoorRun): Array<[string, string]> {
  return run.records.map((record) => [record.contract, record.status]);
}

/** The submissions an explorer received, with the constructor arguments each carried. */
function submittedArguments(door: keyof typeof explorers): string[] {
  return received[door]
    .filter((request) => request.query.action === "verifysourcecode")
    .map((request) => String(request.body.constructorArguments ?? ""));
}

describe("the three doors against Blockscout 12", () => {
  it("the Action verifies the Foundry broadcast, sending constructor arguments as bare hex", async () => {
    const run = await actionRun({ deployment: runLatest, "rpc-url": chain.rpcUrl });
    expect(run.code).toBe(0);
    expect(statuses(run)).toContainEqual(["src/Token.sol:Token", "verified"]);
    expect(run.records.map((record) => record.status)).toEqual(Array(broadcastContracts).fill("verified"));
    const sent = submittedArguments("action").filter((args) => args !== "");
    expect(sent.length).toBeGreaterThan(0);
    for (const args of sent) expect(args).toMatch(/^[0-9a-f]+$/);
  }, 300_000);

  it("the CLI verifies the Foundry broadcast", async () => {
    const run = await cliDoor(cli, [
      "--deployment",
      runLatest,
      "--rpc-url",
      chain.rpcUrl,
      "--explorer-url",
      explorerUrl("cli"),
    ]);
    expect(run.code).toBe(0);
    expect(run.records.map((record) => record.status)).toEqual(Array(broadcastContracts).fill("verified"));
    for (const args of submittedArguments("cli").filter((each) => each !== ""))
      expect(args).toMatch(/^[0-9a-f]+$/);
  }, 300_000);

  it("the task verifies the Ignition deployment", async () => {
    const run = await taskDoor(
      plugin,
      ["--network", "localhost", "--deployment", "chain-31337", "--explorer-url", explorerUrl("task")],
      { FIXTURE_NODE_URL: node.url },
    );
    expect(run.code).toBe(0);
    expect(run.records.map((record) => record.status)).toEqual(Array(ignitionContracts).fill("verified"));
  }, 300_000);

  it("each door verifies through the registry (metadata.json) while Blockscout 12 holds the answer until Sourcify's job ends", async () => {
    // Fresh copies, not verified yet: the broadcast's plain Counter (src/legacy/Counter.sol) twice, and a Box.
    const counterCreation = broadcast.find(
      (each) => each.contractName === "Counter" && each.transactionType === "CREATE",
    )?.transaction;
    if (!counterCreation) throw new Error("no Counter in the broadcast");
    const forAction = (await send(chain.rpcUrl, counterCreation)) ?? "";
    const forCli = (await send(chain.rpcUrl, counterCreation)) ?? "";
    await writeFile(
      join(plugin, "ignition", "modules", "OneBox.ts"),
      `import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
export default buildModule("OneBox", (m) => ({ box: m.contract("Box") }));
`,
    );
    await runHardhat(plugin, ["ignition", "deploy", "ignition/modules/OneBox.ts", "--network", "localhost"], {
      FIXTURE_NODE_URL: node.url,
    });
    const addresses = JSON.parse(
      await readFile(
        join(plugin, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
        "utf8",
      ),
    ) as Record<string, string>;
    const forTask = addresses["OneBox#Box"] ?? "";
    // The Action's manifest names the compiler's metadata of the legacy Counter and the folder of its sources.
    const buildInfo = JSON.parse(
      await readFile(join(workspace, "out", "build-info", "4cdb80011a7505166fdcb72e119dafa6.json"), "utf8"),
    ) as { output: { contracts: Record<string, Record<string, { metadata: string }>> } };
    await writeFile(
      join(workspace, "counter.metadata.json"),
      buildInfo.output.contracts["src/legacy/Counter.sol"]?.Counter?.metadata ?? "",
    );
    await writeFile(
      join(workspace, "registry.json"),
      JSON.stringify({
        contracts: [
          { address: forAction, format: "registry", metadata: "counter.metadata.json", sources: "." },
        ],
      }),
    );
    const before = { action: received.action.length, cli: received.cli.length, task: received.task.length };
    const [actionRegistry, cliRegistry, taskRegistry] = await Promise.all([
      actionRun({ contracts: "registry.json" }),
      cliDoor(cli, [
        forCli,
        "--contract",
        "src/legacy/Counter.sol:Counter",
        "--format",
        "registry",
        "--rpc-url",
        chain.rpcUrl,
        "--explorer-url",
        explorerUrl("cli"),
      ]),
      taskDoor(
        plugin,
        [
          "--network",
          "localhost",
          "--contract",
          "contracts/Box.sol:Box",
          "--format",
          "registry",
          "--ledger",
          "none",
          forTask,
          "--explorer-url",
          explorerUrl("task"),
        ],
        { FIXTURE_NODE_URL: node.url },
      ),
    ]);
    for (const [door, run, address] of [
      ["action", actionRegistry, forAction],
      ["cli", cliRegistry, forCli],
      ["task", taskRegistry, forTask],
    ] as const) {
      expect([
        door,
        run.code,
        run.records.map((record) => [record.address, record.format, record.status]),
      ]).toEqual([door, 0, [[address, "registry", "verified"]]]);
      // The specification's name first, Blockscout's after its `Unknown action`; then one submission, answered once
      // Sourcify's job ended and never sent again, with the metadata under the one name Blockscout 12 reads it by.
      const submissions = received[door]
        .slice(before[door])
        .filter((request) => request.query.action?.startsWith("verify_via_"));
      expect([door, submissions.map((request) => request.query.action)]).toEqual([
        door,
        ["verify_via_registry", "verify_via_sourcify"],
      ]);
      expect(submissions[1]?.files[0]?.filename).toBe("metadata.json");
    }
  }, 600_000);
});
