import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/index.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type HardhatNode, repoRoot, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";

// `--include-created` in a user's project with the packed package: an Ignition deployment of a factory that creates
// a Vault (constructor arguments) in its constructor, and a Pocket (CREATE2) and a Wallet clone in a call.
let project: string;
let chain: HardhatNode;
let env: Record<string, string>;
let deployed: Record<string, string>;

beforeAll(async () => {
  project = await preparePluginProject();
  const fixture = join(repoRoot, "test", "fixtures", "factory");
  await cp(join(repoRoot, "demo", "contracts", "Factory.sol"), join(project, "contracts", "Factory.sol"));
  await cp(
    join(fixture, "ignition", "modules", "Factory.ts"),
    join(project, "ignition", "modules", "Factory.ts"),
  );
  chain = await startHardhatNode(project);
  env = { FIXTURE_NODE_URL: chain.url };
  await runHardhat(
    project,
    [
      "ignition",
      "deploy",
      "ignition/modules/Factory.ts",
      "--network",
      "localhost",
      "--deployment-id",
      "factory",
    ],
    env,
  );
  const file = join(project, "ignition", "deployments", "factory", "deployed_addresses.json");
  deployed = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
}, 300_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

function verify(...args: string[]): Promise<CommandOutcome> {
  return hardhat(project, ["explorer-verify", "--network", "localhost", ...args], env);
}

type Row = { contract: string; status: string; attempts: number; createdBy?: { factory: string } };

describe("npx hardhat explorer-verify --include-created", () => {
  it("verifies the factory and the contracts it created, reports the clone, and a rerun submits nothing", async () => {
    const factory = deployed["FactoryModule#Factory"]!.toLowerCase();
    const wallet = deployed["FactoryModule#Wallet"]!.toLowerCase();
    const outcome = await verify("--deployment", "factory", "--include-created");
    expect(outcome.stdout).toMatch(/^verified +contracts\/Factory\.sol:Factory at /m);
    expect(outcome.stdout).toMatch(
      new RegExp(
        `^verified +contracts/Factory\\.sol:Vault at 0x[0-9a-f]{40} \\(created by ${factory}\\)$`,
        "m",
      ),
    );
    expect(outcome.stdout).toMatch(
      new RegExp(
        `^verified +contracts/Factory\\.sol:Pocket at 0x[0-9a-f]{40} \\(created by ${factory}\\)$`,
        "m",
      ),
    );
    expect(outcome.stdout).toMatch(
      new RegExp(
        `^clone {7}0x[0-9a-f]{40} \\(created by ${factory}\\): an EIP-1167 clone of ${wallet}, not submitted; the explorer shows it through its implementation$`,
        "m",
      ),
    );
    // The summary puts the children under their factory.
    expect(outcome.stdout).toMatch(
      /^contracts\/Factory\.sol:Factory .*\n└ contracts\/Factory\.sol:(Vault|Pocket) .*\n└ contracts\/Factory\.sol:(Vault|Pocket) /m,
    );
    expect(outcome.code).toBe(0);

    const rerun = await verify("--deployment", "factory", "--include-created", "--json");
    expect(rerun.code).toBe(0);
    const { results } = JSON.parse(rerun.stdout) as { results: Row[] };
    expect(results.map((r) => [r.contract, r.status, r.attempts, r.createdBy?.factory])).toEqual([
      ["contracts/Factory.sol:Wallet", "already-verified", 0, undefined],
      ["contracts/Factory.sol:Factory", "already-verified", 0, undefined],
      ["contracts/Factory.sol:Vault", "already-verified", 0, factory],
      ["contracts/Factory.sol:Pocket", "already-verified", 0, factory],
    ]);
  }, 300_000);

  it("obeys --max-created through the hall: one child looked at, the other counted in a warning", async () => {
    const factory = deployed["FactoryModule#Factory"]!.toLowerCase();
    const outcome = await verify(
      "--deployment",
      "factory",
      "--include-created",
      "--max-created",
      "1",
      "--json",
    );
    expect(outcome.code).toBe(0);
    const { results } = JSON.parse(outcome.stdout) as { results: Row[] };
    expect(results.map((r) => [r.contract, r.createdBy?.factory])).toEqual([
      ["contracts/Factory.sol:Wallet", undefined],
      ["contracts/Factory.sol:Factory", undefined],
      ["contracts/Factory.sol:Vault", factory],
    ]);
    expect(outcome.stderr).toMatch(
      new RegExp(
        `^warning +\\d+ more contracts? created by ${factory} (was|were) not looked at \\(max-created 1\\)\\.$`,
        "m",
      ),
    );
  }, 300_000);

  it("says in one line that --created-by needs --tx", async () => {
    const outcome = await verify("--created-by", deployed["FactoryModule#Factory"]!);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      "Error in community plugin explorer-verify: --created-by FACTORY and --tx HASH go together: give both.",
    );
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("the bundled Action with include-created: the factory and its children verified, the clone reported, a rerun submits nothing", async () => {
    const explorer: LocalExplorer = await startLocalExplorer({ rpcUrl: chain.url, stateFile: false });
    try {
      const factory = deployed["FactoryModule#Factory"]!.toLowerCase();
      const wallet = deployed["FactoryModule#Wallet"]!.toLowerCase();
      const run = await runAction(
        {
          "explorer-url": explorer.url,
          deployment: "ignition/deployments/factory",
          artifacts: "artifacts",
          "rpc-url": chain.url,
          "include-created": "true",
          ledger: "none",
        },
        project,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
      expect(results.map((r) => [r.contract, r.status, r.createdBy?.factory])).toEqual([
        ["contracts/Factory.sol:Wallet", "verified", undefined],
        ["contracts/Factory.sol:Factory", "verified", undefined],
        ["contracts/Factory.sol:Vault", "verified", factory],
        ["contracts/Factory.sol:Pocket", "verified", factory],
      ]);
      expect(run.stdout).toMatch(
        new RegExp(`0x[0-9a-f]{40} \\(created by ${factory}\\): an EIP-1167 clone of ${wallet}`),
      );
      expect(run.outputs["verified-count"]).toBe("4");
      expect(run.outputs["failed-count"]).toBe("0");

      const rerun = await runAction(
        {
          "explorer-url": explorer.url,
          deployment: "ignition/deployments/factory",
          artifacts: "artifacts",
          "rpc-url": chain.url,
          "include-created": "true",
          ledger: "none",
        },
        project,
      );
      expect(rerun.code).toBe(0);
      const again = JSON.parse(rerun.outputs.results ?? "[]") as VerificationResult[];
      expect(again.map((r) => [r.contract, r.status, r.attempts])).toEqual([
        ["contracts/Factory.sol:Wallet", "already-verified", 0],
        ["contracts/Factory.sol:Factory", "already-verified", 0],
        ["contracts/Factory.sol:Vault", "already-verified", 0],
        ["contracts/Factory.sol:Pocket", "already-verified", 0],
      ]);
    } finally {
      await explorer.close();
    }
  }, 300_000);
});
