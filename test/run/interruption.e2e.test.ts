import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { runAction } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { compilerVersion } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

// A cancelled workflow or a Ctrl-C mid-batch: the explorer holds every verdict for a minute, the run is signalled
// after its second submission, and it must end long before any verdict is due, with every record, its outputs and the
// ledger written. (How soon it ends is the product's promise of 10 s at most; the records show it did not wait.)
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { explorer } = await useTestExplorer();
const contracts = [0x7101, 0x7102, 0x7103, 0x7104, 0x7105, 0x7106].map((n) => testAddress(n));

function workspaceWithManifest(): string {
  const workspace = mkdtempSync(join(tmpdir(), "explorer-verify-interrupt-"));
  const input = { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } }, settings: {} };
  writeFileSync(join(workspace, "input.json"), JSON.stringify(input));
  const entries = contracts.map((address) => ({
    address,
    contract: "A.sol:A",
    standardJsonInput: "input.json",
    compilerVersion,
  }));
  writeFileSync(join(workspace, "manifest.json"), JSON.stringify({ contracts: entries }));
  for (const address of contracts) {
    explorer.backend.addContract(address);
    explorer.backend.script(address, { result: "pass", pendingMs: 60_000 });
  }
  return workspace;
}

const twoSubmitted = (output: string) => (output.match(/^submitted /gm) ?? []).length >= 2;

function ledgerEntries(workspace: string): Array<{ address: string; status: string; guid?: string }> {
  const ledger = JSON.parse(readFileSync(join(workspace, ".explorer-verify", "ledger.json"), "utf8")) as {
    entries: Record<string, { address: string; status: string; guid?: string }>;
  };
  return Object.values(ledger.entries);
}

describe("a run interrupted mid-batch", () => {
  it("the Action: SIGTERM ends it before any verdict with exit 143, every record, the outputs, the summary and the ledger", async () => {
    const workspace = workspaceWithManifest();
    const run = await runAction(
      { "explorer-url": explorer.url, contracts: "manifest.json", concurrency: "2" },
      workspace,
      {},
      undefined,
      { signal: "SIGTERM", when: twoSubmitted },
    );
    expect(run.code).toBe(143);
    expect(run.stdout).toContain("interrupted by SIGTERM: no new submission starts");
    const records = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(records.map((r) => r.address)).toEqual(contracts);
    expect(records.every((r) => r.error?.code === "interrupted")).toBe(true);
    const sent = records.filter((r) => r.guid);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(run.outputs["failed-count"]).toBe(String(contracts.length));
    expect(run.summary).toContain("Interrupted (SIGTERM)");
    // What was sent is in the ledger with its guid: a rerun polls it, never sends it again.
    const pending = ledgerEntries(workspace).filter((entry) => entry.status === "pending");
    expect(pending.map((entry) => entry.guid).sort()).toEqual(sent.map((r) => r.guid).sort());
  }, 60_000);

  it("the CLI: Ctrl-C (SIGINT) ends it before any verdict with exit 130, the table and the ledger written", async () => {
    const workspace = workspaceWithManifest();
    const child = spawn(
      join(repository, "node_modules", ".bin", "tsx"),
      [
        join(repository, "src", "cli", "index.ts"),
        "verify",
        "--manifest",
        "manifest.json",
        "--explorer-url",
        explorer.url,
        "--concurrency",
        "2",
        "--ledger",
        ".explorer-verify/ledger.json",
      ],
      { cwd: workspace, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let signalled = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!signalled && twoSubmitted(stdout)) {
        signalled = true;
        child.kill("SIGINT");
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(130);
    expect(stdout).toContain("interrupted by SIGINT: no new submission starts");
    expect(stdout).toMatch(/^Interrupted \(SIGINT\): 0 of 6 records have their verdict/m);
    expect(existsSync(join(workspace, ".explorer-verify", "ledger.json"))).toBe(true);
    expect(
      ledgerEntries(workspace).filter((entry) => entry.status === "pending").length,
    ).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
