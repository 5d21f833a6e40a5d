import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "@jest/globals";

const script = join(import.meta.dirname, "..", "..", "bench", "testLanes.ts");

it("bench:test-lanes refuses a report it cannot read in one line, exit 2", () => {
  const missing = join(mkdtempSync(join(tmpdir(), "explorer-verify-lanes-")), "missing.json");
  const run = spawnSync(process.execPath, ["--import", "tsx", script, "--report", missing], {
    encoding: "utf8",
  });
  expect(run.status).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toBe(
    `bench:test-lanes: the report ${missing} cannot be read (ENOENT: no such file or directory, open '${missing}'): give a file written by npm test -- --json --outputFile=FILE.\n`,
  );
});
