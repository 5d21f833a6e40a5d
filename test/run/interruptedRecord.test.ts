import { describe, expect, it } from "@jest/globals";
import { interruptedRecord } from "../../src/run/runners/unsentRecords.js";
import { etherscanVerifier } from "../../src/verifiers/etherscanVerifier.js";
import { testAddress } from "../support/addresses.js";
import { standardJsonJob } from "../support/jobs.js";

describe("an interrupted record", () => {
  it("names its explorer's pages, on every service (the job summary lists each explorer from its records)", () => {
    const verifier = etherscanVerifier({
      service: "etherscan",
      chainId: 10,
      required: true,
      apiUrl: "https://api.etherscan.example/v2/api",
      apiKey: "ETHERSCAN-KEY-0001",
      siteUrl: "https://optimistic.etherscan.example",
      shownUrl: "https://api.etherscan.example/v2/api?chainid=10",
      reason: "a test's Etherscan",
    });
    const record = interruptedRecord(standardJsonJob(testAddress(0x7001)), verifier, "SIGTERM", "guid-1");
    expect([record.explorer, record.url, record.status, record.error?.code, record.message]).toEqual([
      "https://optimistic.etherscan.example",
      `https://optimistic.etherscan.example/address/${testAddress(0x7001)}#code`,
      "failed",
      "interrupted",
      "Interrupted (SIGTERM) before the explorer's verdict; the guid guid-1 is in the ledger, and a rerun polls it.",
    ]);
  });
});
