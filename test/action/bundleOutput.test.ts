import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { runActionInProcess } from "../support/actionInProcess.js";
import { parseOutputFile } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// The output bundle names the file this step wrote, never one an earlier step of the job left in the same RUNNER_TEMP.
let explorer: TestExplorer;
let workspace: string;
const box = testAddress(0xc2);
const manifest = JSON.stringify({
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
});

beforeAll(async () => {
  explorer = await startTestExplorer();
  explorer.backend.addContract(box);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-bundle-output-"));
  await mkdir(join(workspace, "flat"));
  await writeFile(join(workspace, "flat", "Box.sol"), "// SPDX-License-Identifier: MIT\ncontract Box {}\n");
});

afterAll(async () => {
  await explorer?.close();
  await rm(workspace, { recursive: true, force: true });
});

async function step(name: string, inputs: Record<string, string>) {
  const output = join(workspace, `${name}-output`);
  await writeFile(output, "");
  const { log } = await runActionInProcess(
    { "explorer-url": explorer.url, contracts: manifest, ledger: "none", ...inputs },
    {
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: join(workspace, "runner-temp"),
      GITHUB_OUTPUT: output,
      EXPLORER_VERIFY_CACHE_DIR: join(workspace, "cache"),
    },
  );
  return { log, outputs: parseOutputFile(await readFile(output, "utf8")) };
}

describe("the Action's bundle output, two steps sharing RUNNER_TEMP", () => {
  it("is this step's file, and not set when this step wrote none", async () => {
    const first = await step("first", { "chain-id": "31337" });
    const written = first.outputs.bundle ?? "";
    expect(first.log).toContain(`Wrote the bundle ${written}: 1 contract, 1 standard JSON input`);
    expect(written.startsWith(join(workspace, "runner-temp", "explorer-verify"))).toBe(true);
    const text = await readFile(written, "utf8");

    const second = await step("second", {});
    expect(second.log).toContain(
      `No bundle output: Box at ${box} does not say its chain, and a bundle records each contract's: give the chain-id input.`,
    );
    expect(second.outputs.bundle).toBeUndefined();
    expect(await readFile(written, "utf8")).toBe(text);

    // Each step writes a file of its own: a later one never replaces an earlier step's.
    const third = await step("third", { "chain-id": "31337" });
    expect(third.outputs.bundle).toMatch(/verification\.json$/);
    expect(third.outputs.bundle).not.toBe(written);
  });
});
