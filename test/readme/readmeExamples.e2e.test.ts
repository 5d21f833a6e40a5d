import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/index.js";
import { type HardhatNode, repoRoot, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { deployerPrivateKey } from "../support/hardhatChain.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { blockUnder } from "./markdownBlocks.js";

// The examples of the README and docs/, run as a user would run them: the packed package installed in a Hardhat 3
// project, a token deployed with the arguments the examples use. Only the explorer URL and the address in the
// examples are swapped for a local explorer and the local deployment; the config of docs/hardhat.md gets the
// offline compiler added (it leaves compilers to Hardhat, which would download one), the README's quickstart has
// it already. test/readme/codeBlocks.test.ts lists the blocks run here.
const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");
const readmeExplorerUrl = "https://eth.blockscout.com";
const readmeAddress = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

let project: string;
let chain: HardhatNode;
let explorer: LocalExplorer;
let tokenAddress: string;

function localised(code: string): string {
  expect(code).toContain(`"${readmeExplorerUrl}"`);
  return code
    .replaceAll(`"${readmeExplorerUrl}"`, `"${explorer.url}"`)
    .replaceAll(readmeAddress, tokenAddress);
}

async function runExample(name: string, code: string): Promise<{ stdout: string; stderr: string }> {
  const file = join(project, `${name}.ts`);
  await writeFile(file, code);
  return run(join(binDir, "node"), [file], {
    cwd: project,
    env: { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`, NODE_NO_WARNINGS: "1" },
  });
}

beforeAll(async () => {
  project = await preparePluginProject();
  chain = await startHardhatNode(project);
  await writeFile(
    join(project, "ignition", "modules", "Readme.ts"),
    `import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

export default buildModule("Readme", (m) => ({ token: m.contract("Token", ["My Token", 1_000_000n]) }));
`,
  );
  await runHardhat(project, ["ignition", "deploy", "ignition/modules/Readme.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: chain.url,
  });
  const deployed = JSON.parse(
    await readFile(
      join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
      "utf8",
    ),
  ) as Record<string, string>;
  tokenAddress = deployed["Readme#Token"] ?? "";
  explorer = await startLocalExplorer({ rpcUrl: chain.url, stateFile: false });
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  await removePluginProject(project);
});

/**
 * Runs the task with a config and verifies the deployed token through it, on the local explorer.
 *
 * @param config - the hardhat.config.ts to use
 * @returns the task's outcome
 */
async function verifyWithConfig(config: string) {
  await writeFile(join(project, "hardhat.config.ts"), config);
  // The variable the config names is unset (this worker's environment is its own).
  delete process.env.BLOCKSCOUT_API_KEY;
  return hardhat(
    project,
    [
      "explorer-verify",
      "--network",
      "chiado",
      "--explorer-url",
      explorer.url,
      tokenAddress,
      "My Token",
      "1000000",
      "--contract",
      "contracts/Token.sol:Token",
    ],
    { CHIADO_RPC_URL: chain.url, DEPLOYER_PRIVATE_KEY: deployerPrivateKey },
  );
}

describe("the examples of the README and docs/, against the packed package", () => {
  it("Verifying from a script: reads the build, verifies the token, prints progress and the result", async () => {
    const { stdout } = await runExample(
      "verify",
      localised(blockUnder("docs/library.md", "## Verifying from a script", "ts")),
    );
    expect(stdout).toMatch(new RegExp(`^verified +contracts/Token.sol:Token at ${tokenAddress}`, "im"));
    expect(stdout).toContain("contracts/Token.sol:Token: verified");
  }, 120_000);

  it("Reading from an explorer: reads the verified contract back and walks a block's transactions", async () => {
    const { stdout, stderr } = await runExample(
      "client",
      localised(blockUnder("docs/library.md", "## Reading from an explorer", "ts")),
    );
    expect(stderr).toBe("");
    const [contract, ...transactions] = stdout.trim().split("\n");
    expect(contract).toBe("Token (v0.8.28+commit.7893614a)");
    expect(transactions.length).toBeGreaterThan(0);
    for (const line of transactions) expect(line).toMatch(/^0x[0-9a-f]{64}( 0x[0-9a-fA-F]{40})?$/);
  }, 60_000);

  it("Checking a contract before sending it: preflight({ rpcUrl }) finds the token's build matches the chain", async () => {
    const example = blockUnder("docs/library.md", "## Checking a contract before sending it", "ts");
    expect(example).toContain('"http://127.0.0.1:8545"');
    const { stdout, stderr } = await runExample(
      "preflight",
      example.replace('"http://127.0.0.1:8545"', `"${chain.url}"`).replaceAll(readmeAddress, tokenAddress),
    );
    expect(stderr).toBe("");
    expect(stdout).toBe(
      "perfect: Preflight: perfect match of the deployed code; the constructor arguments were not checked (no creation input).\n",
    );
  }, 120_000);

  it("the README's Hardhat quickstart config, with its offline compiler, verifies with the API key variable unset", async () => {
    const outcome = await verifyWithConfig(blockUnder("README.md", "## Quickstart: Hardhat 3", "ts"));
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(
      /contracts\/Token\.sol:Token +0x[0-9a-fA-F]{40} +(verified|already verified)/,
    );
  }, 120_000);

  it("docs/hardhat.md's config, every key of explorerVerify, works with its variables unset", async () => {
    const soljson = JSON.stringify(join(repoRoot, "node_modules", "solc", "soljson.js"));
    const config = blockUnder("docs/hardhat.md", "# The Hardhat 3 task", "ts").replace(
      "  plugins: [explorerVerify],\n",
      `  plugins: [explorerVerify],
  solidity: {
    profiles: {
      default: { compilers: [{ version: "0.8.28", path: ${soljson} }] },
      production: { compilers: [{ version: "0.8.28", path: ${soljson}, settings: { optimizer: { enabled: true, runs: 200 } } }] },
    },
  },
`,
    );
    const outcome = await verifyWithConfig(config);
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/contracts\/Token\.sol:Token +0x[0-9a-fA-F]{40} +already verified/);
  }, 120_000);
});
