import { describe, expect, it } from "@jest/globals";
import type { RunEvent } from "../../src/run/runReporter.js";
import { RunReporter } from "../../src/run/runReporter.js";
import type { VerificationEvent } from "../../src/verify/events.js";

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
