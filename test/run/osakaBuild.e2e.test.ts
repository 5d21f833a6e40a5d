import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createPublicClient, encodeFunctionData, http } from "viem";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import type { ServedVerificationConfig } from "../../src/local-explorer/verificationConfig.js";
import { runAction } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { withConfiguredExplorer } from "../support/configuredExplorer.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { soljsonOf } from "../support/solcJsReleases.js";
import { startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The explorer's own limits met with a real osaka build: solc 0.8.31 (solc-js) builds the fixture for osaka, its
// default, and the worker's Hardhat chain runs it. The local explorer lists 0.8.31 and osaka yet fails every osaka
// build, as the instance of somnia-chain/dreamdex-bot-kit#36 did; the same contract built for cancun verifies. And
// an explorer that does not list 0.8.31 is told apart before anything is sent, unless the user insists. Each door
// runs as its user runs it, in a project that installed solc 0.8.31: the packed CLI and the Action bundled from the
// sources; the Hardhat task meets the same in test/plugin/osakaBuild.e2e.test.ts.
let cli: CliProject;
let chain: HardhatChain;
let bundle: string;
/** The Action's workspace: the standard JSON inputs, and solc 0.8.31 in its node_modules. */
let workspace: string;
let osakaBuild: FixtureBuild;
let cancunBuild: FixtureBuild;
let osakaBox: string;
let cancunBox: string;

const listedTargets = ["london", "paris", "shanghai", "cancun", "prague", "osaka"];

beforeAll(async () => {
  [cli, chain, bundle] = await Promise.all([prepareCliProject(), startHardhatChain(), buildFreshBundle()]);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-osaka-"));
  // Each project installed solc 0.8.31: its npm `solc` is that release.
  for (const project of [cli.dir, workspace]) {
    await mkdir(join(project, "node_modules"), { recursive: true });
    await rm(join(project, "node_modules", "solc"), { force: true });
    await symlink(dirname(soljsonOf("0.8.31")), join(project, "node_modules", "solc"));
  }
  osakaBuild = compileFixture(fixtureInput({}), "0.8.31");
  cancunBuild = compileFixture(fixtureInput({ evmVersion: "cancun" }), "0.8.31");
  const deployer = new Deployer(chain.rpcUrl);
  osakaBox = (await deployer.deploy(osakaBuild, "contracts/Box.sol", "Box")).toLowerCase();
  cancunBox = (await deployer.deploy(cancunBuild, "contracts/Box.sol", "Box")).toLowerCase();
  for (const folder of [cli.dir, workspace]) {
    await writeFile(join(folder, "osaka.json"), JSON.stringify(osakaBuild.input));
    await writeFile(join(folder, "cancun.json"), JSON.stringify(cancunBuild.input));
  }
}, 600_000);

afterAll(async () => {
  await chain?.stop();
  await removeCliProject(cli);
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

const submissions = (requests: ReceivedRequest[]) =>
  requests.filter((r) => String(r.query.action ?? r.body.action ?? "") === "verifysourcecode");

function lines(run: { stdout: string; stderr: string }): string[] {
  return `${run.stdout}\n${run.stderr}`.split("\n");
}

function cliArgs(address: string, input: string, explorerUrl: string, more: string[] = []): string[] {
  return [
    "verify",
    address,
    "--standard-json",
    input,
    "--contract",
    "contracts/Box.sol:Box",
    "--compiler-version",
    osakaBuild.compilerVersion,
    "--explorer-url",
    explorerUrl,
    "--rpc-url",
    chain.rpcUrl,
    "--ledger",
    "none",
    ...more,
  ];
}

function manifest(entries: Array<{ address: string; input: string }>): string {
  return JSON.stringify({
    contracts: entries.map(({ address, input }) => ({
      address,
      contract: "contracts/Box.sol:Box",
      format: "standard-json",
      standardJsonInput: input,
      compilerVersion: osakaBuild.compilerVersion,
    })),
  });
}

const cannotBuildOsaka =
  "The explorer could not verify the contract (Fail - Unable to verify), yet it matches locally; this explorer cannot build osaka. Verify it on another target (sourcify, etherscan), or redeploy it built for an older EVM target (cancun).";
const notListed =
  "Not sent: the explorer's verification config does not list compiler v0.8.31+commit.fd3a2265, so it cannot build this contract. Build with one it lists, or send it anyway with send-unlisted.";

/** The CLI's line for a contract that was not verified. */
const cliLine = (address: string, said: string) => `- contracts/Box.sol:Box (${address}): ${said}`;

/** The Action's lines for a contract that was not verified: its progress line, then its annotation. */
const actionLines = (address: string, said: string) => [
  `failed      contracts/Box.sol:Box at ${address}: ${said}`,
  `::error title=Verification failed%3A contracts/Box.sol%3ABox::contracts/Box.sol:Box at ${address}: ${said}`,
];

describe("a real osaka build", () => {
  it("is built for osaka by solc 0.8.31's default, and the chain runs osaka code (CLZ)", async () => {
    expect(osakaBuild.compilerVersion).toBe("v0.8.31+commit.fd3a2265");
    const metadata = JSON.parse(
      osakaBuild.output.contracts?.["contracts/Box.sol"]?.Box?.metadata ?? "{}",
    ) as {
      settings?: { evmVersion?: string };
    };
    expect(metadata.settings?.evmVersion).toBe("osaka");
    const probe = compileFixture(
      {
        language: "Solidity",
        sources: {
          "contracts/LeadingZeros.sol": {
            content:
              "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.31;\ncontract LeadingZeros {\n    function count(uint256 x) external pure returns (uint256 n) {\n        assembly { n := clz(x) }\n    }\n}\n",
          },
        },
        settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode"] } } },
      },
      "0.8.31",
    );
    const address = await new Deployer(chain.rpcUrl).deploy(
      probe,
      "contracts/LeadingZeros.sol",
      "LeadingZeros",
    );
    const abi = [
      {
        type: "function",
        name: "count",
        stateMutability: "pure",
        inputs: [{ name: "x", type: "uint256" }],
        outputs: [{ name: "n", type: "uint256" }],
      },
    ] as const;
    const answer = await createPublicClient({ transport: http(chain.rpcUrl) }).call({
      to: address,
      data: encodeFunctionData({ abi, functionName: "count", args: [1n] }),
    });
    expect(BigInt(answer.data ?? "0x")).toBe(255n);
  }, 120_000);
});

describe("an explorer that lists osaka but fails every osaka build", () => {
  const config: ServedVerificationConfig = {
    solidityCompilerVersions: ["v0.8.30+commit.73712a01", "v0.8.31+commit.fd3a2265"],
    solidityEvmVersions: listedTargets,
    cannotBuild: ["osaka"],
  };

  it("the CLI: the osaka build is refused, and the line says it matches locally and the explorer cannot build osaka", async () => {
    await withConfiguredExplorer(chain.rpcUrl, config, async (explorer, requests) => {
      const run = await explorerVerify(cli, cliArgs(osakaBox, "osaka.json", explorer.url));
      expect(run.code).toBe(1);
      expect(lines(run)).toContain(cliLine(osakaBox, cannotBuildOsaka));
      expect(submissions(requests)).toHaveLength(1);
    });
  }, 180_000);

  it("the CLI: the same contract built for cancun verifies", async () => {
    await withConfiguredExplorer(chain.rpcUrl, config, async (explorer, requests) => {
      const run = await explorerVerify(cli, cliArgs(cancunBox, "cancun.json", explorer.url));
      expect(run.code).toBe(0);
      expect(submissions(requests)).toHaveLength(1);
      expect(lines(run).filter((line) => line.startsWith("blockscout: "))).toEqual([
        "blockscout: 1 of 1 contract verified; 1 submission sent.",
      ]);
    });
  }, 180_000);

  it("the CLI: the way out the line names, another target, verifies the osaka build on Sourcify in the same run", async () => {
    const sourcify = await startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 });
    try {
      await withConfiguredExplorer(chain.rpcUrl, config, async (explorer) => {
        const run = await explorerVerify(
          cli,
          cliArgs(osakaBox, "osaka.json", explorer.url, ["--targets", "blockscout,sourcify"]),
          { EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl },
        );
        expect(run.code).toBe(1);
        expect(lines(run)).toContain(
          `- contracts/Box.sol:Box (${osakaBox}) on blockscout: ${cannotBuildOsaka}`,
        );
        expect(lines(run).filter((line) => /^(blockscout|sourcify): /.test(line))).toEqual([
          "blockscout: 0 of 1 contract verified, 1 failed; 1 submission sent.",
          "sourcify: 1 of 1 contract verified; 1 submission sent.",
        ]);
        expect(sourcify.submissions()).toHaveLength(1);
      });
    } finally {
      await sourcify.close();
    }
  }, 180_000);

  it("the Action: the osaka build's line, and the cancun build verified in the same run", async () => {
    await withConfiguredExplorer(chain.rpcUrl, config, async (explorer, requests) => {
      const run = await runAction(
        {
          contracts: manifest([
            { address: osakaBox, input: "osaka.json" },
            { address: cancunBox, input: "cancun.json" },
          ]),
          "explorer-url": explorer.url,
          "rpc-url": chain.rpcUrl,
          ledger: "none",
        },
        workspace,
        {},
        join(bundle, "index.js"),
      );
      expect(run.code).not.toBe(0);
      expect(lines(run)).toEqual(expect.arrayContaining(actionLines(osakaBox, cannotBuildOsaka)));
      const records = JSON.parse(run.outputs.results ?? "[]") as Array<{
        address: string;
        status: string;
        error?: { code: string };
      }>;
      expect(records.map((r) => [r.address.toLowerCase(), r.status, r.error?.code])).toEqual([
        [osakaBox, "failed", "evm_version_not_built"],
        [cancunBox, "verified", undefined],
      ]);
      expect(submissions(requests)).toHaveLength(2);
    });
  }, 240_000);
});

describe("an explorer that does not list solc 0.8.31", () => {
  const config: ServedVerificationConfig = {
    solidityCompilerVersions: ["v0.8.30+commit.73712a01"],
    solidityEvmVersions: listedTargets,
  };

  it("the CLI says so before sending, and sends it only with --send-unlisted", async () => {
    await withConfiguredExplorer(chain.rpcUrl, config, async (explorer, requests) => {
      const held = await explorerVerify(cli, cliArgs(cancunBox, "cancun.json", explorer.url));
      expect(held.code).toBe(1);
      expect(lines(held)).toContain(cliLine(cancunBox, notListed));
      expect(submissions(requests)).toHaveLength(0);
      const insisted = await explorerVerify(
        cli,
        cliArgs(cancunBox, "cancun.json", explorer.url, ["--send-unlisted"]),
      );
      expect(`${insisted.stdout}${insisted.stderr}`).not.toContain(notListed);
      // Sent, and refused by the explorer itself: it builds no compiler it leaves out.
      expect(lines(insisted)).toContain(
        cliLine(
          cancunBox,
          "The explorer could not verify the contract: Fail - Unable to verify. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.",
        ),
      );
      expect(submissions(requests)).toHaveLength(1);
    });
  }, 180_000);

  it("the Action says so before sending, and sends it only with send-unlisted", async () => {
    await withConfiguredExplorer(chain.rpcUrl, config, async (explorer, requests) => {
      const inputs = {
        contracts: manifest([{ address: cancunBox, input: "cancun.json" }]),
        "explorer-url": explorer.url,
        "rpc-url": chain.rpcUrl,
        ledger: "none",
      };
      const held = await runAction(inputs, workspace, {}, join(bundle, "index.js"));
      expect(held.code).not.toBe(0);
      expect(lines(held)).toEqual(expect.arrayContaining(actionLines(cancunBox, notListed)));
      expect(submissions(requests)).toHaveLength(0);
      await runAction({ ...inputs, "send-unlisted": "true" }, workspace, {}, join(bundle, "index.js"));
      expect(submissions(requests)).toHaveLength(1);
    });
  }, 240_000);
});
