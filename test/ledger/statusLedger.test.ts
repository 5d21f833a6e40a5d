import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { Ledger } from "../../src/ledger/ledger.js";
import { testAddress } from "../support/addresses.js";

let printed: string[];
beforeEach(() => {
  printed = [];
  jest.spyOn(console, "log").mockImplementation((line: unknown) => void printed.push(String(line)));
  jest.spyOn(console, "error").mockImplementation((line: unknown, ...rest: unknown[]) => {
    printed.push([line, ...rest].map(String).join(" "));
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

function ledgerWithTwoChains(): string {
  const path = join(mkdtempSync(join(tmpdir(), "ledger-status-")), "ledger.json");
  const ledger = new Ledger(path);
  const common = {
    contract: "contracts/Token.sol:Token",
    format: "standard-json" as const,
    inputHash: "sha256:aa",
  };
  ledger.record({
    ...common,
    explorer: "https://optimism.blockscout.com",
    address: testAddress(0x10),
    chainId: 10,
    status: "verified",
    url: `https://optimism.blockscout.com/address/${testAddress(0x10)}#code`,
  });
  ledger.record({
    ...common,
    explorer: "https://base.blockscout.com",
    address: testAddress(0x2105),
    chainId: 8453,
    status: "pending",
    guid: "b4a0a7fbc7a84b9e8d1c3f0e2a6d5c4b3a291807",
    url: `https://base.blockscout.com/address/${testAddress(0x2105)}#code`,
  });
  // The same contract on Etherscan, recorded under a shorter name, and verified there with its guid.
  ledger.record({
    ...common,
    contract: "Token",
    explorer: "etherscan/chain-10",
    address: testAddress(0x10),
    chainId: 10,
    status: "verified",
    guid: "a7lpxkm9kpcpicx7daftmjifrfhiuhf5vqqnawhkfhzfrcpnxj",
    url: `https://optimistic.etherscan.io/address/${testAddress(0x10)}#code`,
  });
  return path;
}

describe("explorer-verify status without a GUID", () => {
  it("prints the ledger: every contract on every chain and target, its state, its guid, its link, one name per address", async () => {
    const path = ledgerWithTwoChains();
    expect(await main(["status", "--ledger", path])).toBe(0);
    const optimism = `https://optimism.blockscout.com/address/${testAddress(0x10)}#code`;
    const etherscan = `https://optimistic.etherscan.io/address/${testAddress(0x10)}#code`;
    const base = `https://base.blockscout.com/address/${testAddress(0x2105)}#code`;
    const guidWidth = "a7lpxkm9kpcpicx7daftmjifrfhiuhf5vqqnawhkfhzfrcpnxj".length;
    expect(printed.join("\n").split("\n")).toEqual([
      `Contract                   Chain  Address                                     Target      State     ${"Guid".padEnd(guidWidth)}  Link`,
      `-------------------------  -----  ------------------------------------------  ----------  --------  ${"-".repeat(guidWidth)}  ${"-".repeat(optimism.length)}`,
      `contracts/Token.sol:Token  10     ${testAddress(0x10)}  blockscout  verified  ${"".padEnd(guidWidth)}  ${optimism}`,
      `contracts/Token.sol:Token  10     ${testAddress(0x10)}  etherscan   verified  a7lpxkm9kpcpicx7daftmjifrfhiuhf5vqqnawhkfhzfrcpnxj  ${etherscan}`,
      `contracts/Token.sol:Token  8453   ${testAddress(0x2105)}  blockscout  pending   ${"b4a0a7fbc7a84b9e8d1c3f0e2a6d5c4b3a291807".padEnd(guidWidth)}  ${base}`,
    ]);
  });

  it("gives no link for the embedded local explorer, whose port closed with its run", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "ledger-status-")), "ledger.json");
    new Ledger(path).record({
      contract: "contracts/Box.sol:Box",
      format: "standard-json",
      inputHash: "sha256:bb",
      explorer: "local-explorer/chain-31337",
      address: testAddress(0x7a69),
      chainId: 31337,
      status: "verified",
      url: `http://127.0.0.1:41234/address/${testAddress(0x7a69)}#code`,
    });
    expect(await main(["status", "--ledger", path])).toBe(0);
    const row = printed.join("\n").split("\n")[2];
    expect(row).toMatch(/blockscout {2}verified .*none: the local explorer closed with its run$/);
    expect(printed.join("\n")).not.toContain("127.0.0.1:41234");
  });

  it("says where it looked when there is no ledger", async () => {
    const missing = join(mkdtempSync(join(tmpdir(), "ledger-status-")), "none.json");
    expect(await main(["status", "--ledger", missing])).toBe(2);
    expect(printed).toEqual([
      `explorer-verify: There is no ledger at ${missing}: give a GUID, or --ledger FILE (explorer-verify verify writes one).`,
    ]);
  });

  it("names the embedded local explorer's state, when one is there beside no ledger", async () => {
    const project = mkdtempSync(join(tmpdir(), "ledger-status-"));
    const state = join(project, "cache", "explorer-verify", "local-explorer-31337.json");
    mkdirSync(dirname(state), { recursive: true });
    writeFileSync(state, "{}");
    const cwd = process.cwd();
    process.chdir(project);
    try {
      expect(await main(["status"])).toBe(2);
      // A ledger the user names is not the one a run on the embedded explorer leaves unwritten.
      expect(await main(["status", "--ledger", "named.json"])).toBe(2);
    } finally {
      process.chdir(cwd);
    }
    expect(printed).toEqual([
      `explorer-verify: There is no ledger at ${join(project, ".explorer-verify", "ledger.json")}; the embedded local explorer's own state holds what it verified (${state}). Give a GUID, or --ledger FILE (explorer-verify verify writes one).`,
      `explorer-verify: There is no ledger at ${join(project, "named.json")}: give a GUID, or --ledger FILE (explorer-verify verify writes one).`,
    ]);
  });
});
