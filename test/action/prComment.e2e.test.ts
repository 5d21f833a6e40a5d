import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { commentMarker } from "../../src/action/pullRequestComment.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type GitHubApiStandIn, startGitHubApiStandIn } from "../support/githubApiStandIn.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// The Action bundled fresh from the sources, run as the runner runs it on a pull request, with pr-comment on:
// its comment goes to a loopback stand-in of GitHub's REST API (GITHUB_API_URL).
const token = "ghs_SECRETtokenOfTheRun0123456789";
const verified = testAddress(0xd1);
const rejected = testAddress(0xd2);
const source = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n";
let bundleDir: string;
let workspace: string;
let explorer: TestExplorer;
let github: GitHubApiStandIn;

beforeAll(async () => {
  bundleDir = await buildFreshBundle();
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-pr-comment-"));
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(workspace, "flat", "Box.sol"), source);
  await writeFile(join(workspace, "pull_request.json"), JSON.stringify({ pull_request: { number: 7 } }));
  await writeFile(join(workspace, "push.json"), JSON.stringify({ ref: "refs/heads/main" }));
  explorer = await startTestExplorer();
  github = await startGitHubApiStandIn();
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await github?.close();
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

beforeEach(() => {
  explorer.reset();
  explorer.backend.addContract(verified).addContract(rejected);
  explorer.backend.script(rejected, {
    result: "fail",
    failReason: "Bytecode does not match, please try again.",
  });
  github.reset();
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

function run(inputs: Record<string, string>, event = "pull_request"): Promise<ActionRun> {
  return runAction(
    {
      "explorer-url": explorer.url,
      contracts: JSON.stringify({ contracts: [entry(verified), entry(rejected)] }),
      "timeout-seconds": "30",
      "fail-on-error": "false",
      ledger: "none",
      ...inputs,
    },
    workspace,
    {
      GITHUB_API_URL: github.url,
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: join(workspace, `${event}.json`),
      GITHUB_REPOSITORY: "octo/box",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_RUN_ID: "4242",
    },
    join(bundleDir, "index.js"),
  );
}

// Every text the run showed, but the runner's mask command for the token.
function shown(action: ActionRun): string {
  const stdout = action.stdout
    .split("\n")
    .filter((line) => line !== `::add-mask::${token}`)
    .join("\n");
  return [stdout, action.stderr, action.summary, JSON.stringify(action.outputs)].join("\n");
}

describe("the Action's pull request comment", () => {
  it("posts one comment on the first run and updates it on the second, with the token in the header alone", async () => {
    const first = await run({ "pr-comment": "true", "github-token": token });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      "\nCommented on pull request #7: https://github.com/octo/box/pull/7#issuecomment-1000\n",
    );
    const second = await run({ "pr-comment": "true", "github-token": token });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      "\nUpdated the comment on pull request #7: https://github.com/octo/box/pull/7#issuecomment-1000\n",
    );
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "POST /repos/octo/box/issues/7/comments",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "PATCH /repos/octo/box/issues/comments/1000",
    ]);
    for (const request of github.requests) expect(request.headers.authorization).toBe(`token ${token}`);
    const runLink = '<p>From <a href="https://github.com/octo/box/actions/runs/4242">run 4242</a>.</p>\n';
    // Each run's job summary, under the marker, and the run it came from: the second run's replaces the first's.
    expect(github.requests.map((request) => (request.body as { body?: string } | undefined)?.body)).toEqual([
      undefined,
      `${commentMarker}\n${first.summary}${runLink}`,
      undefined,
      `${commentMarker}\n${second.summary}${runLink}`,
    ]);
    expect(first.summary).toContain("<p>2 contracts&#58; 1 verified, 1 failed</p>");
    expect(second.summary).toContain("<p>2 contracts&#58; 1 already verified, 1 verified</p>");
    const comments = github.comments.get("octo/box#7") ?? [];
    expect(comments.map((comment) => comment.id)).toEqual([1000]);
    const body = comments[0]?.body ?? "";
    expect(body).toBe(`${commentMarker}\n${second.summary}${runLink}`);
    expect(body).toContain(`<a href="${explorer.url}/address/${verified}#code">${verified}</a>`);
    for (const row of body.match(/<tr>.*?<\/tr>/g) ?? [])
      expect(row).toMatch(/^<tr>(?:<(t[hd])>(?:[^<]|<a [^>]*>[^<]*<\/a>)*<\/\1>){5}<\/tr>$/);
    expect(first.stdout.split("\n").filter((line) => line.includes(token))).toEqual([`::add-mask::${token}`]);
    for (const action of [first, second]) expect(shown(action)).not.toContain(token);
  }, 120_000);

  it("leaves other comments alone and finds its own on a later page", async () => {
    github.pageSize = 2;
    github.comments.set("octo/box#7", [
      { id: 1, body: "Looks good", user: { login: "reviewer" } },
      { id: 2, body: `> ${commentMarker}\nquoted`, user: { login: "reviewer" } },
      { id: 3, body: `${commentMarker}\nold table`, user: { login: "github-actions[bot]" } },
    ]);
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.stdout).toContain(
      "\nUpdated the comment on pull request #7: https://github.com/octo/box/pull/7#issuecomment-3\n",
    );
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      `GET /repos/octo/box/issues/7/comments?per_page=100&page=2`,
      "PATCH /repos/octo/box/issues/comments/3",
    ]);
    expect((github.comments.get("octo/box#7") ?? []).map((comment) => comment.body.slice(0, 12))).toEqual([
      "Looks good",
      `> ${commentMarker}`.slice(0, 12),
      commentMarker.slice(0, 12),
    ]);
  }, 60_000);

  it("skips with one line outside a pull request, and says nothing when pr-comment is off", async () => {
    const push = await run({ "pr-comment": "true", "github-token": token }, "push");
    expect(push.code).toBe(0);
    expect(push.stdout).toContain(
      "\nNo pull request comment: the workflow runs on the push event, not on a pull request.\n",
    );
    const off = await run({ "github-token": token });
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain("comment");
    expect(github.requests).toEqual([]);
    expect(push.outputs["verified-count"]).toBe("1");
  }, 60_000);

  it("warns, and does not fail the step, when GitHub refuses the comment", async () => {
    github.refuseWrites = { status: 403, message: "Resource not accessible by integration" };
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.code).toBe(0);
    expect(action.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: Resource not accessible by integration. The token may not write to the pull request: give the job permissions: pull-requests: write (a pull request from a fork gets a read-only token).\n",
    );
    expect(action.stdout).not.toContain("::error::");
    expect(shown(action)).not.toContain(token);
    expect(action.outputs["failed-count"]).toBe("1");
  }, 60_000);
});
