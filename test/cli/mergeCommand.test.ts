import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { testAddress } from "../support/addresses.js";
import { shardEntry, shardRecord, shardReport, writeShardFolder } from "../support/shardFolders.js";

// The CLI's merge exits as its shards did: a failure on a target given to --optional-targets only warns.
const a = testAddress(0xe1);
const contracts = [{ address: a, contract: "Token", chainId: 1 }];

describe("explorer-verify merge --optional-targets", () => {
  it("exits 0 when the only failure is on an optional target, 1 without the flag", async () => {
    const root = mkdtempSync(join(tmpdir(), "explorer-verify-merge-optional-"));
    const report = (shard: string) => shardReport(shard, contracts, ["blockscout", "sourcify"]);
    writeShardFolder(join(root, "shards"), "1-of-2", report("1-of-2"), {
      ledger: [shardEntry(a, 1, "blockscout")],
      results: [shardRecord(a, 1, "blockscout")],
    });
    writeShardFolder(join(root, "shards"), "2-of-2", report("2-of-2"), {
      ledger: [shardEntry(a, 1, "sourcify", "failed")],
      results: [shardRecord(a, 1, "sourcify", "failed")],
    });
    jest.spyOn(console, "error").mockImplementation(() => {});
    jest.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const merge = [
        "merge",
        "--from",
        join(root, "shards"),
        "--ledger",
        join(root, "ledger.json"),
        "--json",
      ];
      expect(await main(merge)).toBe(1);
      expect(await main([...merge, "--optional-targets", "sourcify"])).toBe(0);
      expect(await main([...merge, "--optional-targets", "nope"])).toBe(2);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
