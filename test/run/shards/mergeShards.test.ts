import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { type LedgerEntry, readLedgerFile } from "../../../src/ledger/ledgerFile.js";
import { mergeLedgerEntries } from "../../../src/ledger/ledgerMerge.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import type { ShardReport } from "../../../src/run/report/runResults.js";
import { mergeShards } from "../../../src/run/shards/mergeShards.js";
import type { VerificationResult } from "../../../src/verify/job.js";

const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";

function entry(
  address: string,
  status: LedgerEntry["status"],
  updatedAt: string,
  inputHash = "h1",
): LedgerEntry {
  return {
    explorer: "https://one.example",
    address,
    chainId: 1,
    contract: "Token",
    format: "standard-json",
    inputHash,
    status,
    firstSeenAt: "2026-01-01T00:00:00Z",
    updatedAt,
  };
}

function record(
  address: string,
  chainId: number,
  target: "blockscout" | "etherscan",
  status: VerificationResult["status"],
): VerificationResult {
  return {
    address,
    contract: "Token",
    explorer: "https://one.example",
    format: "standard-json",
    status,
    url: "",
    attempts: 1,
    durationMs: 1,
    chainId,
    target,
    ...(status === "failed" ? { error: { code: "verification_failed" as const }, message: "no" } : {}),
  };
}

const plan: ShardReport = {
  shard: "",
  plan: [
    { shard: "1-of-3", explorers: [{ service: "blockscout", chainId: 1 }] },
    { shard: "2-of-3", explorers: [{ service: "etherscan", chainId: 1 }] },
    { shard: "3-of-3", explorers: [] },
  ],
  oneChain: true,
  contracts: [
    { address: a, contract: "Token", chainId: 1 },
    { address: b, contract: "Fees", chainId: 1 },
  ],
};

function shardFolder(
  root: string,
  name: string,
  ledger: LedgerEntry[],
  results: VerificationResult[] | string,
): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "ledger.json"), JSON.stringify({ version: 1, entries: ledger }));
  writeFileSync(
    join(folder, "results.json"),
    typeof results === "string" ? results : JSON.stringify({ results, shard: { ...plan, shard: name } }),
  );
  return folder;
}

function merged(from: string[], ledger: string) {
  const lines: string[] = [];
  const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
  return { results: mergeShards({ from, ledger, reporter }), lines };
}

describe("the ledger's merge", () => {
  it("keeps verified over pending, pending over failed, for the same sources", () => {
    const kept = mergeLedgerEntries([
      [entry(a, "verified", "2026-01-01T00:00:01Z"), entry(b, "failed", "2026-01-01T00:00:09Z")],
      [entry(a, "pending", "2026-01-01T00:00:05Z"), entry(b, "pending", "2026-01-01T00:00:02Z")],
    ]);
    expect(kept.map((e) => [e.address, e.status])).toEqual([
      [a, "verified"],
      [b, "pending"],
    ]);
  });

  it("keeps the later entry when the sources changed", () => {
    const [kept] = mergeLedgerEntries([
      [entry(a, "verified", "2026-01-01T00:00:01Z", "old")],
      [entry(a, "failed", "2026-01-01T00:00:05Z", "new")],
    ]);
    expect(kept?.inputHash).toBe("new");
  });
});

describe("a merge of shards", () => {
  it("writes one ledger and one report, the same when merged again", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-"));
    const one = shardFolder(
      root,
      "1-of-3",
      [entry(a, "verified", "2026-01-01T00:00:01Z")],
      [record(a, 1, "blockscout", "verified"), record(b, 1, "blockscout", "already-verified")],
    );
    const two = shardFolder(
      root,
      "2-of-3",
      [entry(b, "pending", "2026-01-01T00:00:02Z")],
      [record(a, 1, "etherscan", "verified"), record(b, 1, "etherscan", "pending")],
    );
    const ledger = join(mkdtempSync(join(tmpdir(), "merged-")), "ledger.json");
    const first = merged([one, two], ledger);
    expect(first.results.complete).toBe(true);
    expect(first.results).toHaveLength(4);
    const written = readFileSync(ledger, "utf8");
    const again = merged([root], ledger);
    expect(again.results.complete).toBe(true);
    expect(
      [...again.results].sort((x, y) => `${x.target}${x.address}`.localeCompare(`${y.target}${y.address}`)),
    ).toEqual(
      [...first.results].sort((x, y) => `${x.target}${x.address}`.localeCompare(`${y.target}${y.address}`)),
    );
    expect(readFileSync(ledger, "utf8")).toBe(written);
    expect(
      readLedgerFile(ledger)
        .map((e) => e.status)
        .sort(),
    ).toEqual(["pending", "verified"]);
  });

  it("shows a shard that never reported as not run, and is not complete", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-"));
    shardFolder(
      root,
      "1-of-3",
      [entry(a, "verified", "2026-01-01T00:00:01Z")],
      [record(a, 1, "blockscout", "verified"), record(b, 1, "blockscout", "verified")],
    );
    const { results, lines } = merged([root], join(root, "ledger.json"));
    expect(results.complete).toBe(false);
    expect(results.notRun).toEqual([{ shard: "2-of-3", contracts: 2 }]);
    const notRun = results.filter((r) => r.error?.code === "not_run");
    expect(notRun.map((r) => [r.target, r.address])).toEqual([
      ["etherscan", a],
      ["etherscan", b],
    ]);
    expect(lines.join("\n")).toMatch(/shard 2-of-3 \(etherscan on chain 1\) did not report/);
  });

  it("keeps a cut-short shard's ledger, and shows its contracts as not run", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-"));
    shardFolder(
      root,
      "1-of-3",
      [],
      [record(a, 1, "blockscout", "verified"), record(b, 1, "blockscout", "verified")],
    );
    shardFolder(
      root,
      "2-of-3",
      [{ ...entry(a, "verified", "2026-01-01T00:00:03Z"), explorer: "https://two.example" }],
      '{"results":[',
    );
    const ledger = join(root, "ledger.json");
    const { results, lines } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(results.notRun).toEqual([{ shard: "2-of-3", contracts: 2 }]);
    expect(readLedgerFile(ledger).map((e) => e.explorer)).toEqual(["https://two.example"]);
    expect(lines.join("\n")).toMatch(/not a run's --json results/);
  });

  it("with no shard folder, merges nothing and is not complete", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-"));
    const { results } = merged([join(root, "nothing")], join(root, "ledger.json"));
    expect(results.complete).toBe(false);
    expect(results).toHaveLength(0);
  });
});
