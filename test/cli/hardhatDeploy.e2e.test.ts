import { cp } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";

// The packed package's `explorer-verify` bin, as a Hardhat 2 user of hardhat-deploy 1.x runs it: the deployments folder
// hardhat-deploy 1.0.4 wrote (test/fixtures/hardhat-deploy-v1), replayed on a fresh chain at the same addresses,
// verified and its proxy linked on the embedded local explorer.
const fixture = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "fixtures",
  "hardhat-deploy-v1",
  "deployments",
  "localhost",
);
const folder = join("deployments", "localhost");
let project: CliProject;
let chain: HardhatChain;

function results(stdout: string): VerificationResult[] {
  return (JSON.parse(stdout) as { results: VerificationResult[] }).results;
}

beforeAll(async () => {
  [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
  await cp(fixture, join(project.dir, folder), { recursive: true });
  await replayHardhatDeployment(chain.rpcUrl, fixture);
}, 240_000);

afterAll(async () => {
  await chain?.stop();
  await removeCliProject(project);
});

describe("explorer-verify verify --deployment with a hardhat-deploy deployments folder", () => {
  it("verifies the library, the contract linking it, the proxy and its implementation, and links the proxy", async () => {
    const run = await explorerVerify(project, [
      "verify",
      "--deployment",
      folder,
      "--rpc-url",
      chain.rpcUrl,
      "--json",
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Verifying 4 contracts on the local explorer/);
    // The local explorer reads an EIP-1967 proxy's implementation by itself: once Box is verified, the link is there.
    expect(results(run.stdout).map((r) => [r.contract, r.address, r.format, r.status])).toEqual([
      [
        "contracts/BoxProxy.sol:BoxProxy",
        "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        "standard-json",
        "verified",
      ],
      ["contracts/Box.sol:Box", "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "standard-json", "verified"],
      [
        "proxy of contracts/Box.sol:Box",
        "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        "proxy",
        expect.stringMatching(/^(already-)?verified$/),
      ],
      [
        "contracts/MathLib.sol:MathLib",
        "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        "standard-json",
        "verified",
      ],
      [
        "contracts/Token.sol:Token",
        "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        "standard-json",
        "verified",
      ],
    ]);
  }, 180_000);

  it("sends no submission when run again", async () => {
    const run = await explorerVerify(project, [
      "verify",
      "--deployment",
      folder,
      "--rpc-url",
      chain.rpcUrl,
      "--json",
    ]);
    expect(run.code).toBe(0);
    const rerun = results(run.stdout);
    expect(rerun.map((r) => [r.contract, r.status])).toEqual([
      ["contracts/BoxProxy.sol:BoxProxy", "already-verified"],
      ["contracts/Box.sol:Box", "already-verified"],
      ["proxy of contracts/Box.sol:Box", "already-verified"],
      ["contracts/MathLib.sol:MathLib", "already-verified"],
      ["contracts/Token.sol:Token", "already-verified"],
    ]);
    expect(rerun.reduce((sum, r) => sum + r.attempts, 0)).toBe(0);
  }, 120_000);
});
