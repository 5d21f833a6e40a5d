import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { readLedgerFile, withLedgerLock, writeLedgerFile } from "../../src/ledger/ledgerFile.js";

// A ledger is committed, so a pull request chooses what lies at its name and at its lock's: a link out of the
// repository, a device, a file of gigabytes. Each is refused in one line, unread and unfollowed.
function ledgerFolder(): { path: string; outside: string } {
  const root = mkdtempSync(join(tmpdir(), "explorer-verify-ledger-"));
  mkdirSync(join(root, ".explorer-verify"));
  const outside = join(root, "outside.json");
  writeLedgerFile(outside, []);
  return { path: join(root, ".explorer-verify", "ledger.json"), outside };
}

describe("a ledger that is not a regular file of its own", () => {
  it("is refused when it is a link, even to a ledger", () => {
    const { path, outside } = ledgerFolder();
    symlinkSync(outside, path);
    expect(() => readLedgerFile(path)).toThrow(
      `The ledger ${path} is a link, not a regular file: fix it or delete it to start over.`,
    );
  });

  it("is refused unread when it is larger than 64 MiB", () => {
    const { path } = ledgerFolder();
    writeFileSync(path, "");
    truncateSync(path, 64 * 1_048_576 + 1);
    expect(() => readLedgerFile(path)).toThrow(
      `The ledger ${path} is 67108865 bytes, over the 64 MiB such a file may hold: fix it or delete it to start over.`,
    );
  });

  it("has its lock refused when the lock is a link, which is left as it is, and its target untouched", () => {
    const { path, outside } = ledgerFolder();
    const victim = `${outside}.lock`;
    writeFileSync(victim, "1\n");
    symlinkSync(victim, `${path}.lock`);
    expect(() => withLedgerLock(path, () => "worked")).toThrow(
      `The ledger's lock file ${path}.lock is a link, not a regular file: delete it (a run makes its own, and removes it).`,
    );
    expect(readFileSync(`${path}.lock`, "utf8")).toBe("1\n");
  });

  it("has its lock refused unread when the lock holds more than a pid", () => {
    const { path } = ledgerFolder();
    writeFileSync(`${path}.lock`, "");
    truncateSync(`${path}.lock`, 1_048_576);
    expect(() => withLedgerLock(path, () => "worked")).toThrow(
      `The ledger's lock file ${path}.lock is 1048576 bytes, over the 64 bytes such a file may hold: delete it (a run makes its own, and removes it).`,
    );
  });
});
