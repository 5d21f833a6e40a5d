import { describe, expect, it } from "@jest/globals";
import type { HardhatPlugin } from "hardhat/types/plugins";
import { withIgnitionVerify } from "../../plugin/ignition/verifyOverride.js";

// `ignition verify` (and `ignition deploy`, for its --verify) is overridden only when the config asks for it and Hardhat Ignition is among the project's plugins.
const ignition: HardhatPlugin = { id: "hardhat-ignition" };
const explorerVerify: HardhatPlugin = { id: "explorer-verify" };

describe("ignition verify through explorer-verify", () => {
  it("adds the override of ignition verify to the config's tasks when asked, with Ignition loaded", () => {
    const tasks = withIgnitionVerify({ plugins: [ignition, explorerVerify], tasks: [] }, true);
    expect(tasks.map((task) => [task.type, task.id])).toEqual([
      ["TASK_OVERRIDE", ["ignition", "verify"]],
      ["TASK_OVERRIDE", ["ignition", "deploy"]],
    ]);
  });

  it("leaves the tasks as they are without the setting, or without Ignition", () => {
    expect(withIgnitionVerify({ plugins: [ignition, explorerVerify], tasks: [] }, false)).toEqual([]);
    expect(withIgnitionVerify({ plugins: [explorerVerify], tasks: [] }, true)).toEqual([]);
  });
});
