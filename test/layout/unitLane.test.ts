import { execFileSync, spawn } from "node:child_process";
import { describe, expect, it } from "@jest/globals";

// The unit lane's setup (test/support/unitLane.mjs) refuses what the lane forbids, and the test that did it fails
// after it. Here the refusals are taken back before that, so that this test can show them.
const refusals = (globalThis as Record<symbol, unknown>)[
  Symbol.for("explorer-verify.unitLaneRefused")
] as string[];
const moveIt = "give the test the integration lane (*.int.test.ts).";

describe("the unit lane", () => {
  it("refuses to spawn a process, naming the call", () => {
    expect(() => execFileSync(process.execPath, ["--version"])).toThrow(
      `The unit lane spawned a process: child_process.execFileSync(${JSON.stringify(process.execPath)}); ${moveIt}`,
    );
    expect(() => spawn("anvil")).toThrow(
      `The unit lane spawned a process: child_process.spawn("anvil"); ${moveIt}`,
    );
    expect(refusals.splice(0)).toEqual([
      `spawned a process: child_process.execFileSync(${JSON.stringify(process.execPath)})`,
      'spawned a process: child_process.spawn("anvil")',
    ]);
  });

  it("refuses to load a compiler (solc-js) or an in-process chain (EDR)", async () => {
    const refused = `The unit lane loaded a compiler or a chain (solc-js, EDR); ${moveIt}`;
    // Named through a variable: the compilers have no types, and nothing here uses what they export.
    const load = (name: string) => import(name);
    await expect(load("solc")).rejects.toThrow(refused);
    await expect(load("solc-0.8.31/soljson.js")).rejects.toThrow(refused);
    await expect(load("@nomicfoundation/edr")).rejects.toThrow(refused);
    expect(refusals.splice(0)).toHaveLength(3);
  });
});
