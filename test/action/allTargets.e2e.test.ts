import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { foundryFixture } from "../inputs/hardhatProject.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import {
  type EtherscanEmulator,
  startEtherscanEmulator,
  startRoutescanEmulator,
} from "../support/etherscanEmulator.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The Action, bundled fresh from the sources, on a real local chain holding the Foundry fixture's broadcast,
// verifying on four targets in one run: the local explorer (Blockscout), an Etherscan API v2 stand-in, a Sourcify
// API v2 stand-in and a Routescan stand-in (real matching). The CLI's twin is test/run/allTargets.e2e.test.ts.
const blockscoutKey = "BLOCKSCOUT-KEY-0123456789";
const etherscanKey = "ETHERSCAN-KEY-9876543210";
const routescanKey = "ROUTESCAN-KEY-1357924680";
const targets = ["blockscout", "etherscan", "sourcify", "routescan"];
// The targets an Etherscan refusal leaves alone.
const others = ["blockscout", "sourcify", "routescan"];
let bundleDir: string;
let workspace: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let routescan: EtherscanEmulator;
/** What the local explorer received, as it parsed it. */
const blockscoutRequests: ReceivedRequest[] = [];
/** Every run of the Action, for what it showed. */
const runs: ActionRun[] = [];
// The fixture broadcast's contracts, the CREATE2 one included (as cli.e2e counts them).
const contracts = 5;

beforeAll(async () => {
  bundleDir = await buildFreshBundle();
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-all-targets-"));
  await cp(foundryFixture, workspace, { recursive: true });
  chain = await startHardhatChain();
  await replayBroadcast(chain.rpcUrl);
  [explorer, etherscan, sourcify, routescan] = await Promise.all([
    startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      onRequest: (request) => blockscoutRequests.push(request),
    }),
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
  await Promise.all([explorer?.close(), etherscan?.close(), sourcify?.close(), routescan?.close()]);
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

async function verify(key: string, extra: Record<string, string> = {}): Promise<ActionRun> {
  const run = await runAction(
    {
      "explorer-url": explorer.url,
      "api-key": blockscoutKey,
      "etherscan-api-key": key,
      "routescan-api-key": routescanKey,
      targets: targets.join(","),
      deployment: runLatest,
      artifacts: "out",
      "rpc-url": chain.rpcUrl,
      ledger: ".explorer-verify/ledger.json",
      "timeout-seconds": "60",
      ...extra,
    },
    workspace,
    {
      EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
      EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl,
      EXPLORER_VERIFY_ROUTESCAN_API_URL: routescan.apiUrl,
    },
    join(bundleDir, "index.js"),
  );
  runs.push(run);
  return run;
}

const recordsOf = (run: ActionRun) => JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
const byTarget = (records: VerificationResult[], target: string) =>
  records.filter((r) => r.target === target);
const stoppedLines = (run: ActionRun) =>
  run.stdout.split("\n").filter((line) => line.startsWith("stopped     etherscan:"));
const stoppedLine = (message: string, count: number) =>
  `stopped     etherscan: ${message} (${count} contract${count === 1 ? "" : "s"} not verified there; ${message === wrongKeyMessage ? "a rerun with a valid key resumes them" : "a rerun with the ledger after the quota resets resumes them"})`;
const quotaMessage =
  "Etherscan's daily quota is used up: Max daily rate limit reached. 110000 (100%) of 100000 day/limit. Nothing more is sent to this service in this run.";
const wrongKeyMessage =
  "Etherscan refused the API key: Invalid API Key (#err2)|10. Nothing more is sent to this service in this run.";
const isBlockscoutSubmission = (r: ReceivedRequest) =>
  (r.query.action ?? r.body.action) === "verifysourcecode" || r.path.includes("/verification/via/");
const submissions = () => ({
  blockscout: blockscoutRequests.filter(isBlockscoutSubmission).length,
  etherscan: etherscan.requestsFor("verifysourcecode").length,
  sourcify: sourcify.submissions().length,
  routescan: routescan.requestsFor("verifysourcecode").length,
});

describe("one Action run on Blockscout, Etherscan, Sourcify and Routescan", () => {
  it("verifies on all three at once; a daily quota stops Etherscan alone, and the next run resumes it from the ledger", async () => {
    // Etherscan's day ends after a few requests: its target stops, the two others finish.
    etherscan.dailyQuotaAfter(4);
    const first = await verify(etherscanKey);
    const firstRecords = recordsOf(first);
    expect(first.code).toBe(1);
    expect(firstRecords).toHaveLength(targets.length * contracts);
    for (const record of firstRecords) expect(targets).toContain(record.target);
    for (const target of others) {
      expect(byTarget(firstRecords, target).map((r) => r.status)).toEqual(Array(contracts).fill("verified"));
    }
    const stopped = byTarget(firstRecords, "etherscan").filter((r) => r.error?.code === "quota_exhausted");
    expect(stopped.length).toBeGreaterThan(0);
    expect(stoppedLines(first)).toEqual([stoppedLine(quotaMessage, stopped.length)]);
    expect(first.stdout).toContain(
      `::error::Contracts that could not be verified: ${stopped.length} of ${contracts} on etherscan.`,
    );
    // Counted per contract, and per target in `counts`: five contracts on four targets are not twenty.
    expect(first.outputs["failed-count"]).toBe(String(stopped.length));
    expect(JSON.parse(first.outputs.counts ?? "{}")).toMatchObject({
      blockscout: { verified: contracts, failed: 0 },
      etherscan: { failed: stopped.length },
      routescan: { verified: contracts, failed: 0 },
    });

    // A new day: the rerun sends Etherscan only what it did not take, and nothing to the two others.
    etherscan.dailyQuotaAfter(Number.POSITIVE_INFINITY);
    const before = submissions();
    const second = await verify(etherscanKey);
    const secondRecords = recordsOf(second);
    expect({ code: second.code, stdout: second.stdout }).toMatchObject({ code: 0 });
    expect(secondRecords).toHaveLength(targets.length * contracts);
    for (const record of secondRecords) expect(targets).toContain(record.target);
    for (const target of others) {
      expect(byTarget(secondRecords, target).map((r) => [r.status, r.attempts])).toEqual(
        Array(contracts).fill(["already-verified", 0]),
      );
    }
    const afterSecond = submissions();
    expect(afterSecond.blockscout).toBe(before.blockscout);
    expect(afterSecond.sourcify).toBe(before.sourcify);
    expect(afterSecond.routescan).toBe(before.routescan);
    // Only what Etherscan did not take is sent again (one stopped while its guid was polled is polled, not resent).
    expect(afterSecond.etherscan - before.etherscan).toBeLessThanOrEqual(stopped.length);
    expect(afterSecond.etherscan - before.etherscan).toBeGreaterThan(0);
    expect(
      byTarget(secondRecords, "etherscan").every(
        (r) => r.status === "verified" || r.status === "already-verified",
      ),
    ).toBe(true);

    // Everything verified everywhere: a third run sends no submission to any target.
    const third = await verify(etherscanKey);
    expect(third.code).toBe(0);
    expect(recordsOf(third).map((r) => r.attempts)).toEqual(Array(targets.length * contracts).fill(0));
    expect(submissions()).toEqual(afterSecond);
  }, 300_000);

  it("a wrong Etherscan key fails the Etherscan target alone, in one line; optional, it only warns", async () => {
    const wrong = await verify("NOT-THE-KEY", { recheck: "true" });
    const records = recordsOf(wrong);
    expect(wrong.code).toBe(1);
    expect(byTarget(records, "etherscan").map((r) => r.error?.code)).toEqual(
      Array(contracts).fill("invalid_api_key"),
    );
    for (const target of others) {
      expect(byTarget(records, target).every((r) => r.status === "already-verified")).toBe(true);
    }
    expect(stoppedLines(wrong)).toEqual([stoppedLine(wrongKeyMessage, contracts)]);
    expect(wrong.stdout).toContain("::error::Contracts that could not be verified: 5 of 5 on etherscan.");
    // Each annotation names the target it is about.
    expect(
      wrong.stdout
        .split("\n")
        .filter((line) => line.startsWith("::error title=Verification failed on etherscan%3A ")),
    ).toHaveLength(contracts);

    const optional = await verify("NOT-THE-KEY", { recheck: "true", "optional-targets": "etherscan" });
    expect(optional.code).toBe(0);
    expect(stoppedLines(optional)).toEqual([stoppedLine(wrongKeyMessage, contracts)]);
    expect(optional.stdout).not.toContain("::error");
    expect(optional.stdout.split("\n").filter((line) => line.startsWith("::warning "))).toHaveLength(
      contracts,
    );
  }, 300_000);

  it("shows a row per contract in the job summary, with a column per target linked to its page", async () => {
    const run = await verify(etherscanKey);
    expect(run.code).toBe(0);
    const records = recordsOf(run);
    const header = ["Contract", "Address", ...targets].map((cell) => `<th>${cell}</th>`).join("");
    expect(run.summary).toContain(
      `<p>${contracts} contracts on ${targets.join(", ")}&#58; ${targets.map((t) => `${t} ${contracts} already verified`).join("; ")}</p>\n<table><tr>${header}</tr>`,
    );
    const rows = run.summary.match(/<tr><td>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(contracts);
    const ledgerNote =
      "<br>The ledger records it verified with this input; the explorer was not asked &#40;recheck asks it&#41;.";
    const cell = (r: VerificationResult | undefined) =>
      `<td><a href="${r?.url.replaceAll("&", "&#38;")}">✅ already verified</a>${r?.message ? ledgerNote : ""}</td>`;
    for (const blockscout of byTarget(records, "blockscout")) {
      const on = (target: string) => byTarget(records, target).find((r) => r.address === blockscout.address);
      expect(rows).toContain(
        `<tr><td>${blockscout.contract.replace(":", "&#58;")}</td><td>${blockscout.address}</td>${targets.map((t) => cell(on(t))).join("")}</tr>`,
      );
    }
  }, 120_000);

  it("a used-up daily quota on an optional Etherscan only warns", async () => {
    etherscan.dailyQuotaAfter(0);
    try {
      const run = await verify(etherscanKey, { recheck: "true", "optional-targets": "etherscan" });
      const records = recordsOf(run);
      expect(run.code).toBe(0);
      expect(byTarget(records, "etherscan").map((r) => r.error?.code)).toEqual(
        Array(contracts).fill("quota_exhausted"),
      );
      expect(stoppedLines(run)).toEqual([stoppedLine(quotaMessage, contracts)]);
      expect(run.stdout).not.toContain("::error");
    } finally {
      etherscan.dailyQuotaAfter(Number.POSITIVE_INFINITY);
    }
  }, 120_000);

  it("sends each key to its own service only, and shows neither", () => {
    const seen = (requests: ReceivedRequest[]) =>
      JSON.stringify(requests.map((r) => [r.path, r.query, r.headers, r.rawBody]));
    const seenByBlockscout = seen(blockscoutRequests);
    const seenByEtherscan = seen(etherscan.requests);
    const seenBySourcify = seen(sourcify.requests);
    const seenByRoutescan = seen(routescan.requests);
    expect(seenByRoutescan).toContain(routescanKey);
    for (const key of [blockscoutKey, etherscanKey]) expect(seenByRoutescan).not.toContain(key);
    for (const other of [seenByBlockscout, seenByEtherscan, seenBySourcify])
      expect(other).not.toContain(routescanKey);
    expect(seenByBlockscout).toContain(blockscoutKey);
    expect(seenByBlockscout).not.toContain(etherscanKey);
    expect(seenByEtherscan).toContain(etherscanKey);
    expect(seenByEtherscan).not.toContain(blockscoutKey);
    expect(seenBySourcify).not.toContain(etherscanKey);
    expect(seenBySourcify).not.toContain(blockscoutKey);
    // The runner masks what `::add-mask::` names: every other line of every run is free of both keys.
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      const shown = [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary]
        .join("\n")
        .split("\n")
        .filter((line) => !line.startsWith("::add-mask::"))
        .join("\n");
      for (const key of [blockscoutKey, etherscanKey, routescanKey]) {
        expect(shown).not.toContain(key);
        expect(shown).not.toContain(encodeURIComponent(key));
      }
    }
  });
});
