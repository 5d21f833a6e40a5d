import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { LedgerEntry } from "../../src/ledger/ledgerFile.js";
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

// One Ignition module deployed to two real Hardhat chains with different chain ids, each with its own local
// explorer; one run of the bundled Action verifies everything on both, and a second run finds it in the ledger.
const chainIds = [31338, 31339] as const;
let project: string;
const nodes: HardhatNode[] = [];
const explorers: LocalExplorer[] = [];

// The fixture's config, with each node's chain id from the environment and a network per chain.
const config = `import { createRequire } from "node:module";
import hardhatIgnition from "@nomicfoundation/hardhat-ignition";
import { defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);
const soljson = require.resolve("solc/soljson.js");
const settings = { outputSelection: { "*": { "*": ["metadata"] } } };

export default defineConfig({
  plugins: [hardhatIgnition],
  solidity: {
    profiles: {
      default: { compilers: [{ version: "0.8.28", path: soljson, settings }] },
      production: {
        compilers: [{ version: "0.8.28", path: soljson, settings: { ...settings, optimizer: { enabled: true, runs: 200 } } }],
      },
    },
  },
  networks: {
    node: { type: "edr-simulated", chainId: Number(process.env.FIXTURE_CHAIN_ID ?? 31337) },
    chainA: { type: "http", url: process.env.CHAIN_A_URL ?? "http://127.0.0.1:1", chainId: ${chainIds[0]} },
    chainB: { type: "http", url: process.env.CHAIN_B_URL ?? "http://127.0.0.1:1", chainId: ${chainIds[1]} },
  },
});
`;

beforeAll(async () => {
  project = await copyHardhatProject();
  await writeFile(join(project, "hardhat.config.ts"), config);
  for (const chainId of chainIds) {
    process.env.FIXTURE_CHAIN_ID = String(chainId);
    nodes.push(await startHardhatNode(project));
  }
  delete process.env.FIXTURE_CHAIN_ID;
  const env = {
    CHAIN_A_URL: nodes[0]?.url ?? "",
    CHAIN_B_URL: nodes[1]?.url ?? "",
    // Ignition asks before deploying to a chain other than 31337.
    HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: "false",
  };
  for (const network of ["chainA", "chainB"]) {
    await runHardhat(
      project,
      ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", network],
      env,
    );
  }
  for (const node of nodes) explorers.push(await startLocalExplorer({ rpcUrl: node.url, stateFile: false }));
}, 240_000);

afterAll(async () => {
  for (const explorer of explorers) await explorer.close();
  for (const node of nodes) await node.stop();
  await removeProject(project);
});

async function deployedAddresses(chainId: number): Promise<string[]> {
  const file = join(project, "ignition", "deployments", `chain-${chainId}`, "deployed_addresses.json");
  return Object.values(JSON.parse(await readFile(file, "utf8")) as Record<string, string>);
}

describe("the Action over deployments on two chains", () => {
  it("verifies every contract of both deployments, each on its chain's explorer, and names each row's chain in the summary", async () => {
    const run = await runAction(
      {
        deployment: "ignition/deployments/*",
        explorers: JSON.stringify({ [chainIds[0]]: explorers[0]?.url, [chainIds[1]]: explorers[1]?.url }),
        artifacts: "artifacts",
        "timeout-seconds": "90",
      },
      project,
    );
    expect(run.code).toBe(0);
    const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    for (const [index, chainId] of chainIds.entries()) {
      const explorer = explorers[index]?.url ?? "";
      const onChain = results.filter((r) => r.chainId === chainId);
      expect(onChain.map((r) => r.address.toLowerCase()).sort()).toEqual(
        (await deployedAddresses(chainId)).map((a) => a.toLowerCase()).sort(),
      );
      for (const result of onChain) {
        expect([result.status, result.explorer, result.url]).toEqual([
          "verified",
          explorer,
          `${explorer}/address/${result.address}#code`,
        ]);
      }
    }
    expect(results).toHaveLength(2 * (await deployedAddresses(chainIds[0])).length);
    // The first line names each chain's explorer once, with its URL.
    expect(run.stdout).toContain(
      `Verifying ${results.length} contracts on ${chainIds.map((chainId, index) => `Blockscout chain ${chainId} at ${explorers[index]?.url} (from input explorers (chain ${chainId}); chain ${chainId} from the deployment ignition/deployments/chain-${chainId})`).join(", ")}`,
    );
    expect(run.stdout).toMatch(new RegExp(`\\[chain ${chainIds[1]}\\] verified `));
    // One table with a Chain column, and each chain's explorer named.
    expect(run.summary).toContain("<tr><th>Contract</th><th>Chain</th><th>Address</th>");
    for (const [index, chainId] of chainIds.entries()) {
      const url = explorers[index]?.url ?? "";
      expect(run.summary).toContain(`chain ${chainId}: <a href="${url}">`);
      expect(run.summary.match(new RegExp(`<td>${chainId}</td>`, "g"))).toHaveLength(results.length / 2);
    }

    const ledger = JSON.parse(await readFile(join(project, ".explorer-verify", "ledger.json"), "utf8")) as {
      entries: LedgerEntry[];
    };
    expect(ledger.entries).toHaveLength(results.length);
    expect(new Set(ledger.entries.map((e) => e.chainId))).toEqual(new Set(chainIds));
    expect(ledger.entries.every((e) => e.status === "verified")).toBe(true);
  }, 180_000);

  it("run again with the same ledger, asks neither explorer anything and reports every contract already verified", async () => {
    const urls = explorers.map((explorer) => explorer.url);
    // Both explorers are gone: a single request would fail its contract.
    for (const explorer of explorers.splice(0)) await explorer.close();
    const again = await runAction(
      {
        deployment: "ignition/deployments/chain-31338\nignition/deployments/chain-31339",
        explorers: JSON.stringify({ [chainIds[0]]: urls[0], [chainIds[1]]: urls[1] }),
        artifacts: "artifacts",
      },
      project,
    );
    expect(again.code).toBe(0);
    const results = JSON.parse(again.outputs.results ?? "[]") as VerificationResult[];
    expect(results.map((r) => [r.status, r.attempts])).toEqual(results.map(() => ["already-verified", 0]));
    expect(results.every((r) => r.message?.startsWith("The ledger records it verified"))).toBe(true);
  }, 120_000);
});
