import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import {
  type EtherscanEmulator,
  startEtherscanEmulator,
  startRoutescanEmulator,
} from "../support/etherscanEmulator.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";
import { startRecordingProxy } from "../support/recordingProxy.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The packed plugin in a user's project, an Ignition deployment on a real local chain, verified by one task run on
// four targets: the embedded local explorer (Blockscout), an Etherscan API v2 stand-in, a Sourcify API v2 stand-in
// and a Routescan stand-in (real matching). Etherscan's key comes from explorerVerify.etherscan.apiKey, a
// configVariable, its API root from the environment; Sourcify's API root from explorerVerify.sourcify.apiUrl;
// Routescan's key and origin from explorerVerify.routescan.
const blockscoutKey = "BLOCKSCOUT-KEY-0123456789";
const etherscanKey = "ETHERSCAN-KEY-9876543210";
const routescanKey = "ROUTESCAN-KEY-1357924680";
const targets = "blockscout,etherscan,sourcify,routescan";
// The targets an Etherscan refusal leaves alone.
const others = ["blockscout", "sourcify", "routescan"];
// The Ignition module's contracts: Token, MathLib, Calculator, Box, SimpleProxy.
const contracts = 5;
let project: string;
let chain: HardhatNode;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let routescan: EtherscanEmulator;
let env: Record<string, string>;
const outputs: CommandOutcome[] = [];

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
    localhost: { type: "http", url: process.env.FIXTURE_NODE_URL ?? "http://127.0.0.1:1", chainId: 31337 },
  },
  explorerVerify: {
    apiKey: configVariable("BLOCKSCOUT_KEY"),
    etherscan: { apiKey: configVariable("ETHERSCAN_KEY") },
    sourcify: { apiUrl: process.env.SOURCIFY_STAND_IN_URL ?? "http://127.0.0.1:1" },
    routescan: {
      apiKey: configVariable("ROUTESCAN_KEY"),
      apiUrl: process.env.ROUTESCAN_STAND_IN_URL ?? "http://127.0.0.1:1",
    },
  },
});
`;

beforeAll(async () => {
  project = await preparePluginProject();
  await writeFile(join(project, "hardhat.config.ts"), config);
  chain = await startHardhatNode(project);
  await runHardhat(project, ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: chain.url,
  });
  [etherscan, sourcify, routescan] = await Promise.all([
    startEtherscanEmulator({ rpcUrl: chain.url, chainIds: [31337], apiKeys: [etherscanKey] }),
    startSourcifyEmulator({ rpcUrl: chain.url, chainId: 31337 }),
    startRoutescanEmulator({
      rpcUrl: chain.url,
      chainIds: [31337],
      apiKeys: [routescanKey],
      testnets: [31337],
    }),
  ]);
  env = {
    FIXTURE_NODE_URL: chain.url,
    BLOCKSCOUT_KEY: blockscoutKey,
    EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
    SOURCIFY_STAND_IN_URL: sourcify.apiUrl,
    ROUTESCAN_STAND_IN_URL: routescan.apiUrl,
    ROUTESCAN_KEY: routescanKey,
  };
}, 300_000);

afterAll(async () => {
  await Promise.all([etherscan?.close(), sourcify?.close(), routescan?.close()]);
  await chain?.stop();
  await removePluginProject(project);
});

// The deployment, named with its network; `--deployment all` finds the network by the journal's chain instead.
const onLocalhost = ["--network", "localhost", "--deployment", "chain-31337"];

async function verify(
  key: string,
  extra: string[] = [],
  { json = true, deployment = onLocalhost } = {},
): Promise<CommandOutcome> {
  const outcome = await hardhat(
    project,
    [
      "explorer-verify",
      ...deployment,
      "--targets",
      targets,
      "--ledger",
      ".explorer-verify/ledger.json",
      ...(json ? ["--json"] : []),
      ...extra,
    ],
    { ...env, ETHERSCAN_KEY: key },
  );
  outputs.push(outcome);
  return outcome;
}

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;
const byTarget = (records: VerificationResult[], target: string) =>
  records.filter((r) => r.target === target);
const etherscanSubmissions = () => etherscan.requestsFor("verifysourcecode").length;
const routescanSubmissions = () => routescan.requestsFor("verifysourcecode").length;
const stoppedLines = (output: string) =>
  output.split("\n").filter((line) => line.startsWith("stopped     etherscan:"));
const refusedKeyLine = `stopped     etherscan: Etherscan refused the API key: Invalid API Key (#err2)|10. Nothing more is sent to this service in this run. (${contracts} contracts not verified there; a rerun with a valid key resumes them)`;

async function deployedAddresses(): Promise<string[]> {
  const file = join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json");
  return Object.values(JSON.parse(await readFile(file, "utf8")) as Record<string, string>)
    .map((a) => a.toLowerCase())
    .sort();
}

// The creation transaction of each deployed contract, by address, as Ignition's journal confirmed it.
async function journalCreations(): Promise<Record<string, string>> {
  const folder = join(project, "ignition", "deployments", "chain-31337");
  const addresses = JSON.parse(await readFile(join(folder, "deployed_addresses.json"), "utf8")) as Record<
    string,
    string
  >;
  const confirmed = (await readFile(join(folder, "journal.jsonl"), "utf8"))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { type: string; futureId?: string; hash?: string })
    .filter((message) => message.type === "TRANSACTION_CONFIRM");
  return Object.fromEntries(
    confirmed.map((message) => [(addresses[message.futureId ?? ""] ?? "").toLowerCase(), message.hash ?? ""]),
  );
}

describe("npx hardhat explorer-verify on Blockscout, Etherscan, Sourcify and Routescan", () => {
  it("verifies on all three in one run; a daily quota stops Etherscan alone, and the next run resumes it from the ledger", async () => {
    // Etherscan's day ends after a few requests: its target stops, the two others finish.
    etherscan.dailyQuotaAfter(4);
    const first = await verify(etherscanKey);
    const firstRecords = recordsOf(first.stdout);
    expect(first.code).toBe(1);
    expect(firstRecords).toHaveLength(4 * contracts);
    // Every record says its target and its chain, Etherscan's and Sourcify's as Blockscout's.
    for (const record of firstRecords)
      expect([record.target, record.chainId]).toEqual([expect.any(String), 31337]);
    const deployed = await deployedAddresses();
    for (const target of ["blockscout", "etherscan", "sourcify", "routescan"]) {
      expect(
        byTarget(firstRecords, target)
          .map((r) => r.address.toLowerCase())
          .sort(),
      ).toEqual(deployed);
    }
    for (const target of others) {
      expect(byTarget(firstRecords, target).map((r) => r.status)).toEqual(Array(contracts).fill("verified"));
    }
    const stopped = byTarget(firstRecords, "etherscan").filter((r) => r.error?.code === "quota_exhausted");
    expect(stopped.length).toBeGreaterThan(0);
    expect(
      byTarget(firstRecords, "etherscan").every(
        (r) => r.status === "verified" || r.error?.code === "quota_exhausted",
      ),
    ).toBe(true);
    expect(stoppedLines(first.stderr)).toHaveLength(1);
    // Sourcify was sent each contract's creation transaction, as Ignition's journal confirmed it; no other
    // service was sent one.
    const created = await journalCreations();
    expect(
      Object.fromEntries(
        sourcify
          .submissions()
          .map((r) => [(r.path.split("/").pop() ?? "").toLowerCase(), r.body.creationTransactionHash]),
      ),
    ).toEqual(created);
    expect(Object.keys(created)).toHaveLength(contracts);
    expect(JSON.stringify(etherscan.requestsFor("verifysourcecode").map((r) => r.body))).not.toMatch(
      /creation/i,
    );

    // A new day: the rerun sends Etherscan only what it did not take, and nothing to the two others.
    etherscan.dailyQuotaAfter(Number.POSITIVE_INFINITY);
    const submittedBefore = {
      etherscan: etherscanSubmissions(),
      sourcify: sourcify.submissions().length,
      routescan: routescanSubmissions(),
    };
    const second = await verify(etherscanKey);
    const secondRecords = recordsOf(second.stdout);
    expect({ code: second.code, stderr: second.stderr }).toMatchObject({ code: 0 });
    expect(secondRecords).toHaveLength(4 * contracts);
    for (const record of secondRecords)
      expect([record.target, record.chainId]).toEqual([expect.any(String), 31337]);
    for (const target of others) {
      expect(byTarget(secondRecords, target).map((r) => [r.status, r.attempts])).toEqual(
        Array(contracts).fill(["already-verified", 0]),
      );
    }
    // A record answered by the ledger names the explorer by its URL, as one the explorer answered does.
    for (const record of byTarget(secondRecords, "blockscout")) expect(record.explorer).toMatch(/^http:\/\//);
    expect(sourcify.submissions().length).toBe(submittedBefore.sourcify);
    expect(routescanSubmissions()).toBe(submittedBefore.routescan);
    // Only what Etherscan did not take is sent again (one stopped while its guid was polled is polled, not resent).
    expect(etherscanSubmissions() - submittedBefore.etherscan).toBeLessThanOrEqual(stopped.length);
    expect(etherscanSubmissions() - submittedBefore.etherscan).toBeGreaterThan(0);
    expect(
      byTarget(secondRecords, "etherscan").every(
        (r) => r.status === "verified" || r.status === "already-verified",
      ),
    ).toBe(true);
    expect(second.stderr).not.toMatch(/^submitted .*blockscout|^submitted .*sourcify/m);

    // Everything verified everywhere: a third run sends no submission to any target, whether it names the
    // deployment with its network or takes every deployment of the project.
    const submittedAfter = {
      etherscan: etherscanSubmissions(),
      sourcify: sourcify.submissions().length,
      routescan: routescanSubmissions(),
    };
    const third = await verify(etherscanKey, [], { deployment: ["--deployment", "all"] });
    expect(third.code).toBe(0);
    const thirdRecords = recordsOf(third.stdout);
    expect(thirdRecords.map((r) => [r.target, r.status, r.attempts]).sort()).toEqual(
      ["blockscout", "etherscan", "sourcify", "routescan"]
        .flatMap((target) => Array(contracts).fill([target, "already-verified", 0]))
        .sort(),
    );
    expect({
      etherscan: etherscanSubmissions(),
      sourcify: sourcify.submissions().length,
      routescan: routescanSubmissions(),
    }).toEqual(submittedAfter);
  }, 400_000);

  it("sends --creation-tx-hash to Sourcify for one ADDRESS, and refuses a malformed one in one line before anything is sent", async () => {
    const [box, hash] = Object.entries(await journalCreations())[0] ?? ["", ""];
    const task = (creationTxHash: string) =>
      hardhat(
        project,
        [
          "explorer-verify",
          "--network",
          "localhost",
          "--targets",
          "sourcify",
          "--force",
          "--creation-tx-hash",
          creationTxHash,
          "--json",
          box,
        ],
        env,
      );
    const before = sourcify.submissions().length;
    const malformed = await task("0x1234");
    expect(malformed.code).not.toBe(0);
    expect(`${malformed.stdout}${malformed.stderr}`).toContain(
      '--creation-tx-hash "0x1234" is not a transaction hash: expected 0x followed by 64 hexadecimal characters.',
    );
    expect(`${malformed.stdout}${malformed.stderr}`).not.toMatch(/^\s+at /m);
    expect(sourcify.submissions().length).toBe(before);

    // Forced past the look: Sourcify answers 409 (both matches exact), having received the hash.
    const given = await task(hash);
    expect(recordsOf(given.stdout).map((r) => [r.target, r.status])).toEqual([
      ["sourcify", "already-verified"],
    ]);
    expect(
      sourcify
        .submissions()
        .slice(before)
        .map((r) => r.body.creationTransactionHash),
    ).toEqual([hash]);
  }, 300_000);

  it("a wrong Etherscan key fails the Etherscan target alone, in one line; optional, it only warns", async () => {
    const wrong = await verify("NOT-THE-KEY", ["--recheck"]);
    const records = recordsOf(wrong.stdout);
    expect(wrong.code).toBe(1);
    expect(byTarget(records, "etherscan").map((r) => r.error?.code)).toEqual(
      Array(contracts).fill("invalid_api_key"),
    );
    for (const target of others) {
      expect(byTarget(records, target).map((r) => r.status)).toEqual(
        Array(contracts).fill("already-verified"),
      );
    }
    expect(stoppedLines(wrong.stderr)).toEqual([refusedKeyLine]);

    // Optional, in a terminal: the run succeeds, the table has a row per contract and a column per target.
    const optional = await verify("NOT-THE-KEY", ["--recheck", "--optional-targets", "etherscan"], {
      json: false,
    });
    expect({ code: optional.code, stderr: optional.stderr }).toEqual({ code: 0, stderr: "" });
    expect(stoppedLines(optional.stdout)).toEqual([refusedKeyLine]);
    const lines = optional.stdout.split("\n");
    const header = lines.findIndex((line) => line.startsWith("Contract "));
    expect(lines[header]).toMatch(/^Contract +Address +blockscout +etherscan +sourcify +routescan$/);
    // A row per contract, then the blank line before the links.
    const rows = lines.slice(header + 2, header + 2 + contracts + 1);
    expect(rows.at(-1)).toBe("");
    const cells = rows.slice(0, contracts).map((row) => row.split(/ {2,}/));
    expect(cells.map((cell) => cell.slice(2))).toEqual(
      Array(contracts).fill(["already verified", "FAILED", "already verified", "already verified"]),
    );
    expect(cells.map((cell) => cell[1]?.toLowerCase()).sort()).toEqual(await deployedAddresses());
  }, 300_000);

  it("sends each key to its own service only, and prints neither", async () => {
    etherscan.dailyQuotaAfter(Number.POSITIVE_INFINITY);
    // Blockscout behind a recording proxy, to see what reaches it: the same local explorer, served by the test.
    const explorer = await startLocalExplorer({ rpcUrl: chain.url, stateFile: false });
    const blockscout = await startRecordingProxy(explorer.url);
    try {
      const outcome = await verify(etherscanKey, ["--explorer-url", blockscout.url]);
      expect({ code: outcome.code, stderr: outcome.stderr }).toMatchObject({ code: 0 });
      expect(byTarget(recordsOf(outcome.stdout), "blockscout").map((r) => r.status)).toEqual(
        Array(contracts).fill("verified"),
      );
    } finally {
      await blockscout.close();
      await explorer.close();
    }
    const seenByBlockscout = JSON.stringify(
      blockscout.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    expect(blockscout.requests.length).toBeGreaterThan(0);
    expect(seenByBlockscout).toContain(blockscoutKey);
    expect(seenByBlockscout).not.toContain(etherscanKey);
    const seenByEtherscan = JSON.stringify(
      etherscan.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    const seenBySourcify = JSON.stringify(
      sourcify.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    expect(etherscan.requests.length).toBeGreaterThan(0);
    expect(sourcify.requests.length).toBeGreaterThan(0);
    expect(seenByEtherscan).toContain(etherscanKey);
    expect(seenByEtherscan).not.toContain(blockscoutKey);
    expect(seenBySourcify).not.toContain(etherscanKey);
    expect(seenBySourcify).not.toContain(blockscoutKey);
    const seenByRoutescan = JSON.stringify(
      routescan.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    expect(seenByRoutescan).toContain(routescanKey);
    for (const key of [blockscoutKey, etherscanKey]) expect(seenByRoutescan).not.toContain(key);
    for (const other of [seenByBlockscout, seenByEtherscan, seenBySourcify])
      expect(other).not.toContain(routescanKey);
    expect(outputs.length).toBeGreaterThan(0);
    for (const { stdout, stderr } of outputs) {
      for (const key of [etherscanKey, blockscoutKey, routescanKey])
        expect(`${stdout}${stderr}`).not.toContain(key);
    }
  }, 300_000);
  it("the task's status asks the target --target names, not only Blockscout", async () => {
    const guid = "unknownguid0123456789abcdefghij";
    const asked = () => etherscan.requestsFor("checkverifystatus").filter((r) => r.query.guid === guid);
    const outcome = await hardhat(
      project,
      ["explorer-verify", "status", "--network", "localhost", "--target", "etherscan", guid],
      { ...env, ETHERSCAN_KEY: etherscanKey },
    );
    expect(asked()).toHaveLength(1);
    expect(outcome.code).toBe(1);
    // Etherscan's own answer, from its stand-in, found from the config as a verify run finds it.
    expect(outcome.stderr).toContain(
      `Explorer: Etherscan at ${etherscan.apiUrl}?chainid=31337 (from EXPLORER_VERIFY_ETHERSCAN_API_URL)`,
    );
    // Its text for a guid it cannot find is read as Blockscout's `Unknown UID`.
    expect(`${outcome.stdout}${outcome.stderr}`).toContain(
      `${guid}: Unable to locate GUID (the explorer does not know this guid`,
    );
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain(etherscanKey);
  }, 120_000);
});
