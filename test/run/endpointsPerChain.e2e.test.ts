import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationBundle } from "../../src/inputs/bundleSchema.js";
import { bundleHash } from "../../src/inputs/verificationBundle.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { runActionInProcess } from "../support/actionInProcess.js";
import { parseOutputFile } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// One run over two chains whose Etherscan-compatible endpoints differ: chain A's is a stand-in of Tenderly's URL
// shape, chain B's one of OKLink's; chain A's Sourcify is a Sourcify-compatible server of its own, chain B's the run's.
// The same deployment stands for both chains (the stand-ins read both from the one local chain), handed over as a
// bundle. Each loopback server counts what it received: each key reaches only its own endpoint, and the run's
// Etherscan (with the run's key) is asked nothing.
const chainA = 31337;
const chainB = 777001;
const tenderlyPath = `/api/v1/account/acme/project/web3/etherscan/verify/network/${chainA}`;
const oklinkPath = "/api/v5/explorer/contract/verify-source-code-plugin/EXAMPLENET";
const keys = {
  tenderly: "TENDERLY-ACCESS-KEY-0123456789",
  oklink: "OKLINK-KEY-9876543210",
  run: "ETHERSCAN-RUN-KEY-1357924680",
};
let project: CliProject;
let pluginProject: string;
let chain: HardhatChain;
let tenderly: EtherscanEmulator;
let oklink: EtherscanEmulator;
let runEtherscan: EtherscanEmulator;
let ownSourcify: SourcifyEmulator;
let runSourcify: SourcifyEmulator;
let contracts = 0;

beforeAll(async () => {
  [project, chain, pluginProject] = await Promise.all([
    prepareCliProject(),
    startHardhatChain(),
    preparePluginProject(),
  ]);
  await replayBroadcast(chain.rpcUrl);
  [tenderly, oklink, runEtherscan, ownSourcify, runSourcify] = await Promise.all([
    startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [chainA],
      apiKeys: [keys.tenderly],
      apiPath: tenderlyPath,
    }),
    startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [chainB],
      apiKeys: [keys.oklink],
      apiPath: oklinkPath,
    }),
    startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [chainA, chainB], apiKeys: [keys.run] }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: chainA }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: chainB }),
  ]);
  // The deployment's bundle, its contracts on both chains.
  const written = await explorerVerify(project, [
    "bundle",
    "--deployment",
    runLatest,
    "--out",
    "one-chain.json",
  ]);
  expect(written.code).toBe(0);
  const bundle = JSON.parse(
    await readFile(join(project.dir, "one-chain.json"), "utf8"),
  ) as VerificationBundle;
  contracts = bundle.contracts.length;
  bundle.contracts = [
    ...bundle.contracts,
    ...bundle.contracts.map((contract) => ({ ...contract, chainId: chainB })),
  ];
  bundle.hash = bundleHash(bundle);
  await writeFile(join(project.dir, "verification.json"), JSON.stringify(bundle));
  await writeFile(join(pluginProject, "hardhat.config.ts"), taskConfig);
}, 300_000);

afterAll(async () => {
  await Promise.all(
    [tenderly, oklink, runEtherscan, ownSourcify, runSourcify].map((server) => server?.close()),
  );
  await chain?.stop();
  await removeCliProject(project);
  await removePluginProject(pluginProject);
});

// The run's endpoints and key, as the environment gives them to every door.
const runSettings = () => ({
  ETHERSCAN_API_KEY: keys.run,
  EXPLORER_VERIFY_ETHERSCAN_API_URL: runEtherscan.apiUrl,
  EXPLORER_VERIFY_SOURCIFY_API_URL: runSourcify.apiUrl,
  TENDERLY_ACCESS_KEY: keys.tenderly,
  OKLINK_API_KEY: keys.oklink,
});
const endpointLines = () => [
  `${chainA}=etherscan=${tenderly.apiUrl}`,
  `${chainB}=etherscan=${oklink.apiUrl}`,
  `${chainA}=sourcify=${ownSourcify.apiUrl}`,
];
const keyLines = [`${chainA}=etherscan=TENDERLY_ACCESS_KEY`, `${chainB}=etherscan=OKLINK_API_KEY`];

const seen = (server: {
  requests: Array<{ path: string; query: unknown; headers: unknown; rawBody: string }>;
}) => JSON.stringify(server.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]));

function counts() {
  return {
    tenderly: tenderly.requestsFor("verifysourcecode").length,
    oklink: oklink.requestsFor("verifysourcecode").length,
    runEtherscan: runEtherscan.requests.length,
    ownSourcify: ownSourcify.submissions().length,
    runSourcify: runSourcify.submissions().length,
  };
}

function expectEachRecordNamesItsEndpoint(records: VerificationResult[], chainBSite?: string) {
  expect(records).toHaveLength(4 * contracts);
  const where = (target: string, chainId: number) =>
    records.filter((r) => r.target === target && r.chainId === chainId).map((r) => r.explorer);
  expect(where("etherscan", chainA)).toEqual(Array(contracts).fill(tenderly.apiUrl));
  expect(where("etherscan", chainB)).toEqual(Array(contracts).fill(chainBSite ?? oklink.apiUrl));
  expect(where("sourcify", chainA)).toEqual(Array(contracts).fill(ownSourcify.apiUrl));
  expect(where("sourcify", chainB)).toEqual(Array(contracts).fill("https://repo.sourcify.dev"));
}

function expectEachKeyOnlyAtItsOwnEndpoint() {
  expect(seen(tenderly)).toContain(keys.tenderly);
  expect(seen(oklink)).toContain(keys.oklink);
  for (const key of [keys.oklink, keys.run]) expect(seen(tenderly)).not.toContain(key);
  for (const key of [keys.tenderly, keys.run]) expect(seen(oklink)).not.toContain(key);
  for (const server of [ownSourcify, runSourcify])
    for (const key of Object.values(keys)) expect(seen(server)).not.toContain(key);
  // Every chain has its own Etherscan-compatible endpoint: the run's is asked nothing.
  expect(runEtherscan.requests).toHaveLength(0);
  // Each server was asked about its own chain only.
  expect(tenderly.requests.every((r) => r.path === tenderlyPath)).toBe(true);
  expect(oklink.requests.every((r) => r.path === oklinkPath)).toBe(true);
  expect(ownSourcify.submissions().every((r) => r.path.includes(`/${chainA}/`))).toBe(true);
  expect(runSourcify.submissions().every((r) => r.path.includes(`/${chainB}/`))).toBe(true);
}

// The task's project: chain A's endpoints in explorerVerify.chains, chain B's URL in its chain descriptor (as
// hardhat-verify 3 reads it) with its key in explorerVerify.chains; the run's Etherscan key in explorerVerify.etherscan.
const taskConfig = `import { createRequire } from "node:module";
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
  chainDescriptors: {
    ${chainB}: {
      name: "Examplenet",
      blockExplorers: {
        etherscan: { name: "OKLink", url: "https://www.oklink.com/examplenet/", apiUrl: process.env.FIXTURE_OKLINK_URL },
      },
    },
  },
  explorerVerify: {
    targets: ["etherscan", "sourcify"],
    concurrency: 2,
    etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") },
    chains: {
      "${chainA}": {
        etherscan: { apiUrl: process.env.FIXTURE_TENDERLY_URL, apiKey: configVariable("TENDERLY_ACCESS_KEY") },
        sourcify: { apiUrl: process.env.FIXTURE_OWN_SOURCIFY_URL },
      },
      "${chainB}": { etherscan: { apiKey: configVariable("OKLINK_API_KEY") } },
    },
  },
});
`;

describe("endpoints per chain, one run over two chains", () => {
  it("the CLI: --endpoint and --endpoint-key send each chain to its own endpoints, each key to its own", async () => {
    const run = await explorerVerify(
      project,
      [
        "verify",
        "--bundle",
        "verification.json",
        "--targets",
        "etherscan,sourcify",
        ...endpointLines().flatMap((line) => ["--endpoint", line]),
        ...keyLines.flatMap((line) => ["--endpoint-key", line]),
        // Gentle on a shared machine: the Sourcify stand-in reads the chain for every job.
        "--concurrency",
        "2",
        "--json",
      ],
      runSettings(),
    );
    expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr }).toEqual({ code: 0, stderr: "" });
    const records = (JSON.parse(run.stdout) as { results: VerificationResult[] }).results;
    expect(records.map((r) => r.status)).toEqual(Array(4 * contracts).fill("verified"));
    expectEachRecordNamesItsEndpoint(records);
    // Every contract submitted to each chain's own endpoints (a submission retried after a dropped connection counts
    // twice), none to the run's Etherscan.
    const sent = counts();
    expect(sent.runEtherscan).toBe(0);
    for (const server of ["tenderly", "oklink", "ownSourcify", "runSourcify"] as const)
      expect(sent[server]).toBeGreaterThanOrEqual(contracts);
    // The heading names each chain's endpoint and the entry that chose it.
    expect(run.stderr).toContain(
      `Etherscan chain ${chainA} at ${tenderly.apiUrl}?chainid=${chainA} (from --endpoint ${chainA}=etherscan)`,
    );
    expect(run.stderr).toContain(
      `Sourcify chain ${chainA} at ${ownSourcify.apiUrl} (from --endpoint ${chainA}=sourcify)`,
    );
    expectEachKeyOnlyAtItsOwnEndpoint();
  }, 300_000);

  it("the Action: inputs endpoints and endpoint-keys do the same, each key masked", async () => {
    const before = counts();
    const runnerTemp = mkdtempSync(join(tmpdir(), "endpoints-action-"));
    const outputFile = join(runnerTemp, "output");
    await writeFile(outputFile, "");
    const { log, exitCode } = await runActionInProcess(
      {
        bundle: "verification.json",
        targets: "etherscan,sourcify",
        endpoints: endpointLines().join("\n"),
        "endpoint-keys": keyLines.join("\n"),
        ledger: "none",
        concurrency: "2",
      },
      { ...runSettings(), GITHUB_WORKSPACE: project.dir, RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: outputFile },
    );
    expect({ exitCode, log: exitCode === undefined ? "" : log }).toEqual({ exitCode: undefined, log: "" });
    expect(log).toContain(`::add-mask::${keys.tenderly}`);
    expect(log).toContain(`::add-mask::${keys.oklink}`);
    const records = JSON.parse(
      parseOutputFile(await readFile(outputFile, "utf8")).results ?? "[]",
    ) as VerificationResult[];
    // Verified by the CLI's run: each Etherscan-compatible endpoint answers it holds it, and nothing new goes there
    // (Sourcify may take a full input again for a match it holds as partial).
    expect(records.every((r) => r.status === "already-verified" || r.status === "verified")).toBe(true);
    expect(records.filter((r) => r.target === "etherscan").map((r) => r.status)).toEqual(
      Array(2 * contracts).fill("already-verified"),
    );
    expectEachRecordNamesItsEndpoint(records);
    expect({ ...counts(), ownSourcify: 0, runSourcify: 0 }).toEqual({
      ...before,
      ownSourcify: 0,
      runSourcify: 0,
    });
    expectEachKeyOnlyAtItsOwnEndpoint();
  }, 300_000);

  it("the Hardhat task: explorerVerify.chains and the chain descriptor's Etherscan entry do the same", async () => {
    const before = counts();
    const run = await hardhat(
      pluginProject,
      ["explorer-verify", "--bundle", join(project.dir, "verification.json"), "--json"],
      {
        ...runSettings(),
        FIXTURE_TENDERLY_URL: tenderly.apiUrl,
        FIXTURE_OKLINK_URL: oklink.apiUrl,
        FIXTURE_OWN_SOURCIFY_URL: ownSourcify.apiUrl,
      },
    );
    expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr }).toEqual({ code: 0, stderr: "" });
    const records = (JSON.parse(run.stdout) as { results: VerificationResult[] }).results;
    expect(records.every((r) => r.status === "already-verified" || r.status === "verified")).toBe(true);
    expect(records.filter((r) => r.target === "etherscan").map((r) => r.status)).toEqual(
      Array(2 * contracts).fill("already-verified"),
    );
    // Chain B's records link to the site its chain descriptor names.
    expectEachRecordNamesItsEndpoint(records, "https://www.oklink.com/examplenet");
    expect(run.stderr).toContain(
      `Etherscan chain ${chainB} at ${oklink.apiUrl}?chainid=${chainB} (from chainDescriptors[${chainB}].blockExplorers.etherscan.apiUrl)`,
    );
    expect({ ...counts(), ownSourcify: 0, runSourcify: 0 }).toEqual({
      ...before,
      ownSourcify: 0,
      runSourcify: 0,
    });
    expectEachKeyOnlyAtItsOwnEndpoint();
  }, 300_000);
});
