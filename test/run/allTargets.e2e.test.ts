import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import {
  type EtherscanEmulator,
  startEtherscanEmulator,
  startRoutescanEmulator,
} from "../support/etherscanEmulator.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The packed CLI on a real local chain holding a Foundry broadcast, verifying on four targets in one run: the
// embedded local explorer (Blockscout), an Etherscan API v2 stand-in, a Sourcify API v2 stand-in and a Routescan
// stand-in (real matching).
const blockscoutKey = "BLOCKSCOUT-KEY-0123456789";
const etherscanKey = "ETHERSCAN-KEY-9876543210";
const routescanKey = "ROUTESCAN-KEY-1357924680";
const targets = "blockscout,etherscan,sourcify,routescan";
let project: CliProject;
let chain: HardhatChain;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let routescan: EtherscanEmulator;
// The fixture broadcast's contracts, the CREATE2 one included (as cli.e2e counts them).
const contracts = 5;

beforeAll(async () => {
  [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
  await replayBroadcast(chain.rpcUrl);
  [etherscan, sourcify, routescan] = await Promise.all([
    startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [etherscanKey] }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
    startRoutescanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [31337],
      apiKeys: [routescanKey],
      testnets: [31337],
    }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([etherscan?.close(), sourcify?.close(), routescan?.close()]);
  await chain?.stop();
  await removeCliProject(project);
});

function verify(key: string, extra: string[] = []) {
  return explorerVerify(
    project,
    [
      "verify",
      "--deployment",
      runLatest,
      "--rpc-url",
      chain.rpcUrl,
      "--targets",
      targets,
      "--ledger",
      ".explorer-verify/ledger.json",
      "--json",
      ...extra,
    ],
    {
      EXPLORER_VERIFY_API_KEY: blockscoutKey,
      ETHERSCAN_API_KEY: key,
      ROUTESCAN_API_KEY: routescanKey,
      EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
      EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl,
      EXPLORER_VERIFY_ROUTESCAN_API_URL: routescan.apiUrl,
    },
  );
}

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;
const byTarget = (records: VerificationResult[], target: string) =>
  records.filter((r) => r.target === target);
const etherscanSubmissions = () => etherscan.requestsFor("verifysourcecode").length;
const routescanSubmissions = () => routescan.requestsFor("verifysourcecode").length;

describe("one CLI run on Blockscout, Etherscan, Sourcify and Routescan", () => {
  it("verifies on all three at once; a daily quota stops Etherscan alone, and the next run resumes it from the ledger", async () => {
    // Etherscan's day ends after a few requests: its target stops, the two others finish.
    etherscan.dailyQuotaAfter(4);
    const first = await verify(etherscanKey);
    const firstRecords = recordsOf(first.stdout);
    expect(first.code).toBe(1);
    for (const target of ["blockscout", "sourcify", "routescan"]) {
      expect(byTarget(firstRecords, target).map((r) => r.status)).toEqual(Array(contracts).fill("verified"));
    }
    // The first line names every target once, with the URL its requests go to.
    const heading = first.stderr.split("\n").find((line) => line.startsWith("Verifying "));
    expect(heading).toContain(`Verifying ${contracts} contracts on the local explorer at http://127.0.0.1:`);
    expect(heading).toContain(`Etherscan at ${etherscan.apiUrl}?chainid=31337`);
    expect(heading).toContain(`Sourcify at ${sourcify.apiUrl}`);
    expect(heading).toContain(`Routescan at ${routescan.apiUrl}/v2/network/testnet/evm/31337/etherscan/api`);
    // Every record's link is its service's page, never an API call.
    for (const record of firstRecords) expect(record.url).not.toContain("/api");
    const stopped = byTarget(firstRecords, "etherscan").filter((r) => r.error?.code === "quota_exhausted");
    expect(stopped.length).toBeGreaterThan(0);
    expect(first.stderr.split("\n").filter((line) => line.startsWith("stopped     etherscan:"))).toHaveLength(
      1,
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
    for (const record of secondRecords) expect(record.target).toBeDefined();
    // The ledger's word is said once for the run, not once per contract and target.
    expect(second.stderr.split("The ledger records it verified").length - 1).toBeLessThanOrEqual(1);
    for (const target of ["blockscout", "sourcify", "routescan"]) {
      expect(byTarget(secondRecords, target).map((r) => [r.status, r.attempts])).toEqual(
        Array(contracts).fill(["already-verified", 0]),
      );
    }
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

    // Everything verified everywhere: a third run sends no submission to any target.
    const submittedAfter = {
      etherscan: etherscanSubmissions(),
      sourcify: sourcify.submissions().length,
      routescan: routescanSubmissions(),
    };
    const third = await verify(etherscanKey);
    expect(third.code).toBe(0);
    expect(recordsOf(third.stdout).map((r) => r.attempts)).toEqual(Array(4 * contracts).fill(0));
    expect({
      etherscan: etherscanSubmissions(),
      sourcify: sourcify.submissions().length,
      routescan: routescanSubmissions(),
    }).toEqual(submittedAfter);
  }, 300_000);

  it("a wrong Etherscan key fails the Etherscan target alone, in one line; optional, it only warns", async () => {
    const wrong = await verify("NOT-THE-KEY", ["--recheck"]);
    const records = recordsOf(wrong.stdout);
    expect(wrong.code).toBe(1);
    expect(byTarget(records, "etherscan").map((r) => r.error?.code)).toEqual(
      Array(contracts).fill("invalid_api_key"),
    );
    for (const target of ["blockscout", "sourcify", "routescan"]) {
      expect(byTarget(records, target).every((r) => r.status === "already-verified")).toBe(true);
    }
    expect(wrong.stderr.split("\n").filter((line) => line.startsWith("stopped     etherscan:"))).toHaveLength(
      1,
    );
    // Each line of progress names the target it is about.
    const failedLines = wrong.stderr.split("\n").filter((line) => /^\[\w+\] failed /.test(line));
    expect(failedLines).toHaveLength(contracts);
    expect(failedLines.every((line) => line.startsWith("[etherscan] failed "))).toBe(true);
    const optional = await verify("NOT-THE-KEY", ["--recheck", "--optional-targets", "etherscan"]);
    expect(optional.code).toBe(0);
  }, 300_000);

  it("sends each key to its own service only", () => {
    const seenByEtherscan = JSON.stringify(
      etherscan.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    const seenBySourcify = JSON.stringify(
      sourcify.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    expect(etherscan.requests.length).toBeGreaterThan(0);
    expect(seenByEtherscan).toContain(etherscanKey);
    expect(seenByEtherscan).not.toContain(blockscoutKey);
    expect(seenBySourcify).not.toContain(etherscanKey);
    expect(seenBySourcify).not.toContain(blockscoutKey);
    const seenByRoutescan = JSON.stringify(
      routescan.requests.map((r) => [r.path, r.query, r.headers, r.rawBody]),
    );
    expect(seenByRoutescan).toContain(routescanKey);
    for (const key of [etherscanKey, blockscoutKey]) expect(seenByRoutescan).not.toContain(key);
    for (const seen of [seenByEtherscan, seenBySourcify]) expect(seen).not.toContain(routescanKey);
  });
});
