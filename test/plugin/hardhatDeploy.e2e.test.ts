import { cp } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// `npx hardhat explorer-verify --deployment deployments/localhost` in a Hardhat 3 project with the packed package, as
// a user of hardhat-deploy 2.x (rocketh) runs it: the folder rocketh wrote (test/fixtures/rocketh), replayed on a fresh
// chain at the same addresses, verified and its proxy linked on the embedded local explorer.
const fixture = join(repoRoot, "test", "fixtures", "rocketh", "deployments", "localhost");
let project: string;
let chain: HardhatChain;
let env: Record<string, string>;

beforeAll(async () => {
  [project, chain] = await Promise.all([preparePluginProject(), startHardhatChain()]);
  await cp(fixture, join(project, "deployments", "localhost"), { recursive: true });
  await replayHardhatDeployment(chain.rpcUrl, fixture);
  env = { FIXTURE_NODE_URL: chain.rpcUrl };
}, 300_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

function verify(): ReturnType<typeof hardhat> {
  return hardhat(
    project,
    ["explorer-verify", "--deployment", "deployments/localhost", "--network", "localhost", "--json"],
    env,
  );
}

describe("npx hardhat explorer-verify --deployment with a rocketh deployments folder", () => {
  it("verifies the library, the contract linking it, the proxy and its implementation, links the proxy, and a rerun submits nothing", async () => {
    const outcome = await verify();
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/^blockscout: 4 of 4 contracts verified; 4 submissions sent\.$/m);
    const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
    expect(results.map((r) => [r.contract, r.address.toLowerCase(), r.format, r.status])).toEqual([
      [
        "contracts/BoxProxy.sol:BoxProxy",
        "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
        "standard-json",
        "verified",
      ],
      ["contracts/Box.sol:Box", "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0", "standard-json", "verified"],
      [
        "proxy of contracts/Box.sol:Box",
        "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
        "proxy",
        expect.stringMatching(/^(already-)?verified$/),
      ],
      [
        "contracts/MathLib.sol:MathLib",
        "0x5fbdb2315678afecb367f032d93f642f64180aa3",
        "standard-json",
        "verified",
      ],
      [
        "contracts/Token.sol:Token",
        "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
        "standard-json",
        "verified",
      ],
    ]);

    const rerun = await verify();
    expect(rerun.code).toBe(0);
    const again = (JSON.parse(rerun.stdout) as { results: VerificationResult[] }).results;
    expect(again.map((r) => r.status)).toEqual(Array(5).fill("already-verified"));
    expect(again.reduce((sum, r) => sum + r.attempts, 0)).toBe(0);
  }, 300_000);
});
