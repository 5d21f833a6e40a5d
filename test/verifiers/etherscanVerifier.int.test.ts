import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeAbiParameters } from "viem";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { etherscanTarget } from "../../src/run/targets/serviceTargets.js";
import type { EtherscanCompatibleVerifier } from "../../src/verifiers/etherscanCompatible.js";
import { etherscanVerifier } from "../../src/verifiers/etherscanVerifier.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

const goodKey = "ETHERSCAN-GOOD-KEY-1234";
const paidChain = 8453;
const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
  concurrency: 1,
};

let chain: HardhatChain;
let emulator: EtherscanEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  emulator = await startEtherscanEmulator({
    rpcUrl: chain.rpcUrl,
    chainIds: [31337, paidChain],
    apiKeys: [goodKey],
    paidChains: [paidChain],
  });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  await chain?.stop();
});

// Etherscan for a chain, as the hall resolves it: the stand-in's API, and a site where its pages would be.
const site = "https://explorer.etherscan.test";
function etherscan(options: { apiKey?: string; chainId?: number } = {}): EtherscanCompatibleVerifier {
  const chainId = options.chainId ?? 31337;
  return etherscanVerifier(
    {
      service: "etherscan",
      chainId,
      required: true,
      apiUrl: emulator.apiUrl,
      apiKey: "apiKey" in options ? (options.apiKey ?? "") : goodKey,
      siteUrl: site,
      shownUrl: emulator.apiUrl,
      reason: "the test's stand-in",
    },
    { requestsPerSecond: Number.POSITIVE_INFINITY, retryDelayMs: 5 },
  );
}

function boxJob(address: string): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Box.sol:Box",
    },
  };
}

async function tokenJob(name: string): Promise<VerificationJob> {
  const address = await deployer.deploy(build, "contracts/Token.sol", "Token", [name, 1_000n]);
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Token.sol:Token",
    },
    constructorArguments: {
      hex: encodeAbiParameters([{ type: "string" }, { type: "uint256" }], [name, 1_000n]),
    },
  };
}

const deployBox = () => deployer.deploy(build, "contracts/Box.sol", "Box");

describe("EtherscanVerifier against the Etherscan stand-in", () => {
  it("verifies for real, then a rerun finds both verified and submits nothing", async () => {
    const jobs = [await tokenJob("Etherscan"), boxJob(await deployBox())];
    const first = await verifyBatch(jobs, { verifier: etherscan(), ...engine });
    expect(first.map((r) => [r.status, r.url])).toEqual(
      jobs.map((job) => ["verified", `${site}/address/${job.address}#code`]),
    );
    expect(emulator.requestsFor("verifysourcecode")).toHaveLength(2);
    // Etherscan's own spellings: chainid on every request, the key in the query, the sources in the form body.
    const submitted = emulator.requestsFor("verifysourcecode")[0];
    expect(submitted?.query).toMatchObject({
      module: "contract",
      action: "verifysourcecode",
      chainid: "31337",
    });
    expect(submitted?.body).toMatchObject({
      codeformat: "solidity-standard-json-input",
      contractname: "contracts/Token.sol:Token",
      compilerversion: build.compilerVersion,
    });
    // The key's budget is asked once, with no chain; every contract call names the chain.
    expect(emulator.requestsFor("getapilimit").map((r) => [r.query.module, r.query.chainid])).toEqual([
      ["getapilimit", undefined],
    ]);
    expect(
      emulator.requests.every(
        (r) => r.query.apikey === goodKey && (r.query.module !== "contract" || r.query.chainid === "31337"),
      ),
    ).toBe(true);

    const before = emulator.requests.length;
    const rerun = await verifyBatch(jobs, { verifier: etherscan(), ...engine });
    expect(rerun.map((r) => [r.status, r.attempts])).toEqual([
      ["already-verified", 0],
      ["already-verified", 0],
    ]);
    expect(emulator.requests.slice(before).map((r) => r.query.action)).toEqual([
      "getapilimit",
      "getsourcecode",
      "getsourcecode",
    ]);
  }, 120_000);

  it("takes a similar match for already verified, sends it only with force, and then says why Etherscan refuses it", async () => {
    const verifiedTwin = await deployBox();
    const similar = await deployBox();
    await verifyBatch([boxJob(verifiedTwin)], { verifier: etherscan(), ...engine });
    emulator.similarMatch(similar, verifiedTwin);
    const sentBefore = emulator.requestsFor("verifysourcecode").length;
    // A creation transaction's hash is Sourcify's: Etherscan is never sent one.
    const job = { ...boxJob(similar), creationTransaction: `0x${"ab".repeat(32)}` };

    const [held] = await verifyBatch([job], { verifier: etherscan(), ...engine });
    expect(held).toMatchObject({ status: "already-verified", match: "similar", attempts: 0 });
    expect(held?.message).toBe(
      `Etherscan holds it as a similar match (it shows the verified sources of ${verifiedTwin}, which has the same code): not resubmitted. Only an account Etherscan has whitelisted can turn a similar match into an exact one (because of comment-vandalism attacks); --force sends it anyway.`,
    );
    expect(emulator.requestsFor("verifysourcecode")).toHaveLength(sentBefore);

    const [forced] = await verifyBatch([job], { verifier: etherscan(), ...engine, force: true });
    expect(forced).toMatchObject({ status: "failed", attempts: 1, error: { code: "explorer_error" } });
    expect(forced?.message).toBe(
      "The explorer refused the request: Unable to verify: the contract is a Similar Match and this account may not reverify it. Etherscan holds this contract as a similar match; turning one into an exact match needs an account Etherscan has whitelisted (after proving ownership and asking through its contact form), because of comment-vandalism attacks: a resubmission from any other account is refused.",
    );
    const sent = emulator.requestsFor("verifysourcecode").slice(sentBefore);
    expect(sent.map((r) => r.body.contractaddress)).toEqual([similar]);
    expect(Object.keys(sent[0]?.body ?? {}).filter((key) => /creation/i.test(key))).toEqual([]);
  }, 120_000);

  it("fails with Etherscan's reason when the sources do not match", async () => {
    const box = boxJob(await deployBox());
    const unoptimised = {
      ...build.input,
      settings: { ...build.input.settings, optimizer: { enabled: false } },
    };
    const [result] = await verifyBatch(
      [{ ...box, source: { ...box.source, input: unoptimised } as VerificationJob["source"] }],
      { verifier: etherscan(), ...engine },
    );
    const reason =
      "Fail - Unable to verify. Compiled contract deployment bytecode does NOT match the transaction deployment bytecode.";
    expect([result?.status, result?.error, result?.message]).toEqual([
      "failed",
      { code: "verification_failed", details: reason },
      `The explorer could not verify the contract: ${reason.slice(0, -1)}. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.`,
    ]);
  }, 120_000);

  it("waits out Etherscan's per-second limit (an HTTP 200 refusal) and verifies", async () => {
    const verifier = etherscan();
    emulator.rateLimitNext(2);
    const [result] = await verifyBatch([boxJob(await deployBox())], { verifier: verifier, ...engine });
    expect(result?.status).toBe("verified");
    expect(verifier.quota().rateLimitedAnswers).toBe(2);
  }, 120_000);

  it("links a proxy to its implementation, and a rerun finds it linked", async () => {
    const box = await deployBox();
    const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [box]);
    const proxyJob: VerificationJob = {
      ...boxJob(proxy),
      source: {
        ...boxJob(proxy).source,
        contractName: "contracts/SimpleProxy.sol:SimpleProxy",
      } as VerificationJob["source"],
      constructorArguments: { hex: encodeAbiParameters([{ type: "address" }], [box]) },
    };
    const jobs = [proxyJob, { ...boxJob(box), proxyAddress: proxy }];
    const first = await verifyBatch(jobs, { verifier: etherscan(), ...engine });
    expect(first.map((r) => [r.format, r.status, r.message])).toEqual([
      ["standard-json", "verified", undefined],
      ["standard-json", "verified", undefined],
      ["proxy", "verified", undefined],
    ]);
    expect(emulator.requestsFor("verifyproxycontract").at(-1)?.body).toEqual({
      address: proxy,
      expectedimplementation: box,
    });
    const rerun = await verifyBatch(jobs, { verifier: etherscan(), ...engine });
    expect(rerun.map((r) => [r.format, r.status])).toEqual([
      ["standard-json", "already-verified"],
      ["standard-json", "already-verified"],
      ["proxy", "already-verified"],
    ]);
  }, 120_000);

  it("says the proxy must be verified first when it is not", async () => {
    const box = await deployBox();
    const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [box]);
    const results = await verifyBatch([{ ...boxJob(box), proxyAddress: proxy }], {
      verifier: etherscan(),
      ...engine,
    });
    expect(results.map((r) => [r.format, r.status, r.message])).toEqual([
      ["standard-json", "verified", undefined],
      [
        "proxy",
        "failed",
        `The proxy contract at ${proxy.toLowerCase()} does not seem to be verified. Please verify and publish the contract source before proceeding with this proxy verification.`,
      ],
    ]);
  }, 120_000);

  it("verifies a flattened source as Etherscan's single file", async () => {
    const box = await deployBox();
    const [result] = await verifyBatch(
      [
        {
          address: box,
          source: {
            format: "flattened",
            sourceCode: build.input.sources["contracts/Box.sol"]?.content ?? "",
            compilerVersion: build.compilerVersion,
            contractName: "Box",
            optimizer: { enabled: true, runs: 200 },
          },
        },
      ],
      { verifier: etherscan(), ...engine },
    );
    expect(result?.status).toBe("verified");
    expect(emulator.requestsFor("verifysourcecode").at(-1)?.body).toMatchObject({
      codeformat: "solidity-single-file",
      contractaddress: box,
      contractname: "Box",
      optimizationUsed: "1",
      runs: "200",
    });
  }, 120_000);

  it("sends a Vyper source as Vyper standard JSON (vyper-json, vyper:x.y.z)", async () => {
    const address = await deployBox();
    const source = "# @version 0.3.10\nowner: public(address)\n";
    await expect(
      etherscan().submit(
        {
          format: "vyper",
          address,
          contractName: "Vault",
          compilerVersion: "v0.3.10+commit.91361694",
          sourceCode: source,
        },
        30_000,
        Number.POSITIVE_INFINITY,
      ),
    ).rejects.toThrow("The explorer refused the request: Invalid codeformat vyper-json");
    const sent = emulator.requestsFor("verifysourcecode").at(-1)?.body as Record<string, string>;
    expect([sent.codeformat, sent.compilerversion, sent.contractname]).toEqual([
      "vyper-json",
      "vyper:0.3.10",
      "Vault.vy:Vault",
    ]);
    expect(JSON.parse(sent.sourceCode ?? "")).toEqual({
      language: "Vyper",
      sources: { "Vault.vy": { content: source } },
      settings: { outputSelection: { "*": ["evm.bytecode", "evm.deployedBytecode", "abi"] } },
    });
  });

  it("refuses the registry format before any request, saying what Etherscan takes", async () => {
    const before = emulator.requests.length;
    await expect(
      etherscan().submit(
        { format: "registry", address: await deployBox(), files: [] },
        30_000,
        Number.POSITIVE_INFINITY,
      ),
    ).rejects.toThrow(
      "Etherscan does not take the registry format: give standard-json, single-file, flattened, vyper.",
    );
    expect(emulator.requests.length).toBe(before);
  });

  it("refuses to start without a key, before any request", async () => {
    const before = emulator.requests.length;
    await expect(
      etherscanTarget(31337, "", { url: emulator.apiUrl, source: "the stand-in" }, true, "give the key"),
    ).rejects.toThrow("Etherscan needs an API key (one key serves every chain): give the key.");
    expect(emulator.requests.length).toBe(before);
  });

  it("takes the chain list's API URL form, and refuses one naming another chain", async () => {
    const target = await etherscanTarget(
      31337,
      goodKey,
      { url: `${emulator.apiUrl}?chainid=31337`, source: "the stand-in" },
      true,
      "",
    );
    const verifier = etherscanVerifier(target, { requestsPerSecond: Number.POSITIVE_INFINITY });
    await expect(verifier.lookUp(await deployBox(), Number.POSITIVE_INFINITY)).resolves.toMatchObject({
      state: "unverified",
    });
    expect(emulator.requests.at(-1)?.query).toMatchObject({ chainid: "31337", action: "getsourcecode" });
    await expect(
      etherscanTarget(1, goodKey, { url: `${emulator.apiUrl}?chainid=10`, source: "the stand-in" }, true, ""),
    ).rejects.toThrow(
      "the stand-in: the Etherscan API URL names chain 10, but the chain is 1: leave chainid out of the URL.",
    );
  });

  it("fails every job on a wrong key in one line, asking Etherscan once", async () => {
    const jobs = [boxJob(await deployBox()), boxJob(await deployBox())];
    const before = emulator.requests.length;
    const results = await verifyBatch(jobs, { verifier: etherscan({ apiKey: "WRONG-KEY" }), ...engine });
    const line =
      "Etherscan refused the API key: Invalid API Key (#err2)|10. Nothing more is sent to this service in this run.";
    expect(results.map((r) => [r.status, r.error?.code, r.message])).toEqual([
      ["failed", "invalid_api_key", line],
      ["failed", "invalid_api_key", line],
    ]);
    expect(emulator.requests.length - before).toBe(1);
  }, 60_000);

  it("ends the rest of the run with quota_exhausted when the daily quota runs out, sending nothing more", async () => {
    const jobs = [boxJob(await deployBox()), boxJob(await deployBox()), boxJob(await deployBox())];
    let afterFirst = 0;
    const results = await verifyBatch(jobs, {
      verifier: etherscan(),
      ...engine,
      onEvent: (event) => {
        // Once the first contract is done, the key has one request left today.
        if (event.type === "finished" && event.address === jobs[0]?.address) {
          emulator.dailyQuotaAfter(1);
          afterFirst = emulator.requests.length;
        }
      },
    });
    emulator.dailyQuotaAfter(Number.POSITIVE_INFINITY);
    const line =
      "Etherscan's daily quota is used up: Max daily rate limit reached. 110000 (100%) of 100000 day/limit. Nothing more is sent to this service in this run.";
    expect(results.map((r) => [r.status, r.error?.code, r.message])).toEqual([
      ["verified", undefined, undefined],
      ["failed", "quota_exhausted", line],
      ["failed", "quota_exhausted", line],
    ]);
    // The first job's pre-check found it unverified, so the second submits without one: its submission was answered,
    // its poll met the limit, the third job sent nothing.
    expect(emulator.requests.slice(afterFirst).map((r) => r.query.action)).toEqual([
      "verifysourcecode",
      "checkverifystatus",
    ]);
  }, 120_000);

  it("polls a submission already taken to its verdict when the daily submission cap refuses the next", async () => {
    const jobs = [boxJob(await deployBox()), boxJob(await deployBox())];
    // Held to one submission, without saying so: getapilimit is refused, as a key of a plan without it is.
    emulator.stateBudget({ submissions: 1 });
    emulator.refuseApiLimit("Error! Missing Or invalid Module name");
    const before = emulator.requests.length;
    const results = await verifyBatch(jobs, { verifier: etherscan(), ...engine, concurrency: 2 });
    emulator.stateBudget(undefined);
    emulator.refuseApiLimit(undefined);
    const line =
      "Etherscan's daily quota is used up: Daily limit of 1 source code submissions reached. No more submissions are sent to this service in this run.";
    expect(results.map((r) => [r.status, r.error?.code, r.message]).sort()).toEqual([
      ["failed", "quota_exhausted", line],
      ["verified", undefined, undefined],
    ]);
    const actions = emulator.requests.slice(before).map((r) => r.query.action);
    expect(actions.filter((action) => action === "verifysourcecode")).toHaveLength(2);
    expect(actions.filter((action) => action === "checkverifystatus").length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("stops at plan_required on a chain the key's plan does not cover", async () => {
    const jobs = [boxJob(await deployBox()), boxJob(await deployBox())];
    const before = emulator.requests.length;
    const results = await verifyBatch(jobs, { verifier: etherscan({ chainId: paidChain }), ...engine });
    const line =
      "Etherscan refuses this chain on the API key's plan: Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis. Nothing more is sent to this service in this run.";
    expect(results.map((r) => [r.status, r.error?.code, r.message])).toEqual([
      ["failed", "plan_required", line],
      ["failed", "plan_required", line],
    ]);
    expect(emulator.requests.slice(before).map((r) => [r.query.action, r.query.chainid])).toEqual([
      ["getapilimit", undefined],
      ["getsourcecode", String(paidChain)],
    ]);
  }, 60_000);
});

describe("EtherscanVerifier and linked libraries", () => {
  it("sends a linked contract's libraries in the input's settings, by the library's file, as hardhat-verify does", async () => {
    const mathLib = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
    const calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
      "contracts/MathLib.sol:MathLib": mathLib,
    });
    const job: VerificationJob = {
      address: calculator,
      source: {
        format: "standard-json",
        input: build.input,
        compilerVersion: build.compilerVersion,
        contractName: "contracts/Calculator.sol:Calculator",
      },
      libraries: { "contracts/MathLib.sol:MathLib": mathLib },
    };
    const [result] = await verifyBatch([job], { verifier: etherscan(), ...engine });
    expect(result?.status).toBe("verified");
    const sent = emulator.requestsFor("verifysourcecode").find((r) => r.body.contractaddress === calculator);
    const input = JSON.parse(String(sent?.body.sourceCode)) as { settings: { libraries?: unknown } };
    expect(input.settings.libraries).toEqual({ "contracts/MathLib.sol": { MathLib: mathLib } });
  });
});
