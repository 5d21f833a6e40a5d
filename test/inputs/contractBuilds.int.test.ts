import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readBuildInfos } from "../../src/inputs/buildInfo.js";
import { findContract } from "../../src/inputs/findContract.js";
import { addressJobs } from "../../src/run/jobs/addressJobs.js";
import { testAddress } from "../support/addresses.js";
import { compileFixture, fixtureInput } from "../support/fixtureBuild.js";

// A Hardhat 3 artifacts folder holding two builds of contracts/Box.sol:Box that differ in their optimizer settings:
// the default profile's, built with the whole project and deployed, and a production build of Box.sol alone that a
// partial build left behind. --contract takes the build whose code is deployed, else the one Box's artifact names
// (`buildInfoId`), and only when neither tells them apart the one with the fewest sources.
const fqn = "contracts/Box.sol:Box";
const address = testAddress(0xb0);
const defaultInput = fixtureInput({ optimizer: { enabled: false, runs: 200 } });
const productionInput = fixtureInput({ optimizer: { enabled: true, runs: 200 } });
productionInput.sources = {
  "contracts/Box.sol": productionInput.sources["contracts/Box.sol"] ?? { content: "" },
};
const builds = { "solc-0_8_28-default": defaultInput, "solc-0_8_28-production": productionInput };
let artifacts: string;
let deployedCode: string;

async function writeArtifact(buildInfoId: string): Promise<void> {
  await mkdir(join(artifacts, "contracts", "Box.sol"), { recursive: true });
  const artifact = {
    _format: "hh3-artifact-1",
    contractName: "Box",
    sourceName: "contracts/Box.sol",
    buildInfoId,
  };
  await writeFile(join(artifacts, "contracts", "Box.sol", "Box.json"), JSON.stringify(artifact));
}

function jobsOf(code: string | undefined) {
  return addressJobs({
    address,
    build: () => readBuildInfos(artifacts),
    chain:
      code === undefined
        ? undefined
        : { getCode: async () => code, getStorageAt: async () => "0x", call: async () => "0x" },
    contract: fqn,
    format: "auto",
    proxy: false,
    naming: { chain: "the chain of --rpc-url", build: "in artifacts", check: "--contract and --rpc-url" },
  });
}

// The optimizer settings of the build the job was made from.
async function optimizerOf(code: string | undefined): Promise<unknown> {
  const [job] = (await jobsOf(code)).jobs;
  return job?.source.format === "standard-json" ? job.source.input.settings?.optimizer : job;
}

beforeAll(async () => {
  artifacts = await mkdtemp(join(tmpdir(), "explorer-verify-contract-builds-"));
  await mkdir(join(artifacts, "build-info"));
  for (const [id, input] of Object.entries(builds)) {
    const build = compileFixture(input);
    const common = { id, solcVersion: "0.8.28", solcLongVersion: build.compilerVersion.replace(/^v/, "") };
    const names = Object.fromEntries(Object.keys(input.sources).map((name) => [name, name]));
    await writeFile(
      join(artifacts, "build-info", `${id}.json`),
      JSON.stringify({ _format: "hh3-sol-build-info-1", ...common, input, userSourceNameMap: names }),
    );
    await writeFile(
      join(artifacts, "build-info", `${id}.output.json`),
      JSON.stringify({ _format: "hh3-sol-build-info-output-1", id, output: build.output }),
    );
    const deployed = build.output.contracts?.["contracts/Box.sol"]?.Box?.evm?.deployedBytecode?.object;
    if (id.endsWith("default")) deployedCode = `0x${deployed}`;
  }
}, 120_000);

afterAll(async () => {
  await rm(artifacts, { recursive: true, force: true });
});

describe("the build --contract takes when several builds hold the contract", () => {
  it("is the one Box's artifact names, with the chain or without it", async () => {
    await writeArtifact("solc-0_8_28-default");
    expect(findContract(await readBuildInfos(artifacts), fqn).buildInfoId).toBe("solc-0_8_28-default");
    expect(await optimizerOf(undefined)).toEqual({ enabled: false, runs: 200 });
    expect(await optimizerOf(deployedCode)).toEqual({ enabled: false, runs: 200 });
  });

  it("is the one whose code is deployed, over the build the artifact names", async () => {
    await writeArtifact("solc-0_8_28-production");
    expect(await optimizerOf(deployedCode)).toEqual({ enabled: false, runs: 200 });
    await rm(join(artifacts, "contracts"), { recursive: true });
    expect(await optimizerOf(deployedCode)).toEqual({ enabled: false, runs: 200 });
  });

  it("is the one with the fewest sources when neither the chain nor an artifact tells them apart", async () => {
    await rm(join(artifacts, "contracts"), { recursive: true, force: true });
    expect(findContract(await readBuildInfos(artifacts), fqn).buildInfoId).toBe("solc-0_8_28-production");
    expect(await optimizerOf(undefined)).toEqual({ enabled: true, runs: 200 });
    await expect(jobsOf("0x6080604052")).rejects.toThrow(
      `The code at ${address} is not ${fqn} as built in artifacts. Check --contract and --rpc-url, or leave --contract out to infer it.`,
    );
  });
});
