import { describe, expect, it } from "@jest/globals";
import {
  capMessage,
  maxResultsOutputBytes,
  resultsOutput,
  withMessagesCapped,
} from "../../src/report/githubLimits.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";

function failure(index: number, message: string, details?: string): VerificationResult {
  return {
    address: testAddress(index + 1),
    contract: "Box",
    explorer: "https://eth.blockscout.com",
    format: "flattened",
    status: "failed",
    url: `https://eth.blockscout.com/address/${testAddress(index + 1)}#code`,
    attempts: 1,
    durationMs: 100,
    message,
    error: { code: "verification_failed", ...(details === undefined ? {} : { details }) },
  };
}

describe("an explorer message", () => {
  it("is cut to 2,000 characters, saying how many were cut", () => {
    expect(capMessage("short")).toBe("short");
    expect(capMessage("x".repeat(2_000))).toBe("x".repeat(2_000));
    expect(capMessage("x".repeat(2_500))).toBe(`${"x".repeat(2_000)}… (500 characters cut)`);
    expect(capMessage(`failed Box: ${"y".repeat(10_000)}`)).toBe(
      `failed Box: ${"y".repeat(1_988)}… (8,012 characters cut)`,
    );
  });

  it("is never cut between the two halves of a character", () => {
    expect(capMessage(`${"x".repeat(1_999)}😀😀`)).toBe(`${"x".repeat(1_999)}… (2 characters cut)`);
  });

  it("is cut in a record's message and in its error details", () => {
    const [capped] = withMessagesCapped([failure(0, "m".repeat(3_000), "d".repeat(2_001))], 1_000);
    expect(capped?.message).toBe(`${"m".repeat(1_000)}… (2,000 characters cut)`);
    expect(capped?.error).toEqual({
      code: "verification_failed",
      details: `${"d".repeat(1_000)}… (1,001 characters cut)`,
    });
  });
});

describe("the results output", () => {
  it("stays under GitHub's limit with eight failures of 200 KB each, and says what was cut", () => {
    const results = Array.from({ length: 8 }, (_, index) => failure(index, "z".repeat(200_000)));
    const { json, cutLine } = resultsOutput(results);
    expect(Buffer.byteLength(json)).toBeLessThan(maxResultsOutputBytes);
    const records = JSON.parse(json) as VerificationResult[];
    expect(records.map((record) => record.message)).toEqual(
      Array(8).fill(`${"z".repeat(2_000)}… (198,000 characters cut)`),
    );
    expect(cutLine).toBe(
      "In the results output: the explorer's text of 8 records is cut to 2,000 characters, to stay within GitHub's limits.",
    );
  });

  it("holds every record whole when they fit, and says nothing", () => {
    const results = [failure(0, "Bytecode does not match")];
    expect(resultsOutput(results)).toEqual({ json: JSON.stringify(results), cutLine: undefined });
  });

  it("holds the first records that fit when even those without messages are too many, and says how many", () => {
    const results = Array.from({ length: 5_000 }, (_, index) => failure(index, "Bytecode does not match"));
    const { json, cutLine } = resultsOutput(results);
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(maxResultsOutputBytes);
    const records = JSON.parse(json) as VerificationResult[];
    expect(records.length).toBeGreaterThan(2_000);
    expect(records.map((record) => record.address)).toEqual(
      results.slice(0, records.length).map((record) => record.address),
    );
    expect(cutLine).toBe(
      `The results output holds the first ${records.length.toLocaleString("en-US")} of 5,000 records, without their messages: GitHub keeps at most 1 MB of a job's outputs (the counts cover every record).`,
    );
  });
});
