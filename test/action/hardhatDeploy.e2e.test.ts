import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";

// The Action, bundled from the sources, with `deployment: deployments/localhost`: the folder hardhat-deploy 1.0.4 wrote
// (test/fixtures/hardhat-deploy-v1), replayed on a fresh chain at the same addresses, verified on the local explorer.
const fixture = join(repoRoot, "test", "fixtures", "hardhat-deploy-v1", "deployments", "localhost");
let workspace: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let bundleDir: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-hardhat-deploy-action-"));
  await cp(fixture, join(workspace, "deployments", "localhost"), { recursive: true });
  [chain, bundleDir] = await Promise.all([startHardhatChain(), buildFreshBundle()]);
  await replayHardhatDeployment(chain.rpcUrl, fixture);
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

function verify() {
  return runAction(
    { deployment: "deployments/localhost", "explorer-url": explorer.url, "timeout-seconds": "120" },
    workspace,
    {},
    join(bundleDir, "index.js"),
  );
}

describe("the Action with a hardhat-deploy deployments folder as its deployment", () => {
  it("verifies every contract of the folder and links the proxy; a rerun sends no submission", async () => {
    const run = await verify();
    expect(run.code).toBe(0);
    const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(results.map((r) => [r.contract, r.address, r.status])).toEqual([
      ["contracts/BoxProxy.sol:BoxProxy", "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9", "verified"],
      ["contracts/Box.sol:Box", "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "verified"],
      [
        "proxy of contracts/Box.sol:Box",
        "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        expect.stringMatching(/^(already-)?verified$/),
      ],
      ["contracts/MathLib.sol:MathLib", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "verified"],
      ["contracts/Token.sol:Token", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "verified"],
    ]);
    expect(results.every((r) => r.chainId === 31337)).toBe(true);

    const again = await verify();
    expect(again.code).toBe(0);
    const rerun = JSON.parse(again.outputs.results ?? "[]") as VerificationResult[];
    expect(rerun.map((r) => r.status)).toEqual(Array(5).fill("already-verified"));
    expect(rerun.reduce((sum, r) => sum + r.attempts, 0)).toBe(0);
  }, 300_000);
});
