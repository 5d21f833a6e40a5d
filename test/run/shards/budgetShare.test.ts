import { describe, expect, it } from "@jest/globals";
import { SharedAcrossChains } from "../../../src/verifiers/sharedAcrossChains.js";
import { StatedSubmissionBudget } from "../../../src/verifiers/statedSubmissionBudget.js";

describe("a shard's share of a key's stated budget", () => {
  it("plans against its fraction of what the service states is left", async () => {
    const budget = new StatedSubmissionBudget(
      async () => ({ left: 10, resetsAt: undefined, statedAs: "getapilimit" }),
      new SharedAcrossChains({ etherscan: 3 }).budgetShare("etherscan"),
    );
    const holds = [];
    for (let i = 0; i < 3; i++) {
      const hold = await budget.hold(Number.POSITIVE_INFINITY);
      expect(hold.kind).toBe("held");
      if (hold.kind === "held") expect(hold.spend()).toBe(true);
      holds.push(hold);
    }
    expect((await budget.hold(Number.POSITIVE_INFINITY)).kind).toBe("spent");
    expect(budget.reading()).toMatchObject({
      stated: 3,
      used: 3,
      left: 0,
      statedAs: "getapilimit, this shard's 1/3",
    });
  });

  it("is not eaten by a submission that never left: a contract waiting for the share gets it back", async () => {
    const budget = new StatedSubmissionBudget(
      async () => ({ left: 4, resetsAt: undefined, statedAs: "getapilimit" }),
      new SharedAcrossChains({ etherscan: 2 }).budgetShare("etherscan"),
    );
    const [first, second] = [await budget.hold(Infinity), await budget.hold(Infinity)];
    if (first.kind !== "held" || second.kind !== "held") throw new Error("two holds expected");
    let third: string | undefined;
    const waiting = budget.hold(Infinity).then((hold) => (third = hold.kind));
    expect(first.spend()).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBeUndefined();
    // The transport refused it before it left.
    first.refund?.();
    await waiting;
    expect(third).toBe("held");
    expect(budget.reading()).toMatchObject({ stated: 2, used: 0, left: 2 });
  });

  it("is the whole budget outside a plan", () => {
    expect(new SharedAcrossChains().budgetShare("etherscan")).toBe(1);
  });
});
