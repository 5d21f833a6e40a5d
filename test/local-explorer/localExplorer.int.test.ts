import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { encodeAbiParameters } from "viem";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { getSmartContractStatus } from "../../src/client/rest/getSmartContractStatus.js";
import type { SubmissionVerdict } from "../../src/local-explorer/judgeSubmission.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { StandardJsonInput, VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

const deploySettings = { optimizer: { enabled: true, runs: 200 } };

let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let build: FixtureBuild;
const verdicts = new Map<string, SubmissionVerdict>();
const deployed: Record<string, `0x${string}`> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput(deploySettings));
  const deployer = new Deployer(chain.rpcUrl);
  deployed.token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Demo", 1_000_000n]);
  deployed.tokenForComment = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Other", 5n]);
  deployed.tokenForArgs = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Args", 7n]);
  deployed.tokenForOptimizer = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Opt", 9n]);
  deployed.mathLib = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
  deployed.calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
    "contracts/MathLib.sol:MathLib": deployed.mathLib,
  });
  deployed.vault = await deployer.deploy(build, "contracts/Vault.sol", "Vault", [42n]);
  deployed.box = await deployer.deploy(build, "contracts/Box.sol", "Box");
  deployed.proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [deployed.box]);
  deployed.greeter = await deployer.deploy(build, "contracts/nested/deep/Greeter.sol", "Greeter");
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onVerdict: (address, verdict) => verdicts.set(address.toLowerCase(), verdict),
  });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

function job(
  address: string,
  file: string,
  name: string,
  input: StandardJsonInput = build.input,
  extra: Partial<VerificationJob> = {},
): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input,
      compilerVersion: build.compilerVersion,
      contractName: `${file}:${name}`,
      metadata: build.output.contracts?.[file]?.[name]?.metadata ?? "",
    },
    ...extra,
  };
}

const engine = {
  polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
};

describe("local explorer: real compile and match against a real chain", () => {
  it("verifies six real contracts with a perfect match, the proxy shown linked to its implementation", async () => {
    const jobs = [
      job(deployed.token!, "contracts/Token.sol", "Token"),
      job(deployed.mathLib!, "contracts/MathLib.sol", "MathLib"),
      job(deployed.calculator!, "contracts/Calculator.sol", "Calculator"),
      job(deployed.vault!, "contracts/Vault.sol", "Vault"),
      job(deployed.proxy!, "contracts/SimpleProxy.sol", "SimpleProxy"),
      job(deployed.box!, "contracts/Box.sol", "Box", build.input, { proxyAddress: deployed.proxy! }),
      job(deployed.greeter!, "contracts/nested/deep/Greeter.sol", "Greeter"),
    ];
    const results = await verifyBatch(jobs, { explorerUrl: explorer.url, concurrency: 4, ...engine });
    expect(results.map((r) => [r.contract, r.status])).toEqual([
      ["contracts/Token.sol:Token", "verified"],
      ["contracts/MathLib.sol:MathLib", "verified"],
      ["contracts/Calculator.sol:Calculator", "verified"],
      ["contracts/Vault.sol:Vault", "verified"],
      ["contracts/SimpleProxy.sol:SimpleProxy", "verified"],
      ["contracts/Box.sol:Box", "verified"],
      // As Blockscout, the explorer resolves a verified proxy from the chain: no link request was needed, and the link
      // is this run's, for it verified the parts.
      ["proxy of contracts/Box.sol:Box", "verified"],
      ["contracts/nested/deep/Greeter.sol:Greeter", "verified"],
    ]);
    for (const address of [
      deployed.token,
      deployed.mathLib,
      deployed.calculator,
      deployed.vault,
      deployed.proxy,
      deployed.box,
      deployed.greeter,
    ]) {
      await expect(getSmartContractStatus(client.transport, { address: address! })).resolves.toMatchObject({
        isVerified: true,
        isFullyVerified: true,
        isPartiallyVerified: false,
      });
    }
    const token = await client.getSourceCode({ address: deployed.token! });
    expect(token).toMatchObject({
      contractName: "Token",
      fileName: "contracts/Token.sol",
      optimizationUsed: true,
      optimizationRuns: 200,
      constructorArguments: encodeAbiParameters(
        [{ type: "string" }, { type: "uint256" }],
        ["Demo", 1_000_000n],
      ).slice(2),
    });
    // The minimal input went first and matched: only the sources Greeter's metadata lists.
    const greeter = await client.getSourceCode({ address: deployed.greeter! });
    expect([greeter?.fileName, ...(greeter?.additionalSources.map((s) => s.fileName) ?? [])].sort()).toEqual([
      "contracts/Punctuation.sol",
      "contracts/nested/Greeting.sol",
      "contracts/nested/deep/Greeter.sol",
    ]);
    const calculator = await client.getSourceCode({ address: deployed.calculator! });
    expect(calculator?.externalLibraries).toEqual([
      { name: "contracts/MathLib.sol:MathLib", address: deployed.mathLib!.toLowerCase() },
    ]);
    const proxy = await client.getSourceCode({ address: deployed.proxy! });
    expect(proxy).toMatchObject({ isProxy: true, implementationAddresses: [deployed.box!.toLowerCase()] });
  }, 120_000);

  it("verifies the same source with a changed comment as a partial match", async () => {
    const edited = fixtureInput(deploySettings, (name, content) =>
      name === "contracts/Token.sol"
        ? content.replace("/// A minimal token", "/// A changed comment: a minimal token")
        : content,
    );
    const [result] = await verifyBatch(
      [job(deployed.tokenForComment!, "contracts/Token.sol", "Token", edited)],
      {
        explorerUrl: explorer.url,
        ...engine,
      },
    );
    expect(result?.status).toBe("verified");
    await expect(
      getSmartContractStatus(client.transport, { address: deployed.tokenForComment! }),
    ).resolves.toMatchObject({
      isVerified: true,
      isFullyVerified: false,
      isPartiallyVerified: true,
    });
  }, 60_000);

  it("fails wrong constructor arguments, saying which arguments the creation transaction carries", async () => {
    const wrong = encodeAbiParameters([{ type: "string" }, { type: "uint256" }], ["Args", 8n]);
    const [result] = await verifyBatch(
      [
        job(deployed.tokenForArgs!, "contracts/Token.sol", "Token", build.input, {
          constructorArguments: { hex: wrong },
        }),
      ],
      { explorerUrl: explorer.url, ...engine },
    );
    expect(result).toMatchObject({ status: "failed", attempts: 2 });
    const verdict = verdicts.get(deployed.tokenForArgs!.toLowerCase());
    expect(verdict).toMatchObject({
      ok: false,
      reason: "Constructor arguments do not match, please try again.",
      explanation: `The creation transaction carries constructor arguments ${encodeAbiParameters([{ type: "string" }, { type: "uint256" }], ["Args", 7n])}.`,
    });
  }, 60_000);

  it("fails a build with another optimizer setting", async () => {
    const [result] = await verifyBatch(
      [
        job(
          deployed.tokenForOptimizer!,
          "contracts/Token.sol",
          "Token",
          fixtureInput({ optimizer: { enabled: false, runs: 200 } }),
        ),
      ],
      { explorerUrl: explorer.url, ...engine },
    );
    expect(result?.status).toBe("failed");
    expect(verdicts.get(deployed.tokenForOptimizer!.toLowerCase())).toMatchObject({
      ok: false,
      reason: "Bytecode does not match, please try again.",
    });
  }, 60_000);

  it("answers getcontractcreation and a block's transactions from the chain", async () => {
    const [creation] = await client.getContractCreation({ addresses: [deployed.token!] });
    expect(creation).toMatchObject({ contractAddress: deployed.token!.toLowerCase(), factory: undefined });
    expect(creation?.creationBytecode?.startsWith("0x")).toBe(true);
    const pages = [];
    for await (const page of client.iterateBlockTransactions({ blockNumberOrHash: creation!.blockNumber! }))
      pages.push(page);
    expect(pages[0]?.items.map((t) => t.hash)).toContain(creation?.txHash);
    const deployment = pages[0]?.items.find((t) => t.hash === creation?.txHash);
    expect(deployment?.created_contract?.hash?.toLowerCase()).toBe(deployed.token!.toLowerCase());
  }, 60_000);

  it("finds every creation when many requests make a fresh explorer read the chain at once", async () => {
    const fresh = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
    try {
      const freshClient = new ExplorerClient({
        explorerUrl: fresh.url,
        requestsPerSecond: Number.POSITIVE_INFINITY,
      });
      const addresses = Object.values(deployed);
      const creations = await Promise.all(
        addresses.map((address) => freshClient.getContractCreation({ addresses: [address] })),
      );
      expect(creations.map(([creation]) => creation?.contractAddress)).toEqual(
        addresses.map((address) => address.toLowerCase()),
      );
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it("keeps verified contracts and guids in its state file: a second explorer sees the first one's work", async () => {
    const folder = mkdtempSync(join(tmpdir(), "local-explorer-"));
    try {
      const first = await startLocalExplorer({ rpcUrl: chain.rpcUrl, cacheDir: folder });
      const [result] = await verifyBatch([job(deployed.vault!, "contracts/Vault.sol", "Vault")], {
        explorerUrl: first.url,
        force: true,
        ...engine,
      });
      await first.close();
      expect(first.stateFile).toBe(join(folder, "local-explorer-31337.json"));
      const second = await startLocalExplorer({ rpcUrl: chain.rpcUrl, cacheDir: folder });
      const secondClient = new ExplorerClient({ explorerUrl: second.url });
      await expect(secondClient.checkVerifyStatus({ guid: result!.guid! })).resolves.toEqual({
        state: "pass",
        message: "Pass - Verified",
      });
      const [again] = await verifyBatch([job(deployed.vault!, "contracts/Vault.sol", "Vault")], {
        explorerUrl: second.url,
        ...engine,
      });
      expect(again).toMatchObject({ status: "already-verified", attempts: 0 });
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
  it("decides, before it closes, a guid it answered to a run that did not wait (--no-wait), and keeps it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "local-explorer-"));
    try {
      const first = await startLocalExplorer({ rpcUrl: chain.rpcUrl, cacheDir: folder });
      const [result] = await verifyBatch(
        [job(deployed.greeter!, "contracts/nested/deep/Greeter.sol", "Greeter")],
        {
          explorerUrl: first.url,
          force: true,
          wait: false,
          ...engine,
        },
      );
      expect(result).toMatchObject({ status: "pending" });
      await first.close();
      const second = await startLocalExplorer({ rpcUrl: chain.rpcUrl, cacheDir: folder });
      const secondClient = new ExplorerClient({ explorerUrl: second.url });
      await expect(secondClient.checkVerifyStatus({ guid: result!.guid! })).resolves.toEqual({
        state: "pass",
        message: "Pass - Verified",
      });
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("local explorer: Blockscout's error answers, held here as literals", () => {
  async function call(query: string, init: { method?: "POST"; form?: Record<string, string> } = {}) {
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const response = await request(`${explorer.url}/api?${query}`, {
      method: init.method ?? "GET",
      ...(body ? { body, headers: { "content-type": "application/x-www-form-urlencoded" } } : {}),
    });
    return { status: response.statusCode, body: await response.body.json() };
  }

  it.each([
    [
      "action=getabi",
      400,
      { status: "0", message: "Params 'module' and 'action' are required parameters", result: null },
    ],
    [
      "module=contract&action=verify_via_registry",
      400,
      { status: "0", message: "Unknown action", result: null },
    ],
    [
      "module=contract&action=getabi&address=0x123",
      200,
      { status: "0", message: "Invalid address hash", result: null },
    ],
    [
      "module=contract&action=checkverifystatus&guid=00000000000000000000000000000000000000016a86ec40",
      200,
      { status: "1", message: "OK", result: "Unknown UID" },
    ],
  ])("GET %s → %i", async (query, status, body) => {
    await expect(call(query)).resolves.toEqual({ status, body });
  });

  it.each([
    [
      { contractaddress: "0x00000000000000000000000000000000000000aa" },
      { status: "0", message: "Missing codeformat field", result: null },
    ],
    [
      {
        codeformat: "solidity-standard-json-input",
        contractaddress: "0x00000000000000000000000000000000000000aa",
        sourceCode: "{}",
        contractname: "A",
        compilerversion: "v0.8.28+commit.7893614a",
      },
      { status: "0", message: "Address is not a smart-contract", result: "Address is not a smart-contract" },
    ],
  ])("verifysourcecode %j", async (form, body) => {
    await expect(call("module=contract&action=verifysourcecode", { method: "POST", form })).resolves.toEqual({
      status: 200,
      body,
    });
  });

  it("checks verify's address before it reads the other fields, as Blockscout does", async () => {
    const fields = { addressHash: "0x123", name: "A", compilerVersion: "v0.8.0", optimization: "0" };
    const response = await request(`${explorer.url}/api`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // A field no text reads: only a check made after the address would trip on it.
      body: JSON.stringify({
        module: "contract",
        action: "verify",
        ...fields,
        contractSourceCode: "x",
        evmVersion: { toString: 1 },
      }),
    });
    expect({ status: response.statusCode, body: await response.body.json() }).toEqual({
      status: 200,
      body: { status: "0", message: "Invalid address hash", result: null },
    });
  });

  it("answers a verified contract's resubmission with `Smart-contract already verified.`", async () => {
    const form = {
      codeformat: "solidity-standard-json-input",
      contractaddress: deployed.token!,
      sourceCode: JSON.stringify(build.input),
      contractname: "contracts/Token.sol:Token",
      compilerversion: build.compilerVersion,
    };
    await expect(call("module=contract&action=verifysourcecode", { method: "POST", form })).resolves.toEqual({
      status: 200,
      body: {
        status: "0",
        message: "Smart-contract already verified.",
        result: "Smart-contract already verified.",
      },
    });
  });

  it("says it has no Vyper compiler", async () => {
    const form = {
      addressHash: deployed.tokenForOptimizer!,
      name: "Vault",
      compilerVersion: "v0.3.10+commit.91361694",
      contractSourceCode: "# vyper",
    };
    await expect(
      call("module=contract&action=verify_vyper_contract", { method: "POST", form }),
    ).resolves.toEqual({
      status: 200,
      body: {
        status: "0",
        message:
          "Something went wrong while publishing the contract: no Vyper compiler is available to this local explorer",
        result: null,
      },
    });
  });
});
