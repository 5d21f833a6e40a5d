import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { runActionInProcess } from "../support/actionInProcess.js";
import { parseOutputFile } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { shardEntry, shardRecord, shardReport, writeShardFolder } from "../support/shardFolders.js";

// The merge step (input merge-from) reports as a verify step does: outputs, annotations, the job summary, a failed
// step when the merge is incomplete or a contract failed.
const a = testAddress(0xf1);
const b = testAddress(0xf2);

const contracts = [
  { address: a, contract: "Token", chainId: 1 },
  { address: b, contract: "Fees", chainId: 1 },
];

function shardFolder(root: string, name: string, results: VerificationResult[]): void {
  writeShardFolder(root, name, shardReport(name, contracts, ["blockscout", "etherscan"]), {
    ledger: results.map((r) => shardEntry(r.address, 1, r.target ?? "blockscout")),
    results,
  });
}

function record(address: string, target: "blockscout" | "etherscan"): VerificationResult {
  return {
    ...shardRecord(address, 1, target),
    contract: address === a ? "Token" : "Fees",
    url: `https://one.example/address/${address}#code`,
  };
}

// @actions/core keeps the first summary path it reads: one file for the test file, emptied before each merge.
const runner = mkdtempSync(join(tmpdir(), "explorer-verify-merge-step-"));
const summaryFile = join(runner, "summary.md");

async function merge(
  shards: readonly string[],
  inputs: Record<string, string> = {},
  prepare: (workspace: string) => void = () => {},
) {
  const workspace = mkdtempSync(join(tmpdir(), "explorer-verify-merge-workspace-"));
  prepare(workspace);
  if (shards.includes("1-of-2"))
    shardFolder(
      join(workspace, "shards"),
      "1-of-2",
      [a, b].map((x) => record(x, "blockscout")),
    );
  if (shards.includes("2-of-2"))
    shardFolder(
      join(workspace, "shards"),
      "2-of-2",
      [a, b].map((x) => record(x, "etherscan")),
    );
  mkdirSync(join(workspace, "shards"), { recursive: true });
  const outputFile = join(runner, `output-${shards.length}.txt`);
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const step = await runActionInProcess(
    { "merge-from": "shards", ledger: "merged-ledger.json", ...inputs },
    {
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runner,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
    },
  );
  return {
    ...step,
    outputs: parseOutputFile(readFileSync(outputFile, "utf8")),
    summary: readFileSync(summaryFile, "utf8"),
  };
}

describe("the Action's merge step", () => {
  it("sets the outputs and writes the summary of every shard's records, and succeeds", async () => {
    const merged = await merge(["1-of-2", "2-of-2"]);
    // The step's own words come with a failure, so that a failed run says why.
    expect({
      exitCode: merged.exitCode,
      errors: merged.log.split("\n").filter((line) => line.startsWith("::error")),
    }).toEqual({
      exitCode: undefined,
      errors: [],
    });
    expect(merged.outputs["verified-count"]).toBe("2");
    expect(JSON.parse(merged.outputs.counts ?? "")).toEqual({
      blockscout: { verified: 2, "already-verified": 0, failed: 0 },
      etherscan: { verified: 2, "already-verified": 0, failed: 0 },
    });
    expect(merged.summary).toContain(
      "<p>2 contracts on blockscout, etherscan&#58; blockscout 2 verified; etherscan 2 verified</p>",
    );
  });

  it("fails the step naming the shard that did not report, and shows its contracts as not run", async () => {
    const merged = await merge(["1-of-2"]);
    expect(merged.exitCode).toBe(1);
    expect(merged.log).toContain(
      "::error::Shards whose part was not all reported: 2-of-2 did not report (2 records not run); rerun them with the merged ledger.",
    );
    expect(merged.outputs["failed-count"]).toBe("2");
    expect(merged.summary).toContain("❌ failed");
  });

  it("says of a shard whose results are gone that its ledger counted them, and that none were left not run", async () => {
    const merged = await merge(["1-of-2"], {}, (workspace) =>
      writeShardFolder(
        join(workspace, "shards"),
        "2-of-2",
        shardReport("2-of-2", contracts, ["blockscout", "etherscan"]),
        { ledger: [a, b].map((x) => shardEntry(x, 1, "etherscan")) },
      ),
    );
    expect(merged.exitCode).toBe(1);
    expect(merged.log).toContain(
      "::error::Shards whose part was not all reported: 2-of-2 did not report its results (2 counted from its ledger, 0 records not run); rerun them with the merged ledger.",
    );
    expect(merged.outputs["verified-count"]).toBe("2");
  });

  it("names a folder at fault in the step's error and in the job summary", async () => {
    const merged = await merge(["1-of-2", "2-of-2"], {}, (workspace) => {
      mkdirSync(join(workspace, "shards", "junk"), { recursive: true });
      writeFileSync(join(workspace, "shards", "junk", "results.json"), "{");
    });
    expect(merged.exitCode).toBe(1);
    const error = merged.log.split("\n").find((line) => line.startsWith("::error::The merge is incomplete"));
    expect(error).toMatch(
      /^::error::The merge is incomplete, a shard's folder being at fault: .*junk.*results\.json/,
    );
    expect(merged.summary).toMatch(
      /<p><strong>The merge is incomplete, a shard&#39;s folder being at fault&#58; .*junk&#58; .*results\.json is not a run/,
    );
  });

  it("refuses a merge-from or a ledger that leads out of the workspace by a link, before anything is merged", async () => {
    const outside = mkdtempSync(join(tmpdir(), "explorer-verify-merge-outside-"));
    const from = await merge([], { "merge-from": "linked" }, (workspace) =>
      symlinkSync(outside, join(workspace, "linked")),
    );
    expect(from.exitCode).toBe(1);
    expect(from.log).toContain("Input merge-from names linked, a link that leads outside the workspace");
    const ledger = await merge(["1-of-2", "2-of-2"], { ledger: "kept/ledger.json" }, (workspace) =>
      symlinkSync(outside, join(workspace, "kept")),
    );
    expect(ledger.exitCode).toBe(1);
    expect(ledger.log).toContain(
      "Input ledger names kept/ledger.json, a link that leads outside the workspace",
    );
    expect(readdirSync(outside)).toEqual([]);
  });
});
