import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { canonicalJson } from "../../src/kernel/jsonValues.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// One Ignition deployment on a real local chain, its bundle written by each door: the task's --write-bundle (while
// it verifies), the CLI's bundle command (reading the project's deployment and artifacts) and the Action's bundle
// output. The three files are equal; the task's --bundle then verifies from one on an explorer that holds nothing.
let project: string;
let cli: CliProject;
let node: HardhatNode;
let explorer: LocalExplorer;
let laterExplorer: LocalExplorer;
let actionBundle: string;
let sourcify: SourcifyEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  [project, cli, actionBundle] = await Promise.all([
    preparePluginProject(),
    prepareCliProject(),
    buildFreshBundle(),
  ]);
  node = await startHardhatNode(project);
  env = {
    FIXTURE_NODE_URL: node.url,
    FIXTURE_EXPLORER_KEY: "EXPLORER-KEY-0123456789",
    FIXTURE_GATEWAY_TOKEN: "GATEWAY-TOKEN-0123456789",
    FIXTURE_ETHERSCAN_KEY: "ETHERSCAN-KEY-0123456789",
  };
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"],
    env,
  );
  [explorer, laterExplorer, sourcify] = await Promise.all([
    startLocalExplorer({ rpcUrl: node.url, stateFile: false }),
    startLocalExplorer({ rpcUrl: node.url, stateFile: false }),
    startSourcifyEmulator({ rpcUrl: node.url, chainId: 31337 }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([explorer?.close(), laterExplorer?.close(), sourcify?.close()]);
  await node?.stop();
  await removePluginProject(project);
  await removeCliProject(cli);
});

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;
const bundleAt = async (path: string) => canonicalJson(JSON.parse(await readFile(path, "utf8")));

describe("the bundle, written by each door from the same deployment", () => {
  it("is the same file from the task, the CLI and the Action", async () => {
    const task = await hardhat(
      project,
      [
        "explorer-verify",
        "--network",
        "localhost",
        "--deployment",
        "chain-31337",
        "--explorer-url",
        explorer.url,
        "--write-bundle",
        "task.json",
        "--json",
      ],
      env,
    );
    expect({ code: task.code, stderr: task.stderr }).toMatchObject({ code: 0 });
    const fromTask = await bundleAt(join(project, "task.json"));
    expect(JSON.parse(fromTask).contracts.length).toBeGreaterThan(1);

    const deployment = join(project, "ignition", "deployments", "chain-31337");
    const written = await explorerVerify(cli, [
      "bundle",
      "--deployment",
      deployment,
      "--artifacts",
      join(project, "artifacts"),
      "--out",
      "cli.json",
    ]);
    expect({ code: written.code, stderr: written.stderr }).toMatchObject({ code: 0 });
    expect(await bundleAt(join(cli.dir, "cli.json"))).toBe(fromTask);

    const action = await runAction(
      {
        "explorer-url": explorer.url,
        deployment: "ignition/deployments/chain-31337",
        artifacts: "artifacts",
        ledger: "none",
      },
      project,
      {},
      join(actionBundle, "index.js"),
    );
    expect({ code: action.code, stdout: action.stdout }).toMatchObject({ code: 0 });
    expect(await bundleAt(action.outputs.bundle ?? "")).toBe(fromTask);
  }, 600_000);

  it("the task's --bundle verifies every contract of it", async () => {
    const run = await hardhat(
      project,
      ["explorer-verify", "--bundle", "task.json", "--explorer-url", laterExplorer.url, "--json"],
      env,
    );
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    const bundle = JSON.parse(await readFile(join(project, "task.json"), "utf8")) as { contracts: unknown[] };
    const records = recordsOf(run.stdout).filter((r) => r.format !== "proxy");
    expect(records.map((r) => r.status)).toEqual(Array(bundle.contracts.length).fill("verified"));
  }, 300_000);

  it("the task's copy verifies on Sourcify what the explorer holds verified, with no build", async () => {
    const deployed = JSON.parse(
      await readFile(
        join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
        "utf8",
      ),
    ) as Record<string, string>;
    const box = deployed["Fixture#Box"] ?? "";
    const run = await hardhat(
      project,
      [
        "explorer-verify",
        "copy",
        box,
        "--from",
        "blockscout",
        "--to",
        "sourcify",
        "--network",
        "localhost",
        "--explorer-url",
        explorer.url,
        "--json",
      ],
      { ...env, EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl },
    );
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(run.stdout).map((r) => [r.address, r.target, r.status, r.copiedFrom])).toEqual([
      [box, "sourcify", "verified", { service: "blockscout", match: "exact" }],
    ]);
    expect(sourcify.submissions()).toHaveLength(1);
  }, 300_000);
});
