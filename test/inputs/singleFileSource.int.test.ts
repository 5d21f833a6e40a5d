import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { InvalidInputError } from "../../src/errors/index.js";
import { type CompiledContract, contractsOf } from "../../src/inputs/compiledContracts.js";
import { createContractJob } from "../../src/inputs/contractJob.js";
import { singleFileSourceOf } from "../../src/inputs/singleFileSource.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// Single-file and flattened sources made from a real build, verified by the local explorer's real compile and match
// against contracts deployed on a real chain.
let chain: HardhatChain;
let explorer: LocalExplorer;
let build: FixtureBuild;
let contracts: CompiledContract[];
const deployed: Record<string, string> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" }));
  contracts = contractsOf({
    id: "fixture",
    path: "fixture.json",
    format: "hardhat2",
    compilerVersion: build.compilerVersion,
    input: build.input,
    output: build.output,
    userSourceNames: undefined,
  });
  const deployer = new Deployer(chain.rpcUrl);
  deployed.token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Single", 3n]);
  deployed.mathLib = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
  deployed.calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
    "contracts/MathLib.sol:MathLib": deployed.mathLib,
  });
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

function compiled(userFqn: string): CompiledContract {
  const contract = contracts.find((candidate) => candidate.userFqn === userFqn);
  if (!contract) throw new Error(`${userFqn} is not in the fixture build`);
  return contract;
}

async function verified(job: VerificationJob) {
  const [result] = await verifyBatch([job], {
    explorerUrl: explorer.url,
    requestsPerSecond: Number.POSITIVE_INFINITY,
    polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
    timeoutMs: 60_000,
  });
  return result;
}

describe("single-file and flattened sources from a build", () => {
  it("verifies a one-file contract as single-file, with the build's optimizer and EVM version", async () => {
    const token = compiled("contracts/Token.sol:Token");
    const source = singleFileSourceOf(token, "single-file");
    expect(source).toEqual({
      format: "single-file",
      sourceCode: build.input.sources["contracts/Token.sol"]?.content,
      compilerVersion: build.compilerVersion,
      contractName: "Token",
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "paris",
    });
    const job = createContractJob(token, {
      address: deployed.token!,
      constructorArguments: { values: ["Single", 3n] },
    });
    await expect(verified({ ...job, source })).resolves.toMatchObject({
      status: "verified",
      format: "single-file",
    });
  }, 120_000);

  it("verifies a library-linked contract as one flattened file, its library first and imports gone", async () => {
    const calculator = compiled("contracts/Calculator.sol:Calculator");
    const source = singleFileSourceOf(calculator, "flattened");
    expect(source.sourceCode).not.toMatch(/^\s*import /m);
    expect(source.sourceCode.indexOf("library MathLib")).toBeLessThan(
      source.sourceCode.indexOf("contract Calculator"),
    );
    expect(source.sourceCode.match(/SPDX-License-Identifier/g)).toHaveLength(1);
    const job = createContractJob(calculator, {
      address: deployed.calculator!,
      libraries: { MathLib: deployed.mathLib! },
    });
    await expect(
      verified({ ...job, source, libraries: { MathLib: deployed.mathLib! } }),
    ).resolves.toMatchObject({ status: "verified", format: "flattened" });
  }, 120_000);

  it("refuses a contract of several files as single-file, and a viaIR build, before anything is sent", () => {
    expect(() => singleFileSourceOf(compiled("contracts/Calculator.sol:Calculator"), "single-file")).toThrow(
      new InvalidInputError(
        "format",
        "contracts/Calculator.sol:Calculator is built from 2 files, and the single-file format takes one: use the flattened format, or standard JSON input.",
      ),
    );
    const token = compiled("contracts/Token.sol:Token");
    const viaIr = { ...token, input: { ...token.input, settings: { ...token.input.settings, viaIR: true } } };
    expect(() => singleFileSourceOf(viaIr, "flattened")).toThrow(
      "contracts/Token.sol:Token is built with viaIR, which the flattened format cannot carry: verify with standard JSON input.",
    );
  });
});
