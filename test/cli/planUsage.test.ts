import { describe, expect, it } from "@jest/globals";
import { jobOptions } from "../../src/cli/commandLineJobs.js";
import { settingFlagLines } from "../../src/cli/settingFlags.js";
import { usage } from "../../src/cli/usage.js";

// `plan --help` names every flag plan reads: the contracts' flags, --bundle, --shards and the settings a plan is made
// of; verify's other flags are named as taken and ignored.
describe("plan --help", () => {
  it("lists every flag the plan reads, and says verify's others are ignored", () => {
    const read = [
      ...Object.keys(jobOptions).map((flag) => `--${flag}`),
      "--bundle",
      "--shards",
      "--targets",
      "--requests-per-second",
      "--key-secrets",
      "--timeout",
    ];
    for (const flag of read) expect(usage.plan).toMatch(new RegExp(`${flag}\\b`));
    expect(usage.plan).toMatch(/^ {2}--targets SERVICES {10}Where to verify/m);
    expect(usage.plan).toContain(
      "Verify's other flags (--explorer-url, --endpoint, --endpoint-key, --ledger, --shard, --plan, --json, and its other\nsettings) are accepted and ignored",
    );
  });
});

describe("the settings' --help lines", () => {
  it("wrap at 118 columns as the hand-written ones do, each further line under the first's text", () => {
    const lines = settingFlagLines().flatMap((entry) => entry.split("\n"));
    expect(lines.filter((line) => line.length > 118)).toEqual([]);
    for (const line of lines) expect(line).toMatch(/^( {2}--\S| {30}\S)/);
    expect(usage.verify).toContain("  --targets SERVICES          Where to verify, comma-separated:");
  });
});
