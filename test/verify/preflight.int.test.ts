import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { StandardJsonInput, VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// Contracts deployed from one build and verified from a deliberately different one, with preflight on.
const production = { optimizer: { enabled: true, runs: 200 } };
let chain: HardhatChain;
let explorer: LocalExplorer;
let verifier: BlockscoutVerifier;
let build: FixtureBuild;
const deployed: Record<string, string> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput(production));
  const runs1000 = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 1_000 } }));
  const unoptimised = compileFixture(fixtureInput({ optimizer: { enabled: false, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  deployed.perfect = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Perfect", 1n]);
  deployed.comment = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Comment", 2n]);
  deployed.args = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Args", 7n]);
  deployed.runs = await deployer.deploy(runs1000, "contracts/Token.sol", "Token", ["Runs", 3n]);
  deployed.profile = await deployer.deploy(unoptimised, "contracts/Token.sol", "Token", ["Profile", 4n]);
  deployed.explained = await deployer.deploy(runs1000, "contracts/Token.sol", "Token", ["Explained", 5n]);
  // Partial matches whose cause is a setting the deployed metadata records, not the sources.
  const cancun = compileFixture(fixtureInput({ ...production, evmVersion: "cancun" }));
  deployed.cancun = await deployer.deploy(cancun, "contracts/Token.sol", "Token", ["Cancun", 6n]);
  const noHash = compileFixture(fixtureInput({ ...production, metadata: { bytecodeHash: "none" } }));
  deployed.noHash = await deployer.deploy(noHash, "contracts/Token.sol", "Token", ["NoHash", 9n]);
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
  verifier = blockscoutVerifierAt(explorer.url, { requestsPerSecond: Number.POSITIVE_INFINITY });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

const tokenAbi = [
  {
    type: "constructor",
    inputs: [
      { name: "name_", type: "string" },
      { name: "supply", type: "uint256" },
    ],
  },
];

function job(address: string, values: unknown[], input: StandardJsonInput = build.input): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Token.sol:Token",
    },
    constructorArguments: { values, abi: tokenAbi },
  };
}

async function run(verificationJob: VerificationJob, preflight = true) {
  const events: VerificationEvent[] = [];
  const [result] = await verifyBatch([verificationJob], {
    verifier,
    rpc: { rpcUrl: chain.rpcUrl },
    preflight,
    polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
    onEvent: (event) => events.push(event),
  });
  return { result: result!, preflight: events.find((e) => e.type === "preflight") };
}

describe("preflight against the deployed code", () => {
  it("a perfect match proceeds and verifies", async () => {
    const { result, preflight } = await run(job(deployed.perfect!, ["Perfect", 1n]));
    expect(preflight).toMatchObject({ outcome: "perfect", diagnosis: "Preflight: perfect match." });
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(result.message).toBeUndefined();
  }, 60_000);

  it("the package's preflight takes the chain's RPC URL, as docs/library.md calls it", async () => {
    const { encodeConstructorArguments, preflight } = await import("../../src/index.js");
    const perfect = job(deployed.args!, ["Args", 7n]);
    const constructorArguments = encodeConstructorArguments({ abi: tokenAbi, values: ["Args", 7n] });
    expect(await preflight(perfect, constructorArguments, undefined, { rpcUrl: chain.rpcUrl })).toEqual({
      outcome: "perfect",
      code: "perfect",
      diagnosis:
        "Preflight: perfect match of the deployed code; the constructor arguments were not checked (no creation input).",
    });
    // Without the creation input, other arguments cannot be told from these: the diagnosis says they were not checked.
    const other = encodeConstructorArguments({ abi: tokenAbi, values: ["Other", 8n] });
    expect(await preflight(perfect, other, undefined, { rpcUrl: chain.rpcUrl })).toMatchObject({
      diagnosis: expect.stringContaining("the constructor arguments were not checked"),
    });
    const nowhere = { ...perfect, address: "0x000000000000000000000000000000000000dEaD" };
    expect(await preflight(nowhere, constructorArguments, undefined, { rpcUrl: chain.rpcUrl })).toEqual({
      outcome: "mismatch",
      diagnosis:
        "Preflight: there is no contract at 0x000000000000000000000000000000000000dEaD on the chain at the RPC URL.",
    });
  }, 60_000);

  it("a changed comment is a partial match: it proceeds, with the metadata warning", async () => {
    const edited = fixtureInput(production, (name, content) =>
      name === "contracts/Token.sol" ? `${content}\n// edited after deploying\n` : content,
    );
    const { result } = await run(job(deployed.comment!, ["Comment", 2n], edited));
    expect(result.status).toBe("verified");
    expect(result.message).toBe(
      "Preflight: only a partial match. The executable code is the same, but the metadata hash differs: the sources (or their comments) changed since the deployment. The explorer will mark it partially verified.",
    );
  }, 60_000);

  it("a partial match from another EVM target names it, not the sources", async () => {
    const prague = fixtureInput({ ...production, evmVersion: "prague" });
    const { preflight } = await run(job(deployed.cancun!, ["Cancun", 6n], prague));
    expect(preflight).toMatchObject({
      outcome: "partial",
      diagnosis:
        "Preflight: only a partial match. The executable code is the same, but the metadata hash differs because a setting does, not the sources: the deployment was built with evmVersion: cancun, this build with evmVersion: prague. The explorer will mark it partially verified.",
    });
  }, 60_000);

  it("a partial match from another metadata hash setting names bytecodeHash", async () => {
    const { preflight } = await run(job(deployed.noHash!, ["NoHash", 9n]));
    expect(preflight).toMatchObject({
      outcome: "partial",
      diagnosis:
        'Preflight: only a partial match. The executable code is the same, but the metadata hash differs because a setting does, not the sources: the deployment was built with metadata.bytecodeHash: "none", this build with metadata.bytecodeHash: "ipfs". The explorer will mark it partially verified.',
    });
  }, 60_000);

  it("wrong constructor arguments stop the job, naming the values on each side", async () => {
    const { result } = await run(job(deployed.args!, ["Args", 8n]));
    expect(result).toMatchObject({ status: "failed", attempts: 0, error: { code: "constructor_arguments" } });
    expect(result.message).toBe(
      'Preflight: the constructor arguments differ. Submitted: (name_: "Args", supply: "8"). The creation transaction holds: (name_: "Args", supply: "7"). Give the arguments the contract was deployed with.',
    );
  }, 60_000);

  it("optimizer runs 200 against a deployment built with 1000 names `runs: 1000`", async () => {
    const { result } = await run(job(deployed.runs!, ["Runs", 3n]));
    expect(result).toMatchObject({ status: "failed", attempts: 0, error: { code: "settings" } });
    expect(result.message).toContain("matches with runs: 1000.");
  }, 120_000);

  it("the production build against a default-profile deployment names the optimizer", async () => {
    const { result } = await run(job(deployed.profile!, ["Profile", 4n]));
    expect(result).toMatchObject({ status: "failed", attempts: 0 });
    expect(result.message).toContain("matches with the optimizer disabled.");
    expect(result.message).toContain(
      "(check the build profile: Hardhat's production profile enables the optimizer; forge builds with FOUNDRY_PROFILE).",
    );
  }, 120_000);

  it("without preflight, the explorer's bare `Fail - Unable to verify` is explained the same way", async () => {
    const { result } = await run(job(deployed.explained!, ["Explained", 5n]), false);
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({ code: "settings", details: "Fail - Unable to verify" });
    expect(result.attempts).toBeGreaterThan(0);
    expect(result.message).toContain("Fail - Unable to verify");
    expect(result.message).toContain("matches with runs: 1000.");
  }, 120_000);
});
