import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { runActionInProcess } from "../support/actionInProcess.js";
import { testAddress } from "../support/addresses.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// Tried outside a runner, with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY naming files nobody created: the contracts are
// verified, and the step says the outputs and the summary are not written, without failing for it.
let explorer: TestExplorer;
let workspace: string;
const box = testAddress(0xc1);

beforeAll(async () => {
  explorer = await startTestExplorer();
  explorer.backend.addContract(box);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-runner-files-"));
  await mkdir(join(workspace, "flat"));
  await writeFile(join(workspace, "flat", "Box.sol"), "// SPDX-License-Identifier: MIT\ncontract Box {}\n");
});

afterAll(async () => {
  await explorer?.close();
  await rm(workspace, { recursive: true, force: true });
});

describe("the Action without the runner's files", () => {
  it("verifies, warns that the outputs and the summary are not written, and succeeds", async () => {
    const missing = join(workspace, "no-such-folder");
    const { log, exitCode } = await runActionInProcess(
      {
        "explorer-url": explorer.url,
        contracts: JSON.stringify({
          contracts: [
            {
              address: box,
              format: "flattened",
              contract: "Box",
              source: "flat/Box.sol",
              compilerVersion: "v0.8.28+commit.7893614a",
              optimizer: { enabled: false, runs: 200 },
            },
          ],
        }),
        ledger: "none",
      },
      {
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: workspace,
        GITHUB_OUTPUT: join(missing, "output"),
        GITHUB_STEP_SUMMARY: join(missing, "summary"),
        EXPLORER_VERIFY_CACHE_DIR: join(workspace, "cache"),
      },
    );
    expect(log).toContain(`verified    Box at ${box}`);
    expect(log).toContain(
      `::warning::No outputs: GITHUB_OUTPUT names ${join(missing, "output")}, which does not exist (a runner creates it before the step), so the outputs are not written. The verification's result stands.`,
    );
    expect(log).toContain(
      `::warning::No job summary: GITHUB_STEP_SUMMARY names ${join(missing, "summary")}, which does not exist (a runner creates it before the step). The verification's result stands.`,
    );
    expect(log).not.toContain("::error::");
    expect(exitCode).toBeUndefined();
  });
});
