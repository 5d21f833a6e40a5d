import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readBuildInfo, readBuildInfos } from "../../src/inputs/buildInfo.js";
import { contractsOf } from "../../src/inputs/compiledContracts.js";

// A build folder read for named contracts holds no sources of a build that keeps none of them: a Hardhat 3 build info
// with no output beside it (its only bulk is its sources) is scanned, its sources never held.
let folder: string;
const hardhat3 = "hh3-sol-build-info-1";
const input = (source: string, content: string) => ({
  language: "Solidity",
  sources: { [source]: { content } },
  settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: {} },
});
const bigSource = `// ${"x".repeat(100_000)}\n`;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-build-sources-"));
  await mkdir(join(folder, "build-info"));
  await writeFile(
    join(folder, "build-info", "big.json"),
    JSON.stringify({
      _format: hardhat3,
      id: "big",
      solcLongVersion: "0.8.28+commit.7893614a",
      userSourceNameMap: { "contracts/Big.sol": "project/contracts/Big.sol" },
      input: input("project/contracts/Big.sol", bigSource),
    }),
  );
  await writeFile(
    join(folder, "build-info", "small.json"),
    JSON.stringify({
      _format: hardhat3,
      id: "small",
      solcLongVersion: "0.8.28+commit.7893614a",
      userSourceNameMap: { "contracts/Box.sol": "project/contracts/Box.sol" },
      input: input("project/contracts/Box.sol", "contract Box {}"),
    }),
  );
  await writeFile(
    join(folder, "build-info", "small.output.json"),
    JSON.stringify({
      _format: "hh3-sol-build-info-output-1",
      id: "small",
      output: {
        contracts: {
          "project/contracts/Box.sol": {
            Box: { abi: [], evm: { bytecode: { object: "6000" }, deployedBytecode: { object: "6001" } } },
          },
        },
      },
    }),
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the sources of a build read for named contracts", () => {
  it("are kept for the build that keeps one, and none for a build with no output", async () => {
    const builds = await readBuildInfos(folder, "artifacts", { contractNames: ["Box"] });
    expect(builds.map((build) => [build.id, Object.keys(build.input.sources)])).toEqual([
      ["big", []],
      ["small", ["project/contracts/Box.sol"]],
    ]);
    expect(builds.flatMap(contractsOf).map((contract) => contract.userFqn)).toEqual([
      "contracts/Box.sol:Box",
    ]);
    expect(builds[1]?.input.sources["project/contracts/Box.sol"]?.content).toBe("contract Box {}");
  });

  it("are all kept when no contract is named, and for a build info named alone (Ignition brings its output)", async () => {
    const builds = await readBuildInfos(folder, "artifacts");
    expect(builds[0]?.input.sources["project/contracts/Big.sol"]?.content).toBe(bigSource);
    const named = await readBuildInfo(join(folder, "build-info", "big.json"), "artifacts", {
      contractNames: ["Box"],
    });
    expect(named.input.sources["project/contracts/Big.sol"]?.content).toBe(bigSource);
  });
});
