import { cp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { type Anvil, startAnvil } from "../support/foundryProject.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// `npx hardhat explorer-verify --deployment deployments/a,deployments/b` in a user's project: a hardhat-deploy 1.x folder
// and a rocketh folder, each on a chain of its own (as Ignition's chain-N are), each chain's explorer a stand-in named in
// explorerVerify.chains; a folder without its chain file, and a value that names nothing, refused in one line. A
// folder on anvil as chain 7777, whose network (no chainId) is on this machine, is verified on the embedded explorer.
const chainIds = [424242, 424243] as const;
const fixtures = join(repoRoot, "test", "fixtures");
// The contracts both folders hold (the same deployment, replayed by each tool): the proxy is linked to Box.
const proxy = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const box = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const own = [
  "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  box,
  proxy,
];
let project: string;
const explorers: TestExplorer[] = [];
let env: Record<string, string>;
let anvil: Anvil;

const config = `import explorerVerify from "explorer-verify/plugin";
import { defineConfig } from "hardhat/config";

export default defineConfig({
  plugins: [explorerVerify],
  explorerVerify: {
    chains: {
      "${chainIds[0]}": { explorerUrl: process.env.EXPLORER_A_URL ?? "http://127.0.0.1:1" },
      "${chainIds[1]}": { explorerUrl: process.env.EXPLORER_B_URL ?? "http://127.0.0.1:1" },
    },
  },
  networks: { local7777: { type: "http", url: process.env.LOCAL_7777_URL ?? "http://127.0.0.1:1" } },
});
`;

beforeAll(async () => {
  [project, anvil] = await Promise.all([preparePluginProject(), startAnvil(7_777)]);
  await writeFile(join(project, "hardhat.config.ts"), config);
  const deployments = join(project, "deployments");
  const hardhatDeploy = join(fixtures, "hardhat-deploy-v1", "deployments", "localhost");
  await cp(hardhatDeploy, join(deployments, "l7777"), { recursive: true });
  await writeFile(join(deployments, "l7777", ".chainId"), "7777");
  await replayHardhatDeployment(anvil.rpcUrl, hardhatDeploy);
  await cp(join(fixtures, "hardhat-deploy-v1", "deployments", "localhost"), join(deployments, "a"), {
    recursive: true,
  });
  await writeFile(join(deployments, "a", ".chainId"), String(chainIds[0]));
  await cp(join(fixtures, "rocketh", "deployments", "localhost"), join(deployments, "b"), {
    recursive: true,
  });
  await writeFile(join(deployments, "b", ".chain"), JSON.stringify({ chainId: String(chainIds[1]) }));
  // The hardhat-deploy folder as committed without its chain file.
  await cp(join(deployments, "a"), join(deployments, "c"), { recursive: true });
  await rm(join(deployments, "c", ".chainId"));
  for (const _ of chainIds) {
    const explorer = await startTestExplorer({ smartContractStatus: true });
    for (const address of own)
      explorer.backend.addContract(address, address === proxy ? { implementation: box } : {});
    explorers.push(explorer);
  }
  env = {
    EXPLORER_A_URL: explorers[0]?.url ?? "",
    EXPLORER_B_URL: explorers[1]?.url ?? "",
    LOCAL_7777_URL: anvil.rpcUrl,
  };
}, 300_000);

afterAll(async () => {
  for (const explorer of explorers) await explorer.close();
  await anvil?.stop();
  await removePluginProject(project);
});

describe("npx hardhat explorer-verify with several deployments folders", () => {
  it("verifies a hardhat-deploy and a rocketh folder in one run, each on its own chain's explorer, each contract once", async () => {
    const outcome = await hardhat(
      project,
      ["explorer-verify", "--deployment", "deployments/a,deployments/b", "--json"],
      env,
    );
    expect(outcome.code).toBe(0);
    const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
    for (const [index, chainId] of chainIds.entries()) {
      const onChain = results.filter((result) => result.chainId === chainId && result.format !== "proxy");
      expect(onChain.map((result) => [result.address.toLowerCase(), result.status]).sort()).toEqual(
        own.map((address) => [address.toLowerCase(), "verified"]).sort(),
      );
      const submitted = explorers[index]?.backend.submissions.map((s) => s.address.toLowerCase()) ?? [];
      expect(submitted.sort()).toEqual(own.map((address) => address.toLowerCase()).sort());
    }

    // The folders named after --deployment (Hardhat takes an option once): the ledger answers, nothing is sent.
    const sent = explorers.map((explorer) => explorer.backend.submissions.length);
    const again = await hardhat(
      project,
      ["explorer-verify", "--deployment", "deployments/a", "deployments/b", "--json"],
      env,
    );
    expect(again.code).toBe(0);
    const rerun = (JSON.parse(again.stdout) as { results: VerificationResult[] }).results;
    expect(rerun.map((result) => [result.chainId, result.status, result.attempts]).sort()).toEqual(
      results.map((result) => [result.chainId, "already-verified", 0]).sort(),
    );
    expect(explorers.map((explorer) => explorer.backend.submissions.length)).toEqual(sent);
  }, 240_000);

  it("verifies a folder on chain 7777 on the embedded explorer of the network on this machine that answers 7777", async () => {
    const before = explorers.map((explorer) => explorer.requests.length);
    const outcome = await hardhat(
      project,
      [
        "explorer-verify",
        "--deployment",
        "deployments/l7777,deployments/a",
        "--write-bundle",
        "v.json",
        "--json",
      ],
      env,
    );
    expect(outcome.code).toBe(0);
    const heading =
      /^Verifying 8 contracts on the local explorer chain 7777 at http:\/\/127\.0\.0\.1:\d+ \(no explorer is named for local chain 7777\), Blockscout chain 424242 at /m;
    expect(outcome.stderr).toMatch(heading);
    const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
    const onLocal = results.filter((result) => result.chainId === 7777 && result.format !== "proxy");
    expect(onLocal.map((result) => [result.address.toLowerCase(), result.status]).sort()).toEqual(
      own.map((address) => [address.toLowerCase(), "verified"]).sort(),
    );
    // The other chain's explorer is not asked.
    expect(explorers[1]?.requests.length).toBe(before[1]);

    // The bundle of that run, with the network named: the embedded explorer's saved state says verified.
    const bundled = await hardhat(
      project,
      ["explorer-verify", "--bundle", "v.json", "--network", "local7777"],
      env,
    );
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toMatch(heading);
    expect(bundled.stdout.match(/^\[chain 7777\] already verified contracts\//gm)).toHaveLength(4);
  }, 300_000);

  it("refuses a hardhat-deploy folder without its chain file, naming the file", async () => {
    const before = explorers.map((explorer) => explorer.requests.length);
    const outcome = await hardhat(
      project,
      ["explorer-verify", "--deployment", "deployments/a,deployments/c"],
      env,
    );
    expect(outcome.code).toBe(1);
    expect(`${outcome.stdout}${outcome.stderr}`).toContain(
      "The hardhat-deploy deployments folder deployments/c has no chain file deployments/c/.chainId: write its chain id there (e.g. 11155111).",
    );
    expect(explorers.map((explorer) => explorer.requests.length)).toEqual(before);
  }, 120_000);

  it("says what a value that names no deployment was looked for as, and where", async () => {
    const outcome = await hardhat(
      project,
      ["explorer-verify", "--deployment", "deployments/a,deployments/x"],
      env,
    );
    expect(outcome.code).toBe(1);
    expect(`${outcome.stdout}${outcome.stderr}`).toContain(
      "--deployment deployments/x names no deployment: there is no Ignition deployment ignition/deployments/deployments/x, and deployments/x is no hardhat-deploy or rocketh deployments folder (it has no .chainId nor .chain).",
    );
  }, 120_000);
});
