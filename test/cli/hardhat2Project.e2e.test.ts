import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { explorerVerify } from "../support/cliPackage.js";
import { type Anvil, startAnvil } from "../support/foundryProject.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";
import { oncePerRun } from "../support/oncePerRun.js";
import { packedTarball } from "../support/packedPackage.js";

// A Hardhat 2 user of hardhat-deploy 1.x: a project with hardhat 2 from the npm registry installs the packed tarball
// with a plain `npm install`, and the CLI verifies the deployments folder hardhat-deploy 1.0.4 wrote
// (test/fixtures/hardhat-deploy-v1), replayed on anvil as chain 7777 on 127.0.0.1, with no explorer named: the
// embedded local explorer serves a chain behind a loopback RPC, and the default ledger makes the rerun send nothing.
// The Hardhat plugin, loaded under Hardhat 2, says in one line that it needs Hardhat 3 and that the CLI serves here.
const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");
const fixture = join(repoRoot, "test", "fixtures", "hardhat-deploy-v1", "deployments", "localhost");
const folder = join("deployments", "localhost");
let project: { dir: string; bin: string };
let anvil: Anvil;

// One install per test run: hardhat 2 and solc 0.8.28 (the local explorer's compiler) from the registry, and the tarball.
function hardhat2Project(): Promise<string> {
  return oncePerRun("hardhat2-project", async (dir) => {
    const tarball = await packedTarball();
    const manifest = {
      name: "hardhat2-project",
      private: true,
      devDependencies: { hardhat: "2.29.1", solc: "0.8.28", "explorer-verify": `file:${tarball}` },
    };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` };
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return dir;
  });
}

function results(stdout: string): VerificationResult[] {
  return (JSON.parse(stdout) as { results: VerificationResult[] }).results;
}

beforeAll(async () => {
  const [dir, chain] = await Promise.all([hardhat2Project(), startAnvil(7_777)]);
  anvil = chain;
  project = { dir, bin: join(dir, "node_modules", "explorer-verify", "lib", "cli", "index.js") };
  await cp(fixture, join(dir, folder), { recursive: true });
  await writeFile(join(dir, folder, ".chainId"), "7777");
  await replayHardhatDeployment(anvil.rpcUrl, fixture);
}, 600_000);

afterAll(async () => {
  await anvil?.stop();
});

describe("a Hardhat 2 project", () => {
  it("installed the package beside hardhat 2 with a plain npm install", async () => {
    const installed = JSON.parse(
      await readFile(join(project.dir, "node_modules", "hardhat", "package.json"), "utf8"),
    );
    expect(installed.version).toBe("2.29.1");
  });

  it("verifies its hardhat-deploy folder on chain 7777 with no explorer named, then reruns sending nothing", async () => {
    const args = ["verify", "--deployment", folder, "--rpc-url", anvil.rpcUrl, "--json"];
    const first = await explorerVerify(project, args);
    expect({ code: first.code, stderr: first.stderr.split("\n")[0] }).toEqual({
      code: 0,
      stderr: expect.stringMatching(
        /^Verifying 4 contracts on the local explorer at http:\/\/127\.0\.0\.1:\d+ \(no explorer is named for local chain 7777\)$/,
      ),
    });
    expect(results(first.stdout).map((r) => [r.contract, r.chainId, r.status])).toEqual([
      ["contracts/BoxProxy.sol:BoxProxy", 7777, "verified"],
      ["contracts/Box.sol:Box", 7777, "verified"],
      ["proxy of contracts/Box.sol:Box", 7777, expect.stringMatching(/^(already-)?verified$/)],
      ["contracts/MathLib.sol:MathLib", 7777, "verified"],
      ["contracts/Token.sol:Token", 7777, "verified"],
    ]);
    expect(first.stderr).toContain("blockscout: 4 of 4 contracts verified; 4 submissions sent.");

    const again = await explorerVerify(project, args);
    expect(again.code).toBe(0);
    const rerun = results(again.stdout).filter((r) => r.format !== "proxy");
    expect(rerun.map((r) => [r.status, r.attempts, r.message])).toEqual(
      Array(4).fill([
        "already-verified",
        0,
        "The ledger records it verified with this input; the explorer was not asked (recheck asks it).",
      ]),
    );
    expect(again.stderr).toContain("blockscout: 4 of 4 contracts verified; 0 submissions sent.");
  }, 300_000);

  it("loads the Hardhat plugin only to say, in one line, that it needs Hardhat 3 and the CLI serves here", async () => {
    const config = join(project.dir, "hardhat.config.js");
    await writeFile(config, 'require("explorer-verify/plugin");\nmodule.exports = { solidity: "0.8.28" };\n');
    const hardhat = join(project.dir, "node_modules", ".bin", "hardhat");
    const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` };
    const failed = await run(hardhat, ["help"], { cwd: project.dir, env }).then(
      () => ({ stderr: "" }),
      (error: { stderr: string }) => error,
    );
    // Hardhat 2 prints a plugin's error as its first line (and its stack after it where it takes the machine for CI),
    // coloured where it takes the terminal for a colour one: the words read are what is checked.
    expect(stripVTControlCharacters(failed.stderr).split("\n")[0]).toBe(
      'Error in plugin explorer-verify: explorer-verify\'s Hardhat plugin needs Hardhat 3: remove require("explorer-verify/plugin") from the Hardhat config, and in this Hardhat 2 project run the CLI: npx explorer-verify verify --deployment deployments/<network> --rpc-url <url> (npx explorer-verify --help).',
    );
  }, 120_000);
});
