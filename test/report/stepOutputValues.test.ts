import { describe, expect, it } from "@jest/globals";
import { stepOutputValues } from "../../src/report/stepOutputValues.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";

const explorer = "https://eth.blockscout.com";

function record(address: string, fields: Partial<VerificationResult>): VerificationResult {
  return {
    address,
    contract: "Box",
    explorer,
    format: "flattened",
    status: "verified",
    url: `${explorer}/address/${address}#code`,
    attempts: 1,
    durationMs: 100,
    ...fields,
  };
}

describe("the step's outputs", () => {
  it("count per contract and per target, a proxy with its link as one contract, and hold every record", () => {
    const box = testAddress(0xe1);
    const proxy = testAddress(0xe2);
    const results = [
      record(box, {}),
      record(proxy, {}),
      record(proxy, { format: "proxy", contract: "proxy of Box", status: "already-verified" }),
    ].flatMap((r) => [
      { ...r, chainId: 1, target: "blockscout" as const },
      {
        ...r,
        chainId: 1,
        target: "etherscan" as const,
        ...(r.address === proxy && r.format !== "proxy" ? { status: "failed" as const, message: "No" } : {}),
      },
    ]);
    const { outputs, cutLine } = stepOutputValues(results, []);
    expect(outputs).toEqual({
      results: JSON.stringify(results),
      "verified-count": "1",
      "already-verified-count": "0",
      "failed-count": "1",
      counts: JSON.stringify({
        blockscout: { verified: 2, "already-verified": 0, failed: 0 },
        etherscan: { verified: 1, "already-verified": 0, failed: 1 },
      }),
    });
    expect(cutLine).toBeUndefined();
  });
});

describe("the step's annotations", () => {
  it("are an error for a failure, a warning for a timeout and an optional target's failure, each naming its target", () => {
    const results = [
      record(testAddress(1), { target: "blockscout" }),
      record(testAddress(2), { target: "blockscout", status: "failed", message: "Bytecode does not match" }),
      record(testAddress(3), { target: "blockscout", status: "timeout" }),
      record(testAddress(2), { target: "etherscan", status: "failed", message: "Max rate\nreached" }),
    ];
    expect(stepOutputValues(results, ["etherscan"]).annotations).toEqual([
      {
        level: "error",
        message: `Box at ${testAddress(2)}: Bytecode does not match`,
        title: "Verification failed on blockscout: Box",
      },
      {
        level: "warning",
        message: `Box at ${testAddress(3)}: timeout`,
        title: "Verification timeout on blockscout: Box",
      },
      {
        level: "warning",
        message: `Box at ${testAddress(2)}: Max rate reached`,
        title: "Verification failed on etherscan: Box",
      },
    ]);
  });

  it("name no target on a run over one, and cut the explorer's text to 2,000 characters", () => {
    const [annotation] = stepOutputValues(
      [record(testAddress(4), { status: "failed", message: "x".repeat(2_500) })],
      [],
    ).annotations;
    expect(annotation).toEqual({
      level: "error",
      message: `Box at ${testAddress(4)}: ${"x".repeat(2_000)}… (500 characters cut)`,
      title: "Verification failed: Box",
    });
  });
});

describe("the step's annotations past GitHub's 10 per level", () => {
  it("are 9 of each level, the last saying how many more and where they are; the chain named over several", () => {
    const failures = Array.from({ length: 12 }, (_, index) =>
      record(testAddress(0x100 + index), { chainId: 1 + (index % 2), status: "failed", message: "No match" }),
    );
    const timeouts = Array.from({ length: 10 }, (_, index) =>
      record(testAddress(0x200 + index), { chainId: 1, status: "timeout" }),
    );
    const annotations = stepOutputValues([...failures, ...timeouts], []).annotations;
    const errors = annotations.filter((annotation) => annotation.level === "error");
    const warnings = annotations.filter((annotation) => annotation.level === "warning");
    expect([errors.length, warnings.length]).toEqual([9, 9]);
    expect(errors[0]).toEqual({
      level: "error",
      message: `Box at ${testAddress(0x100)}: No match`,
      title: "Verification failed (chain 1): Box",
    });
    expect(errors[8]?.message).toBe(
      `Box at ${testAddress(0x108)}: No match (3 more failures not annotated here, as GitHub shows 10 per step: the job summary lists every failure)`,
    );
    expect(warnings[8]?.message).toBe(
      `Box at ${testAddress(0x208)}: timeout (1 more warning not annotated here, as GitHub shows 10 per step: the job summary lists every failure)`,
    );
    expect(stepOutputValues(failures, [], 3).annotations.at(-1)?.message).toBe(
      `Box at ${testAddress(0x108)}: No match (3 more failures not annotated here, as GitHub shows 10 per step: the job summary lists as many as fit and says where the others are)`,
    );
    expect(stepOutputValues(failures.slice(0, 9), []).annotations.map((a) => a.message)).not.toContainEqual(
      expect.stringContaining("more"),
    );
  });
});
