import {
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { Ledger } from "../../../src/ledger/ledger.js";
import { type LedgerEntry, readLedgerDocument, readLedgerFile } from "../../../src/ledger/ledgerFile.js";
import { mergeIntoLedgerFile, mergeLedgerEntries, stampLedgerFile } from "../../../src/ledger/ledgerMerge.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import { mergeShards } from "../../../src/run/shards/mergeShards.js";
import type { Shard } from "../../../src/run/shards/shard.js";
import { writeShardResults } from "../../../src/run/shards/shardFolders.js";
import { type WorkedPlan, withoutStrayEntries } from "../../../src/run/shards/shardParts.js";
import { shardEntry, shardRecord, shardReport, writeShardFolder } from "../../support/shardFolders.js";

const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";
const c = "0x00000000000000000000000000000000000000cc";
// The merge's clock: every date in the folders is before it.
const now = Date.parse("2026-06-01T00:00:00Z");

const contracts = [
  { address: a, contract: "Token", chainId: 1 },
  { address: b, contract: "Fees", chainId: 1 },
];
const services = ["blockscout", "etherscan"] as const;
// The plan: shard 1 verifies on Blockscout, shard 2 on Etherscan.
const report = (shard: string) => shardReport(shard, contracts, [...services]);

function entry(
  address: string,
  status: LedgerEntry["status"],
  updatedAt: string,
  inputHash = "h1",
): LedgerEntry {
  return {
    ...shardEntry(address, 1, "blockscout", status, updatedAt, inputHash),
    explorer: "https://one.example",
  };
}

// A shard that did its part: every contract verified on its explorer, its ledger saying so.
function honest(root: string, shard: "1-of-2" | "2-of-2"): string {
  const service = shard === "1-of-2" ? "blockscout" : "etherscan";
  return writeShardFolder(root, shard, report(shard), {
    ledger: [a, b].map((x) => shardEntry(x, 1, service)),
    results: [a, b].map((x) => shardRecord(x, 1, service)),
  });
}

function merged(from: string[], ledger: string, plan?: string) {
  const lines: string[] = [];
  const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
  const results = mergeShards({ from, ledger, reporter, now, plan });
  return { results, lines, text: lines.join("\n") };
}

const rows = (
  records: ReadonlyArray<{ target?: string; address: string; status: string; error?: { code: string } }>,
) => records.map((r) => `${r.target} ${r.address} ${r.status}${r.error ? ` ${r.error.code}` : ""}`).sort();
const entriesOf = (ledger: string) =>
  readLedgerFile(ledger)
    .map((e) => `${e.explorer} ${e.address} ${e.status}`)
    .sort();
const shardOneEntries = [`local-explorer/chain-1 ${a} verified`, `local-explorer/chain-1 ${b} verified`];

function scratch(): { root: string; ledger: string } {
  const root = mkdtempSync(join(tmpdir(), "merge-"));
  return { root: join(root, "shards"), ledger: join(root, "merged", "ledger.json") };
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

  it("keeps a shard's stamp through the run's writes; the merged ledger has none", () => {
    const { root, ledger } = scratch();
    const path = join(root, "1-of-2", "ledger.json");
    const stamp = { shard: "1-of-2", plan: report("1-of-2").plan };
    stampLedgerFile(path, stamp);
    new Ledger(path).record({ ...shardEntry(a, 1, "blockscout"), status: "pending", guid: "g1" });
    expect(readLedgerDocument(path)).toMatchObject({
      shard: stamp,
      entries: [{ address: a, status: "pending" }],
    });
    mergeIntoLedgerFile(ledger, [readLedgerFile(path)]);
    expect(readLedgerDocument(ledger).shard).toBeUndefined();
  });

  it("keeps the later entry when the sources changed, dates compared as instants", () => {
    const [kept] = mergeLedgerEntries([
      [entry(a, "verified", "2026-01-01T01:00:00+01:00", "old")],
      [entry(a, "failed", "2026-01-01T00:30:00Z", "new")],
    ]);
    expect(kept?.inputHash).toBe("new");
  });
});

describe("a merge of shards", () => {
  it("writes one ledger and one report, the same when merged again", () => {
    const { root, ledger } = scratch();
    const first = merged([honest(root, "1-of-2"), honest(root, "2-of-2")], ledger);
    expect(first.results.complete).toBe(true);
    expect(rows(first.results)).toEqual([
      `blockscout ${a} verified`,
      `blockscout ${b} verified`,
      `etherscan ${a} verified`,
      `etherscan ${b} verified`,
    ]);
    expect(first.text).toContain("blockscout: 2 of 2 contracts verified");
    expect(first.text).not.toContain("fault");
    const written = readFileSync(ledger, "utf8");
    const again = merged([root], ledger);
    expect(again.results.complete).toBe(true);
    expect(rows(again.results)).toEqual(rows(first.results));
    expect(readFileSync(ledger, "utf8")).toBe(written);
  });

  it("shows a shard that never reported as not run, and is not complete", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(results.notRun).toEqual([{ shard: "2-of-2", why: "did not report", fromLedger: 0, notRun: 2 }]);
    expect(rows(results.filter((r) => r.error?.code === "not_run"))).toEqual([
      `etherscan ${a} failed not_run`,
      `etherscan ${b} failed not_run`,
    ]);
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) did not report: 2 records not run; a rerun of that shard with the merged ledger does them.",
    );
  });

  it("counts a shard with a ledger but no results from its ledger, and names it as not having reported them", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [shardEntry(a, 1, "etherscan", "verified"), shardEntry(b, 1, "etherscan", "pending")],
      results: '{"results":[',
    });
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} verified`,
      `etherscan ${b} pending`,
    ]);
    expect(text).toContain("etherscan: 1 of 2 contracts verified");
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) did not report its results: 2 counted from its ledger, 0 records not run",
    );
    expect(text).toContain(
      `fault       shard 2-of-2 (${join(root, "2-of-2")}): results.json is not a run's --json results`,
    );
    expect(entriesOf(ledger)).toContain(`etherscan/chain-1 ${a} verified`);
  });

  it("gives a timeout counted from a shard's ledger its error code, as every timeout record has", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [shardEntry(a, 1, "etherscan", "timeout"), shardEntry(b, 1, "etherscan", "failed")],
      results: undefined,
    });
    expect(rows(merged([root], ledger).results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} timeout timeout`,
      `etherscan ${b} failed verification_failed`,
    ]);
  });

  it("with no shard folder, merges nothing, writes the ledger, and is not complete", () => {
    const { root, ledger } = scratch();
    const { results, text } = merged([join(root, "nothing")], ledger);
    expect(results.complete).toBe(false);
    expect(results).toHaveLength(0);
    expect(text).toContain("does not exist");
    expect(readLedgerFile(ledger)).toEqual([]);
  });

  it("keys records by chain, service and address: the same address on two chains is two contracts", () => {
    const { root, ledger } = scratch();
    const twoChains = [1, 2].flatMap((chainId) =>
      [a, b].map((address) => ({ address, contract: "Token", chainId })),
    );
    for (const [shard, chainId] of [
      ["1-of-2", 1],
      ["2-of-2", 2],
    ] as const)
      writeShardFolder(root, shard, shardReport(shard, twoChains, ["blockscout"]), {
        ledger: [a, b].map((x) => shardEntry(x, chainId, "blockscout")),
        results: [a, b].map((x) => shardRecord(x, chainId, "blockscout")),
      });
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(true);
    expect(results.map((r) => `${r.chainId} ${r.address}`).sort()).toEqual([
      `1 ${a}`,
      `1 ${b}`,
      `2 ${a}`,
      `2 ${b}`,
    ]);
    expect(text).toContain("blockscout: 4 of 4 contracts verified");
  });

  it("on a plan of one chain, takes a shard's part on that chain only; an entry naming no chain is on it", () => {
    const { root, ledger } = scratch();
    const onChainTwo = { ...shardEntry(a, 2, "blockscout"), explorer: "https://two.example/api" };
    const { chainId: _, ...noChain } = { ...shardEntry(b, 1, "blockscout"), explorer: "https://one.example" };
    writeShardFolder(root, "1-of-2", report("1-of-2"), {
      ledger: [shardEntry(a, 1, "blockscout"), noChain, onChainTwo],
      results: [a, b].map((x) => shardRecord(x, 1, "blockscout")),
    });
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [a, b].map((x) => shardEntry(x, 2, "etherscan")),
      results: [shardRecord(a, 2, "etherscan")],
    });
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(entriesOf(ledger)).toEqual([
      `https://one.example ${b} verified`,
      `local-explorer/chain-1 ${a} verified`,
    ]);
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} failed not_run`,
      `etherscan ${b} failed not_run`,
    ]);
    expect(text).toContain("etherscan: 0 of 2 contracts verified");
    expect(text).toContain(
      `fault       shard 1-of-2 (${join(root, "1-of-2")}): 1 ledger entry is about verifications the plan did not give this shard: dropped`,
    );
    expect(text).toContain(
      `fault       shard 2-of-2 (${join(root, "2-of-2")}): 1 record is about verifications the plan did not give this shard: dropped`,
    );
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) reported no record for 2 of its planned verifications (etherscan on chain 1): 2 records not run",
    );
  });

  it("names a shard an interruption cut short, and shows its contracts without a verdict as not run, not failed", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    // SIGTERM (a cancelled job) after a was verified: b's record says only that it was interrupted.
    const interrupted = {
      ...shardRecord(b, 1, "etherscan", "failed"),
      message: "Interrupted by SIGTERM before its verdict.",
      error: { code: "interrupted" as const },
    };
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [shardEntry(a, 1, "etherscan")],
      results: [shardRecord(a, 1, "etherscan"), interrupted],
    });
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(results.notRun).toEqual([
      {
        shard: "2-of-2",
        why: "was cut short (interrupted), and reported no record for 1 of its planned verifications (etherscan on chain 1)",
        fromLedger: 0,
        notRun: 1,
      },
    ]);
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} verified`,
      `etherscan ${b} failed not_run`,
    ]);
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) was cut short (interrupted), and reported no record for 1 of its planned verifications (etherscan on chain 1): 1 record not run",
    );
  });

  it("on a plan of one chain, does not count a shard's ledger entries of another chain as its verdicts", () => {
    const { root, ledger } = scratch();
    // The shared ledger every shard was given, holding the same addresses verified on another chain.
    const shared = [a, b].map((x) => shardEntry(x, 2, "etherscan"));
    mergeIntoLedgerFile(ledger, [shared]);
    honest(root, "1-of-2");
    writeShardFolder(root, "2-of-2", report("2-of-2"), { ledger: shared, results: undefined });
    const { results, text } = merged([root], ledger);
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} failed not_run`,
      `etherscan ${b} failed not_run`,
    ]);
    expect(text).toContain("etherscan: 0 of 2 contracts verified");
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) did not report its results: 2 records not run",
    );
    expect(text).not.toContain("did not give this shard");
    expect(entriesOf(ledger)).toEqual([
      `etherscan/chain-2 ${a} verified`,
      `etherscan/chain-2 ${b} verified`,
      ...shardOneEntries,
    ]);
  });
});

// Each forged or broken folder is named with its shard, claims nothing, and the good shard's entries are all kept.
describe("a merge of a forged or broken folder", () => {
  function forged(make: (root: string) => void, plan?: string) {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    make(root);
    const outcome = merged([root], ledger, plan);
    expect(outcome.results.complete).toBe(false);
    expect(entriesOf(ledger).filter((e) => e.startsWith("local-explorer"))).toEqual(shardOneEntries);
    expect(entriesOf(ledger).filter((e) => e.startsWith("etherscan") && e.endsWith("verified"))).toEqual([]);
    expect(outcome.results.filter((r) => r.target === "etherscan" && r.status === "verified")).toEqual([]);
    return outcome;
  }

  it("drops a shard's claims about another shard's explorer", () => {
    const { root, ledger } = scratch();
    writeShardFolder(root, "1-of-2", report("1-of-2"), {
      ledger: [a, b].flatMap((x) => [shardEntry(x, 1, "blockscout"), shardEntry(x, 1, "etherscan")]),
      results: [a, b].flatMap((x) => [shardRecord(x, 1, "blockscout"), shardRecord(x, 1, "etherscan")]),
    });
    const { results, text } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(entriesOf(ledger)).toEqual(shardOneEntries);
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} failed not_run`,
      `etherscan ${b} failed not_run`,
    ]);
    const at = `fault       shard 1-of-2 (${join(root, "1-of-2")}): `;
    expect(text).toContain(
      `${at}2 records are about verifications the plan did not give this shard: dropped`,
    );
    expect(text).toContain(
      `${at}2 ledger entries are about verifications the plan did not give this shard: dropped`,
    );
    expect(text).toContain("etherscan: 0 of 2 contracts verified");
  });

  it("refuses a folder of another plan, and names it", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    honest(root, "2-of-2");
    const other = shardReport(
      "2-of-2",
      [...contracts, { address: c, contract: "Vault", chainId: 1 }],
      [...services],
    );
    writeShardFolder(root, "stranger", other, {
      ledger: [a, b, c].map((x) => shardEntry(x, 1, "etherscan", "failed", "2026-02-01T00:00:00Z", "h9")),
      results: [a, b, c].map((x) => shardRecord(x, 1, "etherscan", "failed")),
    });
    const { text, results } = merged([root], ledger);
    expect(results.complete).toBe(false);
    expect(text).toMatch(
      /fault {7}shard 2-of-2 \(.*stranger\): is of another plan \([0-9a-f-]+, differing in the contracts \(the bundle or deployment\)\): nothing of it is taken/,
    );
    expect(rows(results)).toEqual([
      `blockscout ${a} verified`,
      `blockscout ${b} verified`,
      `etherscan ${a} verified`,
      `etherscan ${b} verified`,
    ]);
    expect(entriesOf(ledger)).toEqual([
      `etherscan/chain-1 ${a} verified`,
      `etherscan/chain-1 ${b} verified`,
      ...shardOneEntries,
    ]);
  });

  it("names the endpoint of a record it counts from a ledger or as not run, as the explorer's other records do", () => {
    const { root, ledger } = scratch();
    writeShardFolder(root, "1-of-2", report("1-of-2"), {
      ledger: [shardEntry(a, 1, "blockscout")],
      results: [shardRecord(a, 1, "blockscout")],
    });
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan", "pending")),
      results: [shardRecord(a, 1, "etherscan", "pending")],
    });
    const { results } = merged([root], ledger);
    expect(results.map((r) => `${r.target} ${r.address} ${r.status} ${r.explorer}`).sort()).toEqual([
      `blockscout ${a} verified https://blockscout.example`,
      `blockscout ${b} failed https://blockscout.example`,
      `etherscan ${a} failed https://etherscan.example`,
      `etherscan ${b} pending https://etherscan.example`,
    ]);
  });

  it("works out only the plan it judges by, not one each folder claims", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    honest(root, "2-of-2");
    // A plan that states its own digest rightly: working it out would place its explorers (and here finds it cannot).
    const claimed = shardReport(
      "1-of-2",
      [1, 2, 3].map((chainId) => ({ address: c, contract: "Vault", chainId })),
      ["etherscan"],
      { keySecrets: "etherscan:1=ONE,etherscan:2=TWO,etherscan:3=THREE" },
    );
    writeShardFolder(root, "stranger", claimed, { ledger: [], results: [] });
    const { text, results } = merged([root], ledger);
    expect(text).toMatch(/fault {7}shard 1-of-2 \(.*stranger\): is of another plan/);
    expect(text).not.toContain("cannot be worked out");
    expect(rows(results).filter((row) => row.endsWith("verified"))).toHaveLength(4);
  });

  it("between two plans named as often, judges by the one it is given", () => {
    const { text } = forged((root) => {
      const other = shardReport(
        "2-of-2",
        [...contracts, { address: c, contract: "Vault", chainId: 1 }],
        [...services],
      );
      writeShardFolder(root, "2-of-2", other, {
        ledger: [a, b, c].map((x) => shardEntry(x, 1, "etherscan")),
        results: [a, b, c].map((x) => shardRecord(x, 1, "etherscan")),
      });
    }, report("1-of-2").plan);
    expect(text).toMatch(/fault {7}shard 2-of-2 \(.*\): is of another plan/);
  });

  it("names the planned explorers no shard reported when a shard ran with other targets", () => {
    const { text, results } = forged((root) => {
      // Given blockscout only, shard 2 of that other plan has no explorer: nothing to do, nothing recorded.
      writeShardFolder(root, "2-of-2", shardReport("2-of-2", contracts, ["blockscout"]), {
        ledger: [],
        results: [],
      });
    });
    expect(text).toMatch(
      /fault {7}shard 2-of-2 \(.*\): is of another plan \([0-9a-f-]+, differing in the targets\)/,
    );
    expect(text).toContain(
      "not run     shard 2-of-2 (etherscan on chain 1) did not report: 2 records not run",
    );
    expect(results.notRun).toEqual([{ shard: "2-of-2", why: "did not report", fromLedger: 0, notRun: 2 }]);
  });

  it("judges by the plan it is given, and refuses every folder of another", () => {
    const { root, ledger } = scratch();
    for (const shard of ["1-of-2", "2-of-2"])
      writeShardFolder(root, shard, shardReport(shard, contracts, ["blockscout"]), {
        ledger: shard === "1-of-2" ? [a, b].map((x) => shardEntry(x, 1, "blockscout")) : [],
        results: shard === "1-of-2" ? [a, b].map((x) => shardRecord(x, 1, "blockscout")) : [],
      });
    const { text, results } = merged([root], ledger, report("1-of-2").plan);
    expect(results.complete).toBe(false);
    expect(results).toHaveLength(0);
    const own = shardReport("1-of-2", contracts, ["blockscout"]).plan;
    for (const shard of ["1-of-2", "2-of-2"])
      expect(text).toContain(
        `fault       shard ${shard} (${join(root, shard)}): is of another plan (${own}): nothing of it is taken`,
      );
    expect(text).toContain(
      `no shard's results name the plan ${report("1-of-2").plan}: nothing of the shards was merged`,
    );
    expect(readLedgerFile(ledger)).toEqual([]);
  });

  it("keeps of an explorer split by rate only the shard's own addresses", () => {
    const { root, ledger } = scratch();
    const d = "0x00000000000000000000000000000000000000dd";
    const four = [a, b, c, d].map((address) => ({ address, contract: "Token", chainId: 1 }));
    // 10 requests/s on Blockscout allows two parts: shard 1 holds a and b, shard 2 c and d.
    const split = shardReport("1-of-2", four, ["blockscout"], { requestsPerSecond: 10 });
    writeShardFolder(root, "1-of-2", split, {
      ledger: [a, b, c].map((x) => shardEntry(x, 1, "blockscout")),
      results: [a, b, c].map((x) => shardRecord(x, 1, "blockscout")),
    });
    const { text, results } = merged([root], ledger);
    expect(rows(results)).toEqual([
      `blockscout ${a} verified`,
      `blockscout ${b} verified`,
      `blockscout ${c} failed not_run`,
      `blockscout ${d} failed not_run`,
    ]);
    expect(text).toContain("1 record is about verifications the plan did not give this shard: dropped");
    expect(text).toContain("1 ledger entry is about verifications the plan did not give this shard: dropped");
    expect(entriesOf(ledger)).toEqual([
      `local-explorer/chain-1 ${a} verified`,
      `local-explorer/chain-1 ${b} verified`,
    ]);
  });

  it("does not let a copied folder that names itself 2-of-2 stand for the missing shard", () => {
    const { text, results } = forged((root) => {
      cpSync(join(root, "1-of-2"), join(root, "copy"), { recursive: true });
      const stated = report("2-of-2");
      writeShardFolder(root, "copy", stated, {
        ledger: [a, b].map((x) => shardEntry(x, 1, "blockscout")),
        results: [a, b].map((x) => shardRecord(x, 1, "blockscout")),
      });
    });
    expect(text).toContain(`fault       shard 2-of-2 (`);
    expect(text).toContain("2 records are about verifications the plan did not give this shard: dropped");
    expect(results.notRun).toEqual([
      {
        shard: "2-of-2",
        why: "reported no record for 2 of its planned verifications (etherscan on chain 1)",
        fromLedger: 0,
        notRun: 2,
      },
    ]);
  });

  it("drops a ledger entry dated later than the merge's clock, or not an instant", () => {
    const { text } = forged((root) => {
      writeShardFolder(root, "2-of-2", report("2-of-2"), {
        ledger: [
          shardEntry(a, 1, "etherscan", "verified", "9999-12-31T00:00:00Z"),
          {
            ...shardEntry(b, 1, "etherscan", "verified"),
            firstSeenAt: "yesterday",
          },
        ],
        results: [a, b].map((x) => shardRecord(x, 1, "etherscan")),
      });
    });
    expect(text).toContain(
      "2 ledger entries have dates that are not an instant, or later than the merge's clock: dropped",
    );
    expect(text).toContain("2 records say verified where its ledger does not: not counted");
  });

  it("does not let a later date replace a verified entry of the merged ledger", () => {
    const { root, ledger } = scratch();
    honest(root, "1-of-2");
    honest(root, "2-of-2");
    merged([root], ledger);
    writeShardFolder(root, "2-of-2", report("2-of-2"), {
      ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan", "failed", "9999-12-31T00:00:00Z", "h2")),
      results: [a, b].map((x) => shardRecord(x, 1, "etherscan", "failed")),
    });
    merged([root], ledger);
    expect(entriesOf(ledger).filter((e) => e.startsWith("etherscan"))).toEqual([
      `etherscan/chain-1 ${a} verified`,
      `etherscan/chain-1 ${b} verified`,
    ]);
  });

  it("does not count a verified record its ledger does not record verified", () => {
    const { text, results } = forged((root) => {
      writeShardFolder(root, "2-of-2", report("2-of-2"), {
        ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan", "pending")),
        results: [a, b].map((x) => shardRecord(x, 1, "etherscan")),
      });
    });
    expect(text).toContain("2 records say verified where its ledger does not: not counted");
    expect(rows(results.filter((r) => r.target === "etherscan"))).toEqual([
      `etherscan ${a} failed not_run`,
      `etherscan ${b} failed not_run`,
    ]);
  });

  function withResultsFile(place: (path: string, root: string) => void) {
    return forged((root) => {
      const folder = writeShardFolder(root, "2-of-2", report("2-of-2"), {
        ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan", "pending")),
      });
      place(join(folder, "results.json"), root);
    });
  }

  it("does not follow a results.json that is a link out of its folder", () => {
    const { text } = withResultsFile((path, root) => {
      const outside = join(root, "..", "outside.json");
      writeFileSync(
        outside,
        JSON.stringify({
          results: [a, b].map((x) => shardRecord(x, 1, "etherscan")),
          shard: report("2-of-2"),
        }),
      );
      symlinkSync(outside, path);
    });
    expect(text).toContain("results.json is a link, not a regular file");
    expect(text).toContain("shard 2-of-2 (etherscan on chain 1) did not report its results");
  });

  it("does not read a results.json that is a link to /dev/zero", () => {
    const { text } = withResultsFile((path) => symlinkSync("/dev/zero", path));
    expect(text).toContain("results.json is a link");
  });

  it("does not read a results.json over 64 MiB", () => {
    const { text } = withResultsFile((path) => {
      writeFileSync(path, "");
      truncateSync(path, 600 * 1_048_576);
    });
    expect(text).toContain("results.json is 629145600 bytes, over the 64 MiB such a file may hold");
  });

  it("reads at most 256 MiB of shards' files in all, a hard link counted each time", () => {
    const { text } = forged((root) => {
      const big = join(root, "..", "big.json");
      writeFileSync(big, "");
      truncateSync(big, 60 * 1_048_576);
      for (const copy of [1, 2, 3, 4, 5]) {
        mkdirSync(join(root, `copy-${copy}`));
        linkSync(big, join(root, `copy-${copy}`, "results.json"));
      }
    });
    expect(text.match(/results.json is not a run's --json results/g)).toHaveLength(4);
    expect(text).toMatch(
      /fault {7}.*copy-5: is not read: its files would take the merge past 256 MiB of shards' files in all; merge fewer folders at once/,
    );
  });

  it("does not read a folder in place of results.json", () => {
    const { text } = withResultsFile((path) => mkdirSync(path));
    expect(text).toContain("results.json is not a regular file");
  });

  it("does not read a shard folder that is a link", () => {
    const { text } = forged((root) => {
      const outside = mkdtempSync(join(tmpdir(), "merge-outside-"));
      honest(outside, "2-of-2");
      symlinkSync(join(outside, "2-of-2"), join(root, "2-of-2"));
    });
    expect(text).toContain("is not a folder (a link or a file): nothing in it is read");
  });
});

describe("a shard's results file", () => {
  it("replaces a link at its name (committed to the repository) instead of writing through it", () => {
    const root = mkdtempSync(join(tmpdir(), "explorer-verify-shard-results-"));
    const outside = join(root, "victim.txt");
    writeFileSync(outside, "kept");
    mkdirSync(join(root, "shard"));
    symlinkSync(outside, join(root, "shard", "results.json"));
    const results = Object.assign([shardRecord(a, 1, "etherscan")], { shard: report("1-of-1") });
    const written = writeShardResults(join(root, "shard", "ledger.json"), results);
    expect(readFileSync(outside, "utf8")).toBe("kept");
    expect(JSON.parse(readFileSync(written, "utf8"))).toEqual({
      results: [...results],
      shard: report("1-of-1"),
    });
  });
});

describe("the entries a merged ledger too large to read drops", () => {
  it("are said against the shard that owns them, and against the merged ledger when no shard does", () => {
    const plan: WorkedPlan = {
      digest: "d",
      shards: new Array<Shard>(2),
      oneChain: true,
      contracts: [],
      // Blockscout's part is shard 1's; no shard of this plan verifies on Etherscan.
      ownerOf: (service) => (service === "blockscout" ? 1 : undefined),
      keyOf: (service, chainId, address) => `${chainId} ${service} ${address}`,
    };
    const said: Array<string | undefined> = [];
    const kept = withoutStrayEntries(
      [
        shardEntry(`0x${"01".repeat(20)}`, 1, "blockscout"),
        shardEntry(`0x${"02".repeat(20)}`, 1, "etherscan"),
      ],
      plan,
      new Set(),
      (shard) => said.push(shard),
    );
    expect(kept).toEqual([]);
    expect(said).toEqual(["1-of-2", undefined]);
  });
});
