import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { commentMarker } from "../../src/report/commentBody.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { parseOutputFile } from "../support/actionRunner.js";
import { secretApiKey, testAddress } from "../support/addresses.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { startGitHubApiStandIn } from "../support/githubApiStandIn.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// The Action run by GitHub's own runner for JavaScript actions, @github/local-action: it reads action.yml, loads
// the inputs from an env file, replaces @actions/core with its stand-in (which records the outputs, the secrets and
// the job summary as the runner would), imports the entrypoint and calls its run().
// Two entrypoints: src/action/main.ts, whose @actions/core the stand-in replaces; and the bundle (dist/index.js, built
// fresh from the sources), which exports run() and runs it only when it is the process's entry point. The bundle
// carries its own copy of @actions/core, which no stand-in reaches: it writes the outputs to GITHUB_OUTPUT as on
// the runner, and local-action reports none.
// The stand-in takes the place of the package where `npm ls` says it is: with node_modules behind a link (a git
// worktree sharing another checkout's), Node loads the package by its real path and the stand-in misses it; run
// with NODE_OPTIONS=--preserve-symlinks there.
let explorer: TestExplorer;
let workspace: string;
let bundleDir: string;
const verified = testAddress(0xb1);
const rejected = testAddress(0xb2);
const source = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n";

interface LocalActionRun {
  code: number;
  stdout: string;
  /** What local-action's @actions/core stand-in recorded: its `::set-output` lines. */
  outputs: Record<string, string>;
  /** The job summary its stand-in wrote. */
  summary: string;
  /** What a real @actions/core would have written to GITHUB_OUTPUT (nothing, when the stand-in took its place). */
  outputFile: string;
}

beforeAll(async () => {
  explorer = await startTestExplorer();
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-local-action-"));
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(workspace, "flat", "Box.sol"), source);
  bundleDir = await buildFreshBundle("explorer-verify-local-action-bundle-");
  // local-action reads the nearest package.json above the entrypoint to tell ESM from CommonJS.
  await writeFile(join(bundleDir, "package.json"), JSON.stringify({ type: "module" }));
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

beforeEach(() => {
  explorer.reset();
  explorer.backend.addContract(verified).addContract(rejected);
  explorer.backend.script(rejected, {
    result: "fail",
    failReason: "Bytecode does not match, please try again.",
  });
});

function entry(address: string) {
  return {
    address,
    format: "flattened",
    contract: "Box",
    source: "flat/Box.sol",
    compilerVersion: "v0.8.28+commit.7893614a",
    optimizer: { enabled: false, runs: 200 },
  };
}

/**
 * `npx local-action run <repository> <entrypoint> <env file>`, with the inputs as INPUT_ variables in the env file,
 * as local-action documents.
 */
async function localAction(
  inputs: Record<string, string>,
  entrypoint = "src/action/main.ts",
  environment: Record<string, string> = {},
): Promise<LocalActionRun> {
  const files = await mkdtemp(join(workspace, "run-"));
  const summaryFile = join(files, "summary.md");
  const outputFile = join(files, "output");
  await writeFile(outputFile, "");
  // The runner creates both files before the step; @actions/core refuses a summary file that does not exist.
  await writeFile(summaryFile, "");
  const variables: Record<string, string> = {
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: files,
    EXPLORER_VERIFY_CACHE_DIR: join(files, "cache"),
    ...environment,
  };
  for (const [name, value] of Object.entries(inputs)) variables[`INPUT_${name.toUpperCase()}`] = value;
  const envFile = join(files, ".env");
  await writeFile(
    envFile,
    Object.entries(variables)
      // Single quotes: dotenv takes the value as written (the JSON's double quotes included).
      .map(([name, value]) => `${name}='${value}'\n`)
      .join(""),
  );
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      join(repoRoot, "node_modules", ".bin", "local-action"),
      ["run", repoRoot, entrypoint, envFile],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          PATH: `${join(repoRoot, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`,
          NO_COLOR: "1",
          FORCE_COLOR: "0",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, out) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out }),
    );
  });
  const outputs: Record<string, string> = {};
  for (const [, name = "", value = ""] of stdout.matchAll(/^::set-output name=([^:]+)::(.*)$/gm))
    outputs[name] = value;
  return {
    code,
    stdout,
    outputs,
    summary: await readFile(summaryFile, "utf8").catch(() => ""),
    outputFile: await readFile(outputFile, "utf8"),
  };
}

describe("the Action under @github/local-action", () => {
  it("verifies a manifest, sets the four outputs, writes the summary table, and masks the key", async () => {
    const run = await localAction({
      "explorer-url": explorer.url,
      "api-key": secretApiKey,
      contracts: JSON.stringify({ contracts: [entry(verified), entry(rejected)] }),
      "timeout-seconds": "30",
      "fail-on-error": "false",
    });
    expect(run.code).toBe(0);
    expect(run.outputFile).toBe("");
    expect(Object.keys(run.outputs)).toEqual([
      "results",
      "verified-count",
      "already-verified-count",
      "failed-count",
      "counts",
    ]);
    expect(run.outputs).toMatchObject({
      "verified-count": "1",
      "already-verified-count": "0",
      "failed-count": "1",
    });
    const results = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(results.map((r) => [r.address, r.contract, r.format, r.status])).toEqual([
      [verified, "Box", "flattened", "verified"],
      [rejected, "Box", "flattened", "failed"],
    ]);
    expect(run.stdout).toMatch(/│ 'verified-count'\s+│ '1'\s+│/);
    expect(run.stdout).toMatch(/│ 'failed-count'\s+│ '1'\s+│/);
    expect(run.summary).toContain("<h2>Contract verification</h2>");
    expect(run.summary).toContain(`<a href="${explorer.url}/address/${verified}#code">${verified}</a>`);
    expect(run.summary).toContain("✅ verified");
    // The runner masks what follows the Action's own ::add-mask:: line; nothing else shows the key.
    expect(run.stdout.split("\n").filter((line) => line.includes(secretApiKey))).toEqual([
      `::add-mask::${secretApiKey}`,
    ]);
    expect(run.summary).not.toContain(secretApiKey);
    expect(explorer.requestsFor("verify").map((request) => request.query.apikey)).toEqual([
      secretApiKey,
      secretApiKey,
    ]);
  }, 60_000);

  it("fails the step when a contract fails and fail-on-error is left true", async () => {
    const run = await localAction({
      "explorer-url": explorer.url,
      contracts: JSON.stringify({ contracts: [entry(rejected)] }),
      "timeout-seconds": "30",
    });
    // local-action records setFailed (its ::error:: line) but leaves its own exit code at 0.
    expect(run.stdout).toContain("\n::error::1 of 1 contract could not be verified.\n");
    expect(run.outputs["failed-count"]).toBe("1");
  }, 60_000);

  it("runs the bundle, which exports run() and leaves the call to local-action", async () => {
    const run = await localAction(
      {
        "explorer-url": explorer.url,
        "api-key": secretApiKey,
        contracts: JSON.stringify({ contracts: [entry(verified), entry(rejected)] }),
        "timeout-seconds": "30",
        "fail-on-error": "false",
        // The first test's ledger would answer for the verified contract without a request.
        ledger: "none",
      },
      join(bundleDir, "index.js"),
    );
    // The bundle's own @actions/core wrote the outputs to GITHUB_OUTPUT, out of local-action's sight.
    expect(run.stdout).toContain("\nNo outputs were set!\n");
    expect(run.outputs).toEqual({});
    const outputs = parseOutputFile(run.outputFile);
    expect(Object.keys(outputs)).toEqual([
      "results",
      "verified-count",
      "already-verified-count",
      "failed-count",
      "counts",
    ]);
    expect(outputs).toMatchObject({
      "verified-count": "1",
      "already-verified-count": "0",
      "failed-count": "1",
    });
    const results = JSON.parse(outputs.results ?? "[]") as VerificationResult[];
    expect(results.map((r) => [r.address, r.status])).toEqual([
      [verified, "verified"],
      [rejected, "failed"],
    ]);
    // Run once: local-action's call, not a second one from the import.
    expect(explorer.requestsFor("verify").map((request) => request.query.apikey)).toEqual([
      secretApiKey,
      secretApiKey,
    ]);
    expect(run.stdout.match(/^::group::Progress$/gm)).toHaveLength(1);
    expect(run.summary).toContain("<h2>Contract verification</h2>");
    expect(run.summary).toContain(`<a href="${explorer.url}/address/${verified}#code">${verified}</a>`);
    expect(run.stdout.split("\n").filter((line) => line.includes(secretApiKey))).toEqual([
      `::add-mask::${secretApiKey}`,
    ]);
    expect(run.code).toBe(0);
  }, 120_000);

  it("comments on the pull request, the token sent to GitHub's API alone", async () => {
    const github = await startGitHubApiStandIn();
    try {
      const eventPath = join(workspace, "pull_request.json");
      await writeFile(eventPath, JSON.stringify({ pull_request: { number: 7 } }));
      const token = "ghs_SECRETtokenOfTheRun0123456789";
      const run = await localAction(
        {
          "explorer-url": explorer.url,
          contracts: JSON.stringify({ contracts: [entry(verified)] }),
          "timeout-seconds": "30",
          ledger: "none",
          "pr-comment": "true",
          "github-token": token,
        },
        "src/action/main.ts",
        {
          GITHUB_API_URL: github.url,
          GITHUB_EVENT_NAME: "pull_request",
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_REPOSITORY: "octo/box",
        },
      );
      expect(run.stdout).toContain(
        "\nCommented on pull request #7: https://github.com/octo/box/pull/7#issuecomment-1000\n",
      );
      expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        "GET /user",
        "GET /repos/octo/box/issues/7/comments?per_page=100",
        "POST /repos/octo/box/issues/7/comments",
      ]);
      expect(github.requests.map((request) => request.headers.authorization)).toEqual([
        `token ${token}`,
        `token ${token}`,
        `token ${token}`,
      ]);
      expect(github.comments.get("octo/box#7")?.[0]?.body).toBe(`${commentMarker}\n${run.summary}`);
      expect(run.stdout.split("\n").filter((line) => line.includes(token))).toEqual([`::add-mask::${token}`]);
    } finally {
      await github.close();
    }
  }, 60_000);
});
