import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { onTheirOwnChains, taskLedger } from "../../../src/run/hardhat/taskDeployments.js";

describe("the task's deployments and ledger", () => {
  it("verifies deployments on their own chains unless one is named with its --network", () => {
    expect(onTheirOwnChains(undefined, false, true)).toBe(false);
    expect(onTheirOwnChains("chain-10", false, true)).toBe(false);
    expect(onTheirOwnChains("chain-10", false, false)).toBe(true);
    expect(onTheirOwnChains("all", false, true)).toBe(true);
    expect(onTheirOwnChains("chain-10,chain-8453", false, true)).toBe(true);
    expect(onTheirOwnChains("chain-10", true, true)).toBe(true);
  });

  it("keeps the ledger in the project, none with none, and none for the local explorer unless asked", () => {
    const root = join("/", "project");
    expect(taskLedger(root, undefined, false)).toBe(join(root, ".explorer-verify", "ledger.json"));
    expect(taskLedger(root, undefined, true)).toBeUndefined();
    expect(taskLedger(root, "none", false)).toBeUndefined();
    expect(taskLedger(root, "l.json", true)).toBe(join(root, "l.json"));
  });
});
