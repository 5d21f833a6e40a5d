import { describe, expect, it } from "@jest/globals";
import { taskSettings } from "../../plugin/tasks/verify/taskSettings.js";

const config = {
  targets: ["blockscout", "etherscan"] as const,
  timeoutSeconds: 120,
  concurrency: 4 as const,
};

describe("the task's settings, read in the hall", () => {
  it("takes an option given, else the config's value, else the default", () => {
    const settings = taskSettings(
      { timeoutSeconds: "60", requestsPerSecond: "", force: false, wait: "false" },
      { ...config, targets: [...config.targets] },
    );
    expect(settings).toEqual(
      expect.objectContaining({
        targets: ["blockscout", "etherscan"],
        timeoutSeconds: 60,
        concurrency: 4,
        requestsPerSecond: undefined,
        force: false,
        wait: false,
      }),
    );
    expect(taskSettings({ targets: "sourcify" }, { ...config, targets: [...config.targets] })).toEqual(
      expect.objectContaining({ targets: ["sourcify"], timeoutSeconds: 120, wait: true }),
    );
  });

  it("resolves the run's read budget once: --read-timeout, else the time per contract", () => {
    const targets = ["blockscout" as const];
    expect(taskSettings({ readTimeoutSeconds: "7" }, { ...config, targets }).readTimeoutSeconds).toBe(7);
    expect(taskSettings({ timeoutSeconds: "60" }, { ...config, targets }).readTimeoutSeconds).toBe(60);
    expect(taskSettings({}, { ...config, targets }).readTimeoutSeconds).toBe(120);
  });

  it("takes the config's concurrency, which the command line does not offer", () => {
    expect(taskSettings({}, { ...config, targets: ["blockscout"] }).concurrency).toBe(4);
    expect(taskSettings({}, { ...config, targets: ["blockscout"], concurrency: "auto" }).concurrency).toBe(
      "auto",
    );
  });

  it("refuses a value out of its range in the task's words", () => {
    expect(() => taskSettings({ timeoutSeconds: "0" }, { ...config, targets: ["blockscout"] })).toThrow(
      '--timeout must be a whole number from 1 to 86400, got "0".',
    );
  });
});
