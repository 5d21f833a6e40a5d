import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/index.js";
import { type HardhatNode, repoRoot, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { deployerPrivateKey } from "../support/hardhatChain.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// The README's examples, run as a user would run them: the packed package installed in a Hardhat 3 project,
// a token deployed with the arguments the examples use. Only the explorer URL and the address in the
// examples are swapped for a local explorer and the local deployment; the config snippet gets the offline
// compiler added (the snippet leaves compilers to Hardhat, which would download one).
const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");
const readmeExplorerUrl = "https://eth.blockscout.com";
const readmeAddress = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

let readme: string;
let project: string;
let chain: HardhatNode;
let explorer: LocalExplorer;
let tokenAddress: string;

/**
 * The body of the first fenced block of a language after a heading of the README.
 * @param heading - the heading line, e.g. `### Verifying from a script`
 * @param language - the fence's language
 * @returns the code
 */
function codeAfter(heading: string, language: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`the README has no heading ${heading}`);
  const fence = readme.indexOf(`\n\`\`\`${language}\n`, start);
  const end = readme.indexOf("\n```\n", fence + 1);
  return readme.slice(fence + language.length + 5, end + 1);
}

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
  readme = await readFile(join(repoRoot, "README.md"), "utf8");
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

describe("the README's examples, against the packed package", () => {
  it("Verifying from a script: reads the build, verifies the token, prints progress and the result", async () => {
    const { stdout } = await runExample("verify", localised(codeAfter("### Verifying from a script", "ts")));
    expect(stdout).toMatch(new RegExp(`^verified +contracts/Token.sol:Token at ${tokenAddress}`, "im"));
    expect(stdout).toContain("contracts/Token.sol:Token: verified");
  }, 120_000);

  it("Library use: reads the verified contract back and walks a block's transactions", async () => {
    const { stdout, stderr } = await runExample("client", localised(codeAfter("## Library use", "ts")));
    expect(stderr).toBe("");
    const [contract, ...transactions] = stdout.trim().split("\n");
    expect(contract).toBe("Token (v0.8.28+commit.7893614a)");
    expect(transactions.length).toBeGreaterThan(0);
    for (const line of transactions) expect(line).toMatch(/^0x[0-9a-f]{64}( 0x[0-9a-fA-F]{40})?$/);
  }, 60_000);

  it("the plugin's config snippet works with the API key variable unset", async () => {
    const snippet = codeAfter("## Hardhat 3 plugin", "ts").replace(
      "  plugins: [explorerVerify],\n",
      `  plugins: [explorerVerify],
  solidity: {
    profiles: {
      default: { compilers: [{ version: "0.8.28", path: ${JSON.stringify(join(repoRoot, "node_modules", "solc", "soljson.js"))} }] },
      production: { compilers: [{ version: "0.8.28", path: ${JSON.stringify(join(repoRoot, "node_modules", "solc", "soljson.js"))}, settings: { optimizer: { enabled: true, runs: 200 } } }] },
    },
  },
`,
    );
    await writeFile(join(project, "hardhat.config.ts"), snippet);
    // The variable the snippet names is unset (this worker's environment is its own).
    delete process.env.BLOCKSCOUT_API_KEY;
    const outcome = await hardhat(
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
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/contracts\/Token\.sol:Token +0x[0-9a-fA-F]{40} +already verified/);
  }, 120_000);
});
