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
let chain: HardhatChain;
let tenderly: EtherscanEmulator;
let oklink: EtherscanEmulator;
let runEtherscan: EtherscanEmulator;
let ownSourcify: SourcifyEmulator;
let runSourcify: SourcifyEmulator;
let contracts = 0;

beforeAll(async () => {
  [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
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
}, 240_000);

afterAll(async () => {
  await Promise.all(
    [tenderly, oklink, runEtherscan, ownSourcify, runSourcify].map((server) => server?.close()),
  );
  await chain?.stop();
  await removeCliProject(project);
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

function expectEachRecordNamesItsEndpoint(records: VerificationResult[]) {
  expect(records).toHaveLength(4 * contracts);
  const where = (target: string, chainId: number) =>
    records.filter((r) => r.target === target && r.chainId === chainId).map((r) => r.explorer);
  expect(where("etherscan", chainA)).toEqual(Array(contracts).fill(tenderly.apiUrl));
  expect(where("etherscan", chainB)).toEqual(Array(contracts).fill(oklink.apiUrl));
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
        "--json",
      ],
      runSettings(),
    );
    expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr }).toEqual({ code: 0, stderr: "" });
    const records = (JSON.parse(run.stdout) as { results: VerificationResult[] }).results;
    expect(records.map((r) => r.status)).toEqual(Array(4 * contracts).fill("verified"));
    expectEachRecordNamesItsEndpoint(records);
    expect(counts()).toEqual({
      tenderly: contracts,
      oklink: contracts,
      runEtherscan: 0,
      ownSourcify: contracts,
      runSourcify: contracts,
    });
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
      },
      { ...runSettings(), GITHUB_WORKSPACE: project.dir, RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: outputFile },
    );
    expect({ exitCode, log: exitCode === undefined ? "" : log }).toEqual({ exitCode: undefined, log: "" });
    expect(log).toContain(`::add-mask::${keys.tenderly}`);
    expect(log).toContain(`::add-mask::${keys.oklink}`);
    const records = JSON.parse(
      parseOutputFile(await readFile(outputFile, "utf8")).results ?? "[]",
    ) as VerificationResult[];
    // Verified by the CLI's run: each endpoint answers it holds it, and nothing new is submitted anywhere.
    expect(records.map((r) => r.status)).toEqual(Array(4 * contracts).fill("already-verified"));
    expectEachRecordNamesItsEndpoint(records);
    expect(counts()).toEqual(before);
    expectEachKeyOnlyAtItsOwnEndpoint();
  }, 300_000);
});
