import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationBundle } from "../../src/inputs/bundleSchema.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  prepareEmptyFolder,
  removeCliProject,
} from "../support/cliPackage.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// `explorer-verify bundle` in the project that has the build, then `verify --bundle` in an empty folder (the packed
// CLI, no project, no build, no npm solc) on a local explorer of a real local chain.
let project: CliProject;
let elsewhere: CliProject;
let chain: HardhatChain;
let explorer: LocalExplorer;
let requestsSeen = 0;

beforeAll(async () => {
  [project, elsewhere, chain] = await Promise.all([
    prepareCliProject(),
    prepareEmptyFolder(),
    startHardhatChain(),
  ]);
  await replayBroadcast(chain.rpcUrl);
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onRequest: () => {
      requestsSeen++;
    },
  });
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  await Promise.all([removeCliProject(project), removeCliProject(elsewhere)]);
});

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;

describe("explorer-verify bundle, and verify --bundle elsewhere", () => {
  let bundleText: string;

  it("writes the deployment's bundle and sends nothing", async () => {
    const written = await explorerVerify(project, [
      "bundle",
      "--deployment",
      runLatest,
      "--out",
      "verification.json",
    ]);
    expect({ code: written.code, stderr: written.stderr }).toMatchObject({ code: 0 });
    expect(written.stderr).toContain(
      `Wrote the bundle ${join(project.dir, "verification.json")}: 5 contracts, `,
    );
    bundleText = await readFile(join(project.dir, "verification.json"), "utf8");
    const bundle = JSON.parse(bundleText) as VerificationBundle;
    expect(bundle.bundle).toBe(1);
    expect(bundle.contracts.map((c) => [c.chainId, c.contract.split(":").pop()])).toEqual([
      [31337, "MathLib"],
      [31337, "Token"],
      [31337, "Calculator"],
      [31337, "Counter"],
      [31337, "Counter"],
    ]);
    expect(requestsSeen).toBe(0);
  }, 300_000);

  it("refuses a tampered input before any request, naming the contract", async () => {
    const bundle = JSON.parse(bundleText) as VerificationBundle;
    const token = bundle.contracts.find((c) => c.contract.endsWith(":Token"));
    const input = bundle.inputs[token?.input ?? ""] as { sources: Record<string, { content: string }> };
    const file = token?.contract.slice(0, token.contract.lastIndexOf(":")) ?? "";
    const source = input.sources[file] as { content: string };
    source.content = source.content.replace("contract Token", "contract Token /* changed */");
    await writeFile(join(elsewhere.dir, "tampered.json"), JSON.stringify(bundle));
    const run = await explorerVerify(elsewhere, [
      "verify",
      "--bundle",
      "tampered.json",
      "--explorer-url",
      explorer.url,
    ]);
    expect(run.code).toBe(2);
    // One build, one input: the message names its first contract and counts the others.
    const [first] = bundle.contracts;
    expect(run.stderr).toBe(
      `explorer-verify: The bundle ${join(elsewhere.dir, "tampered.json")}: the input of ${first?.contract} at ${first?.address} (chain 31337) (and 4 more contracts) does not match its hash ${token?.input} (its content hashes to ${run.stderr.match(/hashes to (0x[0-9a-f]{64})/)?.[1]}): it was changed after the bundle was written. Nothing was sent.\n`,
    );
    expect(run.stderr).toMatch(/its content hashes to 0x[0-9a-f]{64}\)/);
    expect(requestsSeen).toBe(0);
  }, 120_000);

  it("verifies every contract of the bundle from an empty folder, with no build and no compiler", async () => {
    expect(existsSync(join(elsewhere.dir, "out"))).toBe(false);
    expect(existsSync(join(elsewhere.dir, "node_modules", "solc"))).toBe(false);
    await writeFile(join(elsewhere.dir, "verification.json"), bundleText);
    const run = await explorerVerify(elsewhere, [
      "verify",
      "--bundle",
      "verification.json",
      "--explorer-url",
      explorer.url,
      "--json",
    ]);
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    expect(
      recordsOf(run.stdout)
        .map((r) => `${r.contract.split(":").pop()} ${r.status}`)
        .sort(),
    ).toEqual([
      "Calculator verified",
      "Counter verified",
      "Counter verified",
      "MathLib verified",
      "Token verified",
    ]);
    const again = await explorerVerify(elsewhere, [
      "verify",
      "--bundle",
      "verification.json",
      "--explorer-url",
      explorer.url,
      "--json",
    ]);
    expect(again.code).toBe(0);
    expect(recordsOf(again.stdout).map((r) => r.status)).toEqual(Array(5).fill("already-verified"));
  }, 300_000);

  it("refuses --bundle beside flags that name contracts, before reading it", async () => {
    const run = await explorerVerify(elsewhere, [
      "verify",
      "--bundle",
      "verification.json",
      "--deployment",
      runLatest,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--bundle names the contracts: drop --deployment.");
  }, 60_000);
});
