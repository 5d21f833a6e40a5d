import { readFile, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat as hardhatChainOfViem } from "viem/chains";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { withConfiguredExplorer } from "../support/configuredExplorer.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";
import { soljsonOf } from "../support/solcJsReleases.js";

// The explorer's own limits through the Hardhat task, in a user's project that compiles with solc 0.8.31 (its npm
// `solc` is that release, named by path in hardhat.config.ts): Box built for osaka (the compiler's default) is
// refused by an explorer that lists osaka yet cannot build it, and the task's line says so; the project rebuilt for
// cancun verifies. An explorer that does not list 0.8.31 is told apart before sending, unless --send-unlisted.
let project: string;
let chain: HardhatChain;
let osakaBox: string;
/** Deployed once the project is rebuilt for cancun, by the first test that needs it. */
let cancunBox: string | undefined;

const listedTargets = ["london", "paris", "shanghai", "cancun", "prague", "osaka"];

let config: string;
let original: string;

beforeAll(async () => {
  [project, chain] = await Promise.all([preparePluginProject(), startHardhatChain()]);
  await rm(join(project, "node_modules", "solc"), { force: true });
  await symlink(dirname(soljsonOf("0.8.31")), join(project, "node_modules", "solc"));
  config = join(project, "hardhat.config.ts");
  original = await readFile(config, "utf8");
  await writeFile(config, original.replaceAll('version: "0.8.28"', 'version: "0.8.31"'));
  osakaBox = await buildAndDeployBox();
}, 600_000);

/** The project rebuilt for cancun, as the way out says, and its Box deployed again. */
async function rebuiltForCancun(): Promise<string> {
  await writeFile(
    config,
    original
      .replaceAll('version: "0.8.28"', 'version: "0.8.31"')
      .replace("settings: { optimizer:", 'settings: { evmVersion: "cancun", optimizer:'),
  );
  return buildAndDeployBox();
}

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

/** Builds the project with the profile the task reads, and deploys its Box. */
async function buildAndDeployBox(): Promise<string> {
  const built = await hardhat(project, ["build", "--build-profile", "production"]);
  if (built.code !== 0) throw new Error(`build failed: ${built.stdout}${built.stderr}`);
  const artifact = JSON.parse(
    await readFile(join(project, "artifacts", "contracts", "Box.sol", "Box.json"), "utf8"),
  ) as { bytecode: Hex };
  const transport = http(chain.rpcUrl);
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployerPrivateKey),
    chain: hardhatChainOfViem,
    transport,
  });
  const hash = await wallet.deployContract({ abi: [], bytecode: artifact.bytecode });
  const receipt = await createPublicClient({
    chain: hardhatChainOfViem,
    transport,
  }).waitForTransactionReceipt({
    hash,
  });
  if (!receipt.contractAddress) throw new Error("Box was not deployed");
  return receipt.contractAddress.toLowerCase();
}

function verify(address: string, explorerUrl: string, ...more: string[]): Promise<CommandOutcome> {
  return hardhat(
    project,
    [
      "explorer-verify",
      "--network",
      "localhost",
      "--explorer-url",
      explorerUrl,
      "--contract",
      "contracts/Box.sol:Box",
      ...more,
      address,
    ],
    { FIXTURE_NODE_URL: chain.rpcUrl },
  );
}

const submissions = (requests: ReceivedRequest[]) =>
  requests.filter((r) => String(r.query.action ?? r.body.action ?? "") === "verifysourcecode");

function lines(run: CommandOutcome): string[] {
  return `${run.stdout}\n${run.stderr}`.split("\n");
}

describe("npx hardhat explorer-verify on a project built with solc 0.8.31", () => {
  it("an explorer listing osaka but failing its builds: the task's line says it matches locally and the explorer cannot build osaka; the cancun build verifies", async () => {
    await withConfiguredExplorer(
      chain.rpcUrl,
      {
        solidityCompilerVersions: ["v0.8.31+commit.fd3a2265"],
        solidityEvmVersions: listedTargets,
        cannotBuild: ["osaka"],
      },
      async (explorer, requests) => {
        const refused = await verify(osakaBox, explorer.url);
        expect(lines(refused)).toContain(
          `- contracts/Box.sol:Box (${osakaBox}): The explorer could not verify the contract (Fail - Unable to verify), yet it matches locally; this explorer cannot build osaka. Verify it on another target (sourcify, etherscan), or redeploy it built for an older EVM target (cancun).`,
        );
        expect(refused.code).toBe(1);
        expect(submissions(requests)).toHaveLength(1);
        cancunBox ??= await rebuiltForCancun();
        const verified = await verify(cancunBox, explorer.url);
        expect(verified.code).toBe(0);
        expect(submissions(requests)).toHaveLength(2);
      },
    );
  }, 300_000);

  it("an explorer not listing 0.8.31: said before sending, sent only with --send-unlisted", async () => {
    await withConfiguredExplorer(
      chain.rpcUrl,
      { solidityCompilerVersions: ["v0.8.30+commit.73712a01"], solidityEvmVersions: listedTargets },
      async (explorer, requests) => {
        cancunBox ??= await rebuiltForCancun();
        const held = await verify(cancunBox, explorer.url);
        expect(held.code).toBe(1);
        expect(lines(held)).toContain(
          `- contracts/Box.sol:Box (${cancunBox}): Not sent: the explorer's verification config does not list compiler v0.8.31+commit.fd3a2265, so it cannot build this contract. Build with one it lists, or send it anyway with send-unlisted.`,
        );
        expect(submissions(requests)).toHaveLength(0);
        await verify(cancunBox, explorer.url, "--send-unlisted");
        expect(submissions(requests)).toHaveLength(1);
      },
    );
  }, 300_000);
});
