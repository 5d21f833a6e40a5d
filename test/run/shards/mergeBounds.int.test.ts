import { mkdirSync, mkdtempSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { readLedgerFile, writeLedgerFile } from "../../../src/ledger/ledgerFile.js";
import { maxAnswerBytes } from "../../../src/options/verificationOptions.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import { mergeShards } from "../../../src/run/shards/mergeShards.js";
import { shardEntry, shardRecord, shardReport, writeShardFolder } from "../../support/shardFolders.js";

// A shard whose ledger is padded with entries for contracts the plan never named, under the read cap each (a
// shard's own explorer takes any address: a contract it found created is one), but together past what a merged
// ledger may hold: the merge writes a ledger every later run can read, and loses no good shard's entry.
const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";
const contracts = [
  { address: a, contract: "Token", chainId: 1 },
  { address: b, contract: "Fees", chainId: 1 },
];
const report = (shard: string) => shardReport(shard, contracts, ["blockscout", "etherscan"]);
const padding = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...shardEntry(`0x${(i + 0x1000).toString(16).padStart(40, "0")}`, 1, "blockscout"),
    contract: `contracts/Padding${i}.sol:Padding${i}`,
    inputHash: `sha256:${"ab".repeat(32)}`,
  }));

describe("a merged ledger too large for any run to read", () => {
  it("is never written: a shard's entries about contracts the plan does not name and no shard reported go", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-cap-"));
    const shards = join(root, "shards");
    const ledger = join(root, "merged", "ledger.json");
    const reported = `0x${"cd".repeat(20)}`;
    // The merged ledger a workflow restored: another deployment's contract, which the plan does not name either.
    const earlier = `0x${"ef".repeat(20)}`;
    mkdirSync(join(root, "merged"));
    writeLedgerFile(ledger, [shardEntry(earlier, 1, "blockscout")]);
    writeShardFolder(shards, "1-of-2", report("1-of-2"), {
      ledger: [...[a, b, reported].map((x) => shardEntry(x, 1, "blockscout")), ...padding(170_000)],
      results: [a, b, reported].map((x) => shardRecord(x, 1, "blockscout")),
    });
    writeShardFolder(shards, "2-of-2", report("2-of-2"), {
      ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan")),
      results: [a, b].map((x) => shardRecord(x, 1, "etherscan")),
    });
    const lines: string[] = [];
    const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
    mergeShards({ from: [shards], ledger, reporter, now: Date.parse("2026-06-01T00:00:00Z") });
    expect(statSync(ledger).size).toBeLessThanOrEqual(maxAnswerBytes);
    expect(
      readLedgerFile(ledger)
        .map((e) => `${e.explorer} ${e.address}`)
        .sort(),
    ).toEqual(
      [
        ...[a, b, reported, earlier].map((x) => `local-explorer/chain-1 ${x}`),
        ...[a, b].map((x) => `etherscan/chain-1 ${x}`),
      ].sort(),
    );
    expect(lines.join("\n")).toMatch(
      /fault {7}shard 1-of-2 \(.*\): the merged ledger would be too large for any run to read: 170000 of its entries, about contracts the plan does not name and no shard reported, are dropped/,
    );
  }, 120_000);
});

describe("the merge's read budget", () => {
  it("is spent on the smallest folders first: a stranger's huge folders cannot leave the shards' own unread", () => {
    const root = mkdtempSync(join(tmpdir(), "merge-budget-"));
    const shards = join(root, "shards");
    for (const [shard, service] of [
      ["1-of-2", "blockscout"],
      ["2-of-2", "etherscan"],
    ] as const)
      writeShardFolder(shards, shard, report(shard), {
        ledger: [a, b].map((x) => shardEntry(x, 1, service)),
        results: [a, b].map((x) => shardRecord(x, 1, service)),
      });
    // Sorted before the shards' own, each file at the cap (sparse: nothing is written to disk).
    for (const junk of ["0a", "0b"]) {
      mkdirSync(join(shards, junk), { recursive: true });
      for (const file of ["ledger.json", "results.json"]) {
        writeFileSync(join(shards, junk, file), "");
        truncateSync(join(shards, junk, file), maxAnswerBytes);
      }
    }
    const lines: string[] = [];
    const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
    const results = mergeShards({
      from: [shards],
      ledger: join(root, "merged.json"),
      reporter,
      now: Date.parse("2026-06-01T00:00:00Z"),
    });
    expect(results.notRun).toEqual([]);
    expect(results.map((r) => `${r.target} ${r.status}`).sort()).toEqual([
      "blockscout verified",
      "blockscout verified",
      "etherscan verified",
      "etherscan verified",
    ]);
    expect(lines.join("\n")).toMatch(
      /fault {7}.*0b: is not read: its files would take the merge past 256 MiB/,
    );
  }, 120_000);
});
