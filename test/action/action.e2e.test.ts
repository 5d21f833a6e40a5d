import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeAbiParameters } from "viem";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import {
  copyHardhatProject,
  type HardhatNode,
  removeProject,
  runHardhat,
  startHardhatNode,
} from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import { secretApiKey } from "../support/addresses.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { startTestExplorer } from "../support/testExplorer.js";

// The bundled Action (dist/index.js) run as the runner runs it, against a real chain and the local explorer.
let workspace: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let build: FixtureBuild;
const deployed: Record<string, string> = {};

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-workspace-"));
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  deployed.token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Action", 21n]);
  deployed.mathLib = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
  deployed.calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
    "contracts/MathLib.sol:MathLib": deployed.mathLib,
  });
  deployed.vault = await deployer.deploy(build, "contracts/Vault.sol", "Vault", [7n]);
  deployed.box = await deployer.deploy(build, "contracts/Box.sol", "Box");
  deployed.proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [deployed.box]);
  deployed.greeter = await deployer.deploy(build, "contracts/nested/deep/Greeter.sol", "Greeter");
  await writeFile(join(workspace, "input.json"), JSON.stringify(build.input));
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

function entry(address: string, contract: string, extra: Record<string, unknown> = {}) {
  return {
    address,
    contract,
    standardJsonInput: "input.json",
    compilerVersion: build.compilerVersion,
    ...extra,
  };
}

describe("the GitHub Action bundle", () => {
  it("verifies a manifest of seven contracts, sets outputs, writes a summary with links, and never shows the key", async () => {
    const manifest = {
      contracts: [
        entry(deployed.token!, "contracts/Token.sol:Token", {
          constructorArgsHex: encodeAbiParameters([{ type: "string" }, { type: "uint256" }], ["Action", 21n]),
        }),
        entry(deployed.mathLib!, "contracts/MathLib.sol:MathLib"),
        entry(deployed.calculator!, "contracts/Calculator.sol:Calculator", {
          libraries: { "contracts/MathLib.sol:MathLib": deployed.mathLib },
        }),
        entry(deployed.vault!, "contracts/Vault.sol:Vault"),
        entry(deployed.box!, "contracts/Box.sol:Box"),
        entry(deployed.proxy!, "contracts/SimpleProxy.sol:SimpleProxy", { proxy: true }),
        entry(deployed.greeter!, "contracts/nested/deep/Greeter.sol:Greeter"),
      ],
    };
    await writeFile(join(workspace, "manifest.json"), JSON.stringify(manifest));
    const run = await runAction(
      {
        "explorer-url": explorer.url,
        "api-key": secretApiKey,
        contracts: "manifest.json",
        "timeout-seconds": "60",
      },
      workspace,
    );
    expect(run.code).toBe(0);
    const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(results.map((r) => [r.contract, r.status])).toEqual([
      ["contracts/Token.sol:Token", "verified"],
      ["contracts/MathLib.sol:MathLib", "verified"],
      ["contracts/Calculator.sol:Calculator", "verified"],
      ["contracts/Vault.sol:Vault", "verified"],
      ["contracts/Box.sol:Box", "verified"],
      ["contracts/SimpleProxy.sol:SimpleProxy", "verified"],
      // The explorer resolves a verified proxy by itself (as Blockscout does), once this run verified its parts: the
      // link is this run's.
      ["proxy link of contracts/SimpleProxy.sol:SimpleProxy", "verified"],
      ["contracts/nested/deep/Greeter.sol:Greeter", "verified"],
    ]);
    // Seven contracts: the proxy's link is counted with the proxy, which this run verified.
    expect(run.outputs).toMatchObject({
      "verified-count": "7",
      "already-verified-count": "0",
      "failed-count": "0",
    });
    expect(run.summary).toContain("<h2>Contract verification</h2>");
    expect(run.summary).toContain(
      `<a href="${explorer.url}/address/${deployed.token}#code">${deployed.token}</a>`,
    );
    expect(run.stdout).toContain("::group::Progress");
    const everything = [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary].join("\n");
    const maskLine = `::add-mask::${secretApiKey}`;
    expect(everything.split(maskLine).join("")).not.toContain(secretApiKey);
    expect(everything).not.toContain(encodeURIComponent(secretApiKey));
  }, 120_000);

  it("ends with a clear failure and exit code 1 when the explorer cannot be reached", async () => {
    const manifest = { contracts: [entry(deployed.box!, "contracts/Box.sol:Box")] };
    const run = await runAction(
      { "explorer-url": "http://127.0.0.1:9", contracts: JSON.stringify(manifest), "timeout-seconds": "30" },
      workspace,
    );
    expect(run.code).toBe(1);
    const [result] = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(result).toMatchObject({
      status: "failed",
      message: "Could not reach 127.0.0.1:9: the connection was refused.",
    });
    expect(run.outputs["failed-count"]).toBe("1");
    expect(run.stdout).toContain(
      "::error title=Verification failed%3A contracts/Box.sol%3ABox::contracts/Box.sol:Box at",
    );
    expect(run.stdout).toContain("::error::1 of 1 contract could not be verified.");
  }, 60_000);

  it("with preflight, explains a mismatch as an annotation and sends nothing", async () => {
    const wrong = encodeAbiParameters([{ type: "string" }, { type: "uint256" }], ["Action", 22n]);
    const manifest = {
      contracts: [entry(deployed.token!, "contracts/Token.sol:Token", { constructorArgsHex: wrong })],
    };
    const run = await runAction(
      {
        "explorer-url": explorer.url,
        contracts: JSON.stringify(manifest),
        "rpc-url": chain.rpcUrl,
        preflight: "true",
        force: "true",
      },
      workspace,
    );
    expect(run.code).toBe(1);
    const [result] = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(result).toMatchObject({ status: "failed", attempts: 0 });
    expect(result?.message).toBe(
      'Preflight: the constructor arguments differ. Submitted: (name_: "Action", supply: "22"). The creation transaction holds: (name_: "Action", supply: "21"). Give the arguments the contract was deployed with.',
    );
    expect(run.stdout).toContain("::error title=Verification failed");
  }, 60_000);

  it("lets a malformed manifest entry fail alone, and refuses a malformed input before any request", async () => {
    const testExplorer = await startTestExplorer();
    try {
      const manifest = {
        contracts: [entry(deployed.box!, "contracts/Box.sol:Box"), entry("0x1234", "contracts/Box.sol:Box")],
      };
      // The stand-in has no contract at the box's address: "not a contract" would be retried for a minute.
      const run = await runAction(
        { "explorer-url": testExplorer.url, contracts: JSON.stringify(manifest), "timeout-seconds": "5" },
        workspace,
      );
      expect(run.code).toBe(1);
      const records = JSON.parse(run.outputs.results ?? "[]") as Array<{
        address: string;
        error?: { code: string };
      }>;
      expect(records.map((r) => [r.address, r.error?.code])).toEqual([
        [deployed.box, records[0]?.error?.code],
        ["0x1234", "invalid_input"],
      ]);
      expect(run.stdout).toContain(
        'contracts[1].address "0x1234" is not an address: expected 0x followed by 40 hexadecimal characters.',
      );
      expect(run.summary).toContain("0x1234");
      testExplorer.requests.length = 0;
      const badRpc = await runAction(
        {
          "explorer-url": testExplorer.url,
          contracts: JSON.stringify({ contracts: [entry(deployed.box!, "contracts/Box.sol:Box")] }),
          "rpc-url": "localhost:8545",
          preflight: "true",
        },
        workspace,
      );
      expect(badRpc.code).toBe(1);
      expect(badRpc.stdout).toContain(
        `::error::Input rpc-url must be the chain's http(s) JSON-RPC URL, e.g. https://rpc.example.org, got "localhost:8545".`,
      );
      expect(testExplorer.requests).toHaveLength(0);
    } finally {
      await testExplorer.close();
    }
  }, 60_000);
});

describe("the GitHub Action bundle on a Hardhat Ignition deployment", () => {
  let project: string;
  let node: HardhatNode;
  let nodeExplorer: LocalExplorer;

  beforeAll(async () => {
    project = await copyHardhatProject();
    node = await startHardhatNode(project);
    await runHardhat(
      project,
      ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "fixtureNode"],
      {
        FIXTURE_NODE_URL: node.url,
      },
    );
    nodeExplorer = await startLocalExplorer({ rpcUrl: node.url, stateFile: false });
  }, 180_000);

  afterAll(async () => {
    await nodeExplorer?.close();
    await node?.stop();
    await removeProject(project);
  });

  it("verifies every contract of the deployment folder", async () => {
    const run = await runAction(
      {
        "explorer-url": nodeExplorer.url,
        deployment: "ignition/deployments/chain-31337",
        artifacts: "artifacts",
        "timeout-seconds": "60",
      },
      project,
    );
    expect(run.code).toBe(0);
    const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    const deployedAddresses = JSON.parse(
      await readFile(
        join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
        "utf8",
      ),
    ) as Record<string, string>;
    expect(results.map((r) => r.address.toLowerCase()).sort()).toEqual(
      Object.values(deployedAddresses)
        .map((a) => a.toLowerCase())
        .sort(),
    );
    expect(results.every((r) => r.status === "verified")).toBe(true);
    expect(Number(run.outputs["verified-count"])).toBe(results.length);
  }, 120_000);

  it("with rpc-url, infers each contract from its deployed code and recovers its constructor arguments", async () => {
    const freshExplorer = await startLocalExplorer({ rpcUrl: node.url, stateFile: false });
    try {
      const deployedAddresses = JSON.parse(
        await readFile(
          join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
          "utf8",
        ),
      ) as Record<string, string>;
      const token = deployedAddresses["Fixture#Token"]!;
      const calculator = deployedAddresses["Fixture#Calculator"]!;
      const mathLib = deployedAddresses["Fixture#MathLib"]!;
      const manifest = {
        contracts: [{ address: token }, { address: calculator, libraries: { MathLib: mathLib } }],
      };
      const run = await runAction(
        {
          "explorer-url": freshExplorer.url,
          contracts: JSON.stringify(manifest),
          "rpc-url": node.url,
          "timeout-seconds": "60",
        },
        project,
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.outputs.results ?? "[]")).toEqual([
        expect.objectContaining({
          address: token,
          contract: "contracts/Token.sol:Token",
          status: "verified",
        }),
        expect.objectContaining({
          address: calculator,
          contract: "contracts/Calculator.sol:Calculator",
          status: "verified",
        }),
      ]);
    } finally {
      await freshExplorer.close();
    }
  }, 120_000);
});
