import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { startTestExplorer } from "../support/testExplorer.js";

// The packed plugin in a user's project: one Ignition module deployed to two Hardhat chains with different chain
// ids, each chain's explorer a local explorer named in explorerVerify.chains; one task run verifies both.
const chainIds = [31338, 31339] as const;
// Chains no Hardhat network names: their explorers, keys and headers come from explorerVerify alone.
const unnamedChainIds = [424242, 424243] as const;
let project: string;
const nodes: HardhatNode[] = [];
const explorers: LocalExplorer[] = [];
let env: Record<string, string>;

const config = `import { createRequire } from "node:module";
import hardhatIgnition from "@nomicfoundation/hardhat-ignition";
import explorerVerify from "explorer-verify/plugin";
import { configVariable, defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);
const soljson = require.resolve("solc/soljson.js");

export default defineConfig({
  plugins: [hardhatIgnition, explorerVerify],
  solidity: {
    profiles: {
      default: { compilers: [{ version: "0.8.28", path: soljson }] },
      production: {
        compilers: [{ version: "0.8.28", path: soljson, settings: { optimizer: { enabled: true, runs: 200 } } }],
      },
    },
  },
  networks: {
    node: { type: "edr-simulated", chainId: Number(process.env.FIXTURE_CHAIN_ID ?? 31337) },
    chainA: { type: "http", url: process.env.CHAIN_A_URL ?? "http://127.0.0.1:1", chainId: ${chainIds[0]} },
    chainB: { type: "http", url: process.env.CHAIN_B_URL ?? "http://127.0.0.1:1", chainId: ${chainIds[1]} },
  },
  explorerVerify: {
    chains: {
      "${chainIds[0]}": { explorerUrl: process.env.EXPLORER_A_URL ?? "http://127.0.0.1:1" },
      "${chainIds[1]}": { explorerUrl: process.env.EXPLORER_B_URL ?? "http://127.0.0.1:1" },
      "${unnamedChainIds[0]}": {
        explorerUrl: process.env.EXPLORER_C_URL ?? "http://127.0.0.1:1",
        apiKey: configVariable("CHAIN_C_KEY"),
        headers: { "X-Gateway-Token": configVariable("CHAIN_C_TOKEN") },
      },
      "${unnamedChainIds[1]}": { explorerUrl: process.env.EXPLORER_D_URL ?? "http://127.0.0.1:1" },
    },
    apiKey: configVariable("TOP_LEVEL_KEY"),
  },
});
`;

beforeAll(async () => {
  project = await preparePluginProject();
  await writeFile(join(project, "hardhat.config.ts"), config);
  for (const chainId of chainIds) {
    process.env.FIXTURE_CHAIN_ID = String(chainId);
    nodes.push(await startHardhatNode(project));
  }
  delete process.env.FIXTURE_CHAIN_ID;
  env = {
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
  env = { ...env, EXPLORER_A_URL: explorers[0]?.url ?? "", EXPLORER_B_URL: explorers[1]?.url ?? "" };
}, 300_000);

afterAll(async () => {
  for (const explorer of explorers) await explorer.close();
  for (const node of nodes) await node.stop();
  await removePluginProject(project);
});

async function deployedAddresses(chainId: number): Promise<string[]> {
  const file = join(project, "ignition", "deployments", `chain-${chainId}`, "deployed_addresses.json");
  return Object.values(JSON.parse(await readFile(file, "utf8")) as Record<string, string>);
}

describe("npx hardhat explorer-verify --deployment all", () => {
  it("verifies every deployment on its own chain's explorer in one run, and status prints the ledger", async () => {
    const outcome = await hardhat(project, ["explorer-verify", "--deployment", "all", "--json"], env);
    expect(outcome.code).toBe(0);
    const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
    for (const [index, chainId] of chainIds.entries()) {
      const explorer = explorers[index]?.url ?? "";
      const onChain = results.filter((r) => r.chainId === chainId);
      expect(onChain.map((r) => r.address.toLowerCase()).sort()).toEqual(
        (await deployedAddresses(chainId)).map((a) => a.toLowerCase()).sort(),
      );
      for (const result of onChain) {
        expect([result.status, result.url]).toEqual([
          "verified",
          `${explorer}/address/${result.address}#code`,
        ]);
      }
    }
    // The first line names each chain's explorer once, with its URL.
    expect(outcome.stderr).toContain(
      `Verifying ${results.length} contracts on Blockscout chain ${chainIds[0]} at ${explorers[0]?.url} (from explorerVerify.chains["${chainIds[0]}"].explorerUrl; chain ${chainIds[0]} from network "chainA"), Blockscout chain ${chainIds[1]} at ${explorers[1]?.url}`,
    );
    expect(outcome.stderr).toMatch(new RegExp(`^\\[chain ${chainIds[1]}\\] verified `, "m"));

    const status = await hardhat(project, ["explorer-verify", "status"], env);
    expect(status.code).toBe(0);
    const rows = status.stdout.split("\n").filter((line) => / verified /.test(line));
    expect(rows).toHaveLength(results.length);
    for (const result of results) {
      expect(rows).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `\\s${result.chainId}\\s+${result.address}\\s+blockscout\\s+verified\\s+${result.guid}\\s+${result.url.replace(/[.?#]/g, "\\$&")}$`,
          ),
        ),
      );
    }

    const again = await hardhat(
      project,
      ["explorer-verify", "--deployment", "chain-31338,chain-31339", "--json"],
      env,
    );
    expect(again.code).toBe(0);
    const rerun = (JSON.parse(again.stdout) as { results: VerificationResult[] }).results;
    expect(rerun.map((r) => [r.status, r.attempts])).toEqual(results.map(() => ["already-verified", 0]));
  }, 240_000);

  it("chains that no Hardhat network names get the key and headers of their explorerVerify.chains entries", async () => {
    // The deployment of chain 31338, as if made on chains the config names only under explorerVerify.chains.
    const deployments = join(project, "ignition", "deployments");
    const addresses = await deployedAddresses(chainIds[0]);
    const explorers = [];
    try {
      for (const chainId of unnamedChainIds) {
        const copy = join(deployments, `chain-${chainId}`);
        await cp(join(deployments, `chain-${chainIds[0]}`), copy, { recursive: true });
        const journal = join(copy, "journal.jsonl");
        const text = await readFile(journal, "utf8");
        await writeFile(journal, text.replaceAll(`"chainId":${chainIds[0]}`, `"chainId":${chainId}`));
        const explorer = await startTestExplorer({ smartContractStatus: true });
        for (const address of addresses)
          explorer.backend.addContract(address).script(address, { result: "pass" });
        explorers.push(explorer);
      }
      const [withOwn, withTopLevel] = explorers;
      const outcome = await hardhat(
        project,
        ["explorer-verify", "--deployment", unnamedChainIds.map((id) => `chain-${id}`).join(","), "--json"],
        {
          ...env,
          EXPLORER_C_URL: withOwn?.url ?? "",
          EXPLORER_D_URL: withTopLevel?.url ?? "",
          CHAIN_C_KEY: "chain-c-key-9f2e",
          CHAIN_C_TOKEN: "gateway-token-51ab",
          TOP_LEVEL_KEY: "top-level-key-77c0",
        },
      );
      expect(outcome.code).toBe(0);
      const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
      expect(results.map((r) => [r.chainId, r.status]).sort()).toEqual(
        unnamedChainIds.flatMap((chainId) => addresses.map(() => [chainId, "verified"])).sort(),
      );
      expect(withOwn?.requests.length).toBeGreaterThan(0);
      for (const request of withOwn?.requests ?? []) {
        expect([request.query.apikey, request.headers["x-gateway-token"]]).toEqual([
          "chain-c-key-9f2e",
          "gateway-token-51ab",
        ]);
      }
      expect(withTopLevel?.requests.length).toBeGreaterThan(0);
      for (const request of withTopLevel?.requests ?? []) {
        expect([request.query.apikey, request.headers["x-gateway-token"]]).toEqual([
          "top-level-key-77c0",
          undefined,
        ]);
      }
      expect(`${outcome.stdout}${outcome.stderr}`).not.toMatch(
        /chain-c-key-9f2e|gateway-token-51ab|top-level-key-77c0/,
      );
    } finally {
      for (const explorer of explorers) await explorer.close();
    }
  }, 240_000);
});
