import { describe, expect, it } from "@jest/globals";
import { formatResultsTable, tableText } from "../../src/report/resultsTable.js";
import type { VerificationResult } from "../../src/verify/job.js";

const box = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const record = (
  target: VerificationResult["target"],
  status: VerificationResult["status"],
  url: string,
): VerificationResult => ({
  address: box,
  contract: "src/Box.sol:Box",
  explorer: new URL(url).origin,
  format: "standard-json",
  status,
  url,
  attempts: 1,
  durationMs: 1_000,
  chainId: 1,
  target,
  ...(status === "failed"
    ? { message: "Max daily rate limit reached", error: { code: "quota_exhausted" as const } }
    : {}),
});

describe("the table of a run over several targets", () => {
  it("has a column per target, each contract's links below, and says on which target a message came", () => {
    const table = formatResultsTable([
      record("blockscout", "verified", `https://eth.blockscout.com/address/${box}#code`),
      record("etherscan", "failed", `https://etherscan.io/address/${box}#code`),
      record("sourcify", "already-verified", `https://repo.example/contracts/1/${box}`),
    ]);
    expect(table.split("\n")).toEqual([
      "Contract         Address                                     blockscout  etherscan  sourcify",
      "---------------  ------------------------------------------  ----------  ---------  ----------------",
      `src/Box.sol:Box  ${box}  verified    FAILED     already verified`,
      "",
      `- src/Box.sol:Box: blockscout https://eth.blockscout.com/address/${box}#code  etherscan https://etherscan.io/address/${box}#code  sourcify https://repo.example/contracts/1/${box}`,
      "",
      `- src/Box.sol:Box (${box}) on etherscan: Max daily rate limit reached`,
    ]);
  });

  it("orders the targets' columns and the contracts' rows as the records came, a proxy's link its own row", () => {
    const url = `https://eth.blockscout.com/address/${box}#code`;
    const link = { contract: "proxy of src/Box.sol:Box", format: "proxy" as const };
    const table = formatResultsTable([
      record("sourcify", "verified", url),
      { ...record("routescan", "verified", url), ...link },
      record("blockscout", "timeout", url),
      { ...record("blockscout", "verified", url), ...link },
    ]);
    expect(table.split("\n").slice(0, 4)).toEqual([
      "Contract                  Address                                     sourcify  routescan  blockscout",
      "------------------------  ------------------------------------------  --------  ---------  ----------",
      `src/Box.sol:Box           ${box}  verified  -          TIMEOUT`,
      `proxy of src/Box.sol:Box  ${box}  -         linked     linked`,
    ]);
  });
});

describe("the table's word for a proxy's link", () => {
  it("is linked when this run made it, already linked when the explorer had it, the contract's row verified", () => {
    const url = `https://eth.blockscout.com/address/${box}#code`;
    const contract = record(undefined, "verified", url);
    const link = (status: VerificationResult["status"]) => ({
      ...contract,
      contract: "proxy of src/Box.sol:Box",
      format: "proxy" as const,
      status,
    });
    const statuses = (table: string) =>
      table
        .split("\n")
        .slice(2)
        .map((row) => row.split(/ {2,}/)[2]);
    expect(statuses(formatResultsTable([contract, link("verified")]))).toEqual(["verified", "linked"]);
    expect(statuses(formatResultsTable([contract, link("already-verified")]))).toEqual([
      "verified",
      "already linked",
    ]);
  });
});

describe("the table of a run over several chains", () => {
  it("has a Chain column; over one chain, none", () => {
    const on = (chainId: number, host: string): VerificationResult => ({
      ...record("blockscout", "verified", `https://${host}/address/${box}#code`),
      chainId,
    });
    const table = formatResultsTable([on(10, "optimism.blockscout.com"), on(8453, "base.blockscout.com")]);
    expect(table.split("\n")).toEqual([
      "Contract         Chain  Address                                     Status    Time   Explorer",
      `---------------  -----  ------------------------------------------  --------  -----  ${"-".repeat(`https://optimism.blockscout.com/address/${box}#code`.length)}`,
      `src/Box.sol:Box  10     ${box}  verified  1.0 s  https://optimism.blockscout.com/address/${box}#code`,
      `src/Box.sol:Box  8453   ${box}  verified  1.0 s  https://base.blockscout.com/address/${box}#code`,
    ]);
    expect(formatResultsTable([on(10, "optimism.blockscout.com")]).split("\n")[0]).toBe(
      "Contract         Address                                     Status    Time   Explorer",
    );
  });
});

describe("a table of a very large run", () => {
  it("holds a row per item past the number of arguments a call can take", () => {
    const names = Array.from({ length: 200_000 }, (_, index) => `Token${index}`);
    const lines = tableText(names, [["Contract", (name) => name]]).split("\n");
    expect([lines.length, lines[1], lines.at(-1)]).toEqual([200_002, "-".repeat(11), "Token199999"]);
  });
});
