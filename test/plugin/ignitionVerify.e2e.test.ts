import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { type HardhatNode, startHardhatNode } from "../inputs/hardhatProject.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// A user's Hardhat 3 project with Hardhat Ignition (and so hardhat-verify) and the packed plugin: with
// explorerVerify.ignitionVerify, `ignition deploy --verify` and `ignition verify` verify through explorer-verify on the
// chain's explorer (a local explorer named in explorerVerify.chains, counting what it received); without it, Hardhat
// Ignition's own verification runs. And the task on a contract deployed from the `default` build, with no
// --build-profile, verified with the profile whose build matches.
let project: string;
let chain: HardhatNode;
let explorer: LocalExplorer;
const received: ReceivedRequest[] = [];
let env: Record<string, string>;

const config = `import { createRequire } from "node:module";
import hardhatIgnition from "@nomicfoundation/hardhat-ignition";
import explorerVerify from "explorer-verify/plugin";
import { defineConfig } from "hardhat/config";

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
    localhost: { type: "http", chainId: 31337, url: process.env.FIXTURE_NODE_URL ?? "http://127.0.0.1:8545" },
  },
  // hardhat-verify's own services, off: its run says so, and reaches no one.
  verify: { etherscan: { enabled: false }, blockscout: { enabled: false }, sourcify: { enabled: false } },
  explorerVerify: {
    ignitionVerify: process.env.IGNITION_VERIFY === "1",
    chains: { "31337": { explorerUrl: process.env.EXPLORER_URL ?? "http://127.0.0.1:1" } },
  },
});
`;

beforeAll(async () => {
  project = await preparePluginProject();
  await writeFile(join(project, "hardhat.config.ts"), config);
  chain = await startHardhatNode(project);
  explorer = await startLocalExplorer({
    rpcUrl: chain.url,
    stateFile: false,
    onRequest: (request) => received.push(request),
  });
  env = { FIXTURE_NODE_URL: chain.url, EXPLORER_URL: explorer.url };
}, 300_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  await removePluginProject(project);
});

async function deployedAddresses(id: string): Promise<Record<string, string>> {
  const file = join(project, "ignition", "deployments", id, "deployed_addresses.json");
  const deployed = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(deployed).map(([future, address]) => [future.slice(future.indexOf("#") + 1), address]),
  );
}

// The submissions the explorer received, by the address each verifies.
function submissions(): string[] {
  return received
    .filter((request) => String(request.query.action ?? request.body.action ?? "") === "verifysourcecode")
    .map((request) => String(request.body.contractaddress ?? request.query.contractaddress).toLowerCase())
    .sort();
}

const whoVerifies = (id: string) =>
  `explorer-verify verifies the deployment ${id}, not hardhat-verify (explorerVerify.ignitionVerify in the Hardhat config)`;

describe("Hardhat Ignition's verification through explorer-verify", () => {
  it("without ignitionVerify, ignition deploy --verify is Hardhat Ignition's own", async () => {
    const outcome = await hardhat(
      project,
      [
        "ignition",
        "deploy",
        "ignition/modules/Fixture.ts",
        "--network",
        "localhost",
        "--deployment-id",
        "plain",
        "--verify",
      ],
      env,
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Verifying deployed contracts");
    expect(`${outcome.stdout}${outcome.stderr}`).toContain("No verification providers are enabled.");
    expect(outcome.stdout).not.toContain("explorer-verify");
    expect(received).toEqual([]);
  }, 300_000);

  it("with ignitionVerify, ignition verify of a deployment Ignition did not keep says so in Ignition's words", async () => {
    const outcome = await hardhat(project, ["ignition", "verify", "chain-4242"], {
      ...env,
      IGNITION_VERIFY: "1",
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      `Hardhat Ignition kept no deployment chain-4242 (${join(project, "ignition", "deployments", "chain-4242")}): a deployment to the in-process network is not kept; deploy with --network NAME, then verify it.`,
    );
    expect(outcome.stderr).not.toContain("--deployment");
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("with ignitionVerify, ignition deploy --verify on the in-process chain is refused before deploying, in one line", async () => {
    const outcome = await hardhat(
      project,
      ["ignition", "deploy", "ignition/modules/Fixture.ts", "--verify"],
      {
        ...env,
        IGNITION_VERIFY: "1",
      },
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      'The network "default" is Hardhat\'s in-process chain: nothing deployed there outlives the command, so nothing can be verified. Deploy with --network NAME (a node started with npx hardhat node is "localhost"), or drop --verify.',
    );
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(outcome.stdout).not.toContain("Deployed Addresses");
    expect(received).toEqual([]);
  }, 120_000);

  it("with ignitionVerify, ignition verify without --network verifies on the network whose chainId matches, and links the proxy", async () => {
    const plain = await deployedAddresses("plain");
    const outcome = await hardhat(project, ["ignition", "verify", "plain"], { ...env, IGNITION_VERIFY: "1" });
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.split("\n")[0]).toBe(whoVerifies("plain"));
    expect(submissions()).toEqual(
      Object.values(plain)
        .map((address) => address.toLowerCase())
        .sort(),
    );
    // The proxy read from the chain through the network whose chainId matches, and its link asked of the explorer.
    expect(outcome.stdout).toContain(
      `Proxy ${plain.SimpleProxy} points at implementation ${String(plain.Box).toLowerCase()} (EIP-1967)`,
    );
    expect(outcome.stdout).toMatch(
      new RegExp(`^linked +proxy of contracts/Box\\.sol:Box at ${plain.SimpleProxy}$`, "m"),
    );
    const proxyRecord = `/api/v2/smart-contracts/${plain.SimpleProxy}`;
    expect(received.filter((request) => request.path === proxyRecord)).toHaveLength(1);
  }, 300_000);

  it("with ignitionVerify, ignition deploy --verify verifies every contract once, and ignition verify then submits nothing", async () => {
    received.length = 0;
    const verifying = { ...env, IGNITION_VERIFY: "1" };
    const deployed = await hardhat(
      project,
      ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost", "--verify"],
      verifying,
    );
    expect(deployed.code).toBe(0);
    const lines = deployed.stdout.split("\n");
    const first = lines.indexOf(whoVerifies("chain-31337"));
    expect(first).toBeGreaterThan(lines.indexOf("Verifying deployed contracts"));
    const fixture = await deployedAddresses("chain-31337");
    expect(submissions()).toEqual(
      Object.values(fixture)
        .map((address) => address.toLowerCase())
        .sort(),
    );
    // Its progress lines, the proxy linked, and its closing line.
    expect(deployed.stdout).toMatch(
      new RegExp(`^verified +contracts/Token\\.sol:Token at ${fixture.Token}`, "mi"),
    );
    expect(deployed.stdout).toMatch(/proxy of contracts\/Box\.sol:Box/);
    expect(deployed.stdout).toMatch(/^blockscout: 5 of 5 contracts verified; 5 submissions sent\.$/m);

    const sent = submissions().length;
    const again = await hardhat(
      project,
      ["ignition", "verify", "chain-31337", "--network", "localhost"],
      verifying,
    );
    expect(again.code).toBe(0);
    expect(again.stdout.split("\n")[0]).toBe(whoVerifies("chain-31337"));
    expect(submissions()).toHaveLength(sent);
  }, 300_000);

  it("verifies a contract deployed from the default build with the profile whose build matches, and says which", async () => {
    await hardhat(
      project,
      [
        "--build-profile",
        "default",
        "ignition",
        "deploy",
        "ignition/modules/Fixture.ts",
        "--network",
        "localhost",
        "--deployment-id",
        "dev",
      ],
      env,
    );
    const { Token: token = "" } = await deployedAddresses("dev");
    const outcome = await hardhat(project, ["explorer-verify", token, "--network", "localhost"], env);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(
      `The "production" build does not match the code at ${token}; the "default" build does: verifying with the "default" profile.`,
    );
    expect(outcome.stdout).toMatch(new RegExp(`^verified +contracts/Token\\.sol:Token at ${token}`, "mi"));
    expect(submissions().filter((address) => address === token.toLowerCase())).toHaveLength(1);
  }, 300_000);
});
