import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { canonicalJson } from "../../src/kernel/jsonValues.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { foundryFixture } from "../inputs/hardhatProject.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The README's two jobs ("Verify later, or elsewhere") through the Action bundled fresh from the sources: the deploy
// job's step verifies the Foundry fixture's broadcast and gives the bundle as its output (the same file the CLI's
// `bundle` writes); the verify job's step, in a workspace that holds nothing but the downloaded bundle, verifies
// every contract from it. Then `copy-from`: what one explorer holds verified is copied to Sourcify.
let actionBundle: string;
let workspace: string;
let elsewhere: string;
let cli: CliProject;
let chain: HardhatChain;
let deployExplorer: LocalExplorer;
let laterExplorer: LocalExplorer;
let sourcify: SourcifyEmulator;
let laterRequests = 0;

beforeAll(async () => {
  [actionBundle, cli, chain] = await Promise.all([
    buildFreshBundle(),
    prepareCliProject(),
    startHardhatChain(),
  ]);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-deploy-job-"));
  await cp(foundryFixture, workspace, { recursive: true });
  elsewhere = await mkdtemp(join(tmpdir(), "explorer-verify-verify-job-"));
  await replayBroadcast(chain.rpcUrl);
  [deployExplorer, laterExplorer, sourcify] = await Promise.all([
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
    startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      onRequest: () => {
        laterRequests++;
      },
    }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([deployExplorer?.close(), laterExplorer?.close(), sourcify?.close()]);
  await chain?.stop();
  for (const folder of [workspace, elsewhere, actionBundle])
    if (folder) await rm(folder, { recursive: true, force: true });
  await removeCliProject(cli);
});

const action = (inputs: Record<string, string>, where: string, env: Record<string, string> = {}) =>
  runAction(
    { ledger: "none", "timeout-seconds": "120", ...inputs },
    where,
    env,
    join(actionBundle, "index.js"),
  );
const recordsOf = (run: ActionRun) => JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
const shown = (run: ActionRun) => ({ code: run.code, stdout: run.stdout, stderr: run.stderr });

describe("the Action's bundle: written by the deploy job, verified by a later job elsewhere", () => {
  let bundleFile: string;

  it("the deploy job's step verifies and gives the bundle, the same file as the CLI's bundle command writes", async () => {
    const deploy = await action(
      { "explorer-url": deployExplorer.url, deployment: runLatest, artifacts: "out" },
      workspace,
    );
    expect(shown(deploy)).toMatchObject({ code: 0 });
    expect(recordsOf(deploy).map((r) => r.status)).toEqual(Array(5).fill("verified"));
    bundleFile = deploy.outputs.bundle ?? "";
    expect(bundleFile).toMatch(/explorer-verify[/\\][^/\\]+[/\\]verification\.json$/);
    expect(deploy.stdout).toContain(`Wrote the bundle ${bundleFile}: 5 contracts, `);

    const written = await explorerVerify(cli, ["bundle", "--deployment", runLatest, "--out", "cli.json"]);
    expect({ code: written.code, stderr: written.stderr }).toMatchObject({ code: 0 });
    const fromAction = JSON.parse(await readFile(bundleFile, "utf8")) as unknown;
    const fromCli = JSON.parse(await readFile(join(cli.dir, "cli.json"), "utf8")) as unknown;
    expect(canonicalJson(fromAction)).toBe(canonicalJson(fromCli));
  }, 300_000);

  it("the verify job's step verifies every contract from the bundle alone, with no build", async () => {
    await writeFile(join(elsewhere, "verification.json"), await readFile(bundleFile, "utf8"));
    const later = await action({ "explorer-url": laterExplorer.url, bundle: "verification.json" }, elsewhere);
    expect(shown(later)).toMatchObject({ code: 0 });
    expect(recordsOf(later).map((r) => r.status)).toEqual(Array(5).fill("verified"));
    // A bundle verified is not written again: the output is for runs that read a build.
    expect(later.outputs.bundle).toBeUndefined();
  }, 300_000);

  it("refuses a tampered bundle before any request", async () => {
    const bundle = JSON.parse(await readFile(bundleFile, "utf8")) as {
      inputs: Record<string, { settings: Record<string, unknown> }>;
    };
    for (const input of Object.values(bundle.inputs)) input.settings.evmVersion = "london";
    await writeFile(join(elsewhere, "tampered.json"), JSON.stringify(bundle));
    const before = laterRequests;
    const run = await action({ "explorer-url": laterExplorer.url, bundle: "tampered.json" }, elsewhere);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::The bundle .*tampered\.json: the input of src\/lib\/MathLib\.sol:MathLib at 0x5FbDB2315678afecb367f032d93F642f64180aa3 \(chain 31337\) \(and 4 more contracts\) does not match its hash/,
    );
    expect(laterRequests).toBe(before);
  }, 120_000);

  it("copy-from copies what an explorer holds verified to another service, with no build", async () => {
    const copied = await action(
      {
        "explorer-url": deployExplorer.url,
        "chain-id": "31337",
        "copy-from": "blockscout",
        addresses: "0x5FbDB2315678afecb367f032d93F642f64180aa3\n0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
        targets: "sourcify",
      },
      elsewhere,
      { EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl },
    );
    expect(shown(copied)).toMatchObject({ code: 0 });
    expect(recordsOf(copied).map((r) => [r.target, r.status, r.copiedFrom])).toEqual([
      ["sourcify", "verified", { service: "blockscout", match: "exact" }],
      ["sourcify", "verified", { service: "blockscout", match: "exact" }],
    ]);
  }, 300_000);
});
