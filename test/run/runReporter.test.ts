import { describe, expect, it } from "@jest/globals";
import type { RunEvent } from "../../src/run/report/runReporter.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { VerificationResult } from "../../src/verify/job.js";

const token = {
  address: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  contract: "contracts/DemoToken.sol:DemoToken",
};
const fees = { address: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", contract: "contracts/Fees.sol:Fees" };

function linesOf(events: (VerificationEvent | RunEvent)[]): string[] {
  const lines: string[] = [];
  const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
  for (const event of events) reporter.event(event);
  return lines;
}

describe("the run's progress lines", () => {
  it("show a contract's pending state once per state, not once per poll", () => {
    const pending = (who: typeof token, guid: string, message: string): VerificationEvent => ({
      type: "pending",
      ...who,
      guid,
      message,
    });
    expect(
      linesOf([
        { type: "submitted", ...token, attempt: 1, input: "full", guid: "g1" },
        { type: "submitted", ...fees, attempt: 1, input: "full", guid: "g2" },
        pending(token, "g1", "Pending in queue"),
        pending(fees, "g2", "Pending in queue"),
        pending(token, "g1", "Pending in queue"),
        pending(fees, "g2", "Pending in queue"),
        pending(token, "g1", "Pending in queue"),
        pending(token, "g1", "In progress"),
        pending(token, "g1", "In progress"),
        pending(token, "g1", "Pending in queue"),
        // A second submission is a new state, even with the same words.
        { type: "submitted", ...token, attempt: 2, input: "single", guid: "g3" },
        pending(token, "g3", "Pending in queue"),
        pending(token, "g3", "Pending in queue"),
      ]),
    ).toEqual([
      `submitted   ${token.contract} at ${token.address} (full input), guid g1`,
      `submitted   ${fees.contract} at ${fees.address} (full input), guid g2`,
      `pending     ${token.contract}: Pending in queue`,
      `pending     ${fees.contract}: Pending in queue`,
      `pending     ${token.contract}: In progress`,
      `pending     ${token.contract}: Pending in queue`,
      `submitted   ${token.contract} at ${token.address}, guid g3`,
      `pending     ${token.contract}: Pending in queue`,
    ]);
  });

  it("keep two submissions of one contract polled in turn apart (two targets)", () => {
    const pending = (guid: string): VerificationEvent => ({
      type: "pending",
      ...token,
      guid,
      message: "Pending in queue",
    });
    expect(
      linesOf([pending("blockscout"), pending("etherscan"), pending("blockscout"), pending("etherscan")]),
    ).toEqual([
      `pending     ${token.contract}: Pending in queue`,
      `pending     ${token.contract}: Pending in queue`,
    ]);
  });

  it("keep the same contract on two chains apart", () => {
    const pending = (chainId: number): RunEvent => ({
      type: "pending",
      ...token,
      guid: "g1",
      message: "Pending in queue",
      chainId,
    });
    expect(linesOf([pending(1), pending(10), pending(1), pending(10)])).toEqual([
      `[chain 1] pending     ${token.contract}: Pending in queue`,
      `[chain 10] pending     ${token.contract}: Pending in queue`,
    ]);
  });
});

describe("the run's closing", () => {
  const record = (
    address: string,
    status: VerificationResult["status"],
    extra: Partial<VerificationResult> = {},
  ): VerificationResult => ({
    address,
    contract: "contracts/Box.sol:Box",
    explorer: "https://explorer.example",
    format: "standard-json",
    status,
    url: `https://explorer.example/address/${address}#code`,
    attempts: status === "already-verified" ? 0 : 1,
    durationMs: 1_000,
    chainId: 1,
    target: "blockscout",
    ...extra,
  });

  it("says per target how many contracts are verified, a proxy's link counted with its proxy, an optional target's failures so", () => {
    const lines: string[] = [];
    const reporter = new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) });
    reporter.finish(
      [
        record(token.address, "verified"),
        record(token.address, "already-verified", { format: "proxy", attempts: 0 }),
        record(fees.address, "already-verified"),
        record(token.address, "verified", { target: "etherscan" }),
        record(fees.address, "failed", { target: "etherscan", message: "Invalid API Key" }),
      ],
      {},
      ["etherscan"],
    );
    expect(lines).toEqual([
      "\nblockscout: 2 of 2 contracts verified; 1 submission sent.\netherscan: 1 of 2 contracts verified, 1 failed (optional target); 2 submissions sent.",
    ]);
  });

  it("gives a failure's reason in short on its progress line before the table, which holds it whole", () => {
    const lines: string[] = [];
    const reporter = new RunReporter({ json: false, table: true, writeLine: (line) => lines.push(line) });
    const message = `Fail - Unable to verify: ${"x".repeat(300)}\nsecond line`;
    reporter.event({ type: "finished", ...token, result: record(token.address, "failed", { message }) });
    reporter.event({
      type: "finished",
      ...fees,
      result: record(fees.address, "verified", { message: "ok" }),
    });
    expect(lines).toEqual([
      `failed      ${token.contract} at ${token.address}: ${message.slice(0, 159)}…`,
      `verified    ${fees.contract} at ${fees.address}`,
    ]);
  });
});
