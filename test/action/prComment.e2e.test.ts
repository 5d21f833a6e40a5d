import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { commentMarker } from "../../src/report/commentBody.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import {
  actionsBot,
  type GitHubApiStandIn,
  type StandInComment,
  startGitHubApiStandIn,
} from "../support/githubApiStandIn.js";
import { startInternetTrap } from "../support/internetTrap.js";
import { keySpellingsIn } from "../support/keySpellings.js";
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
  await writeFile(
    join(workspace, "pull_request.json"),
    JSON.stringify({
      pull_request: {
        number: 7,
        head: { repo: { full_name: "octo/box" } },
        base: { repo: { full_name: "octo/box" } },
      },
    }),
  );
  await writeFile(
    join(workspace, "pull_request_target.json"),
    JSON.stringify({
      pull_request: {
        number: 7,
        head: { repo: { full_name: "fork/box" } },
        base: { repo: { full_name: "octo/box" } },
      },
    }),
  );
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

function run(
  inputs: Record<string, string>,
  event = "pull_request",
  env: Record<string, string> = {},
): Promise<ActionRun> {
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
      ...env,
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
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "POST /repos/octo/box/issues/7/comments",
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "PATCH /repos/octo/box/issues/comments/1000",
    ]);
    for (const request of github.requests) expect(request.headers.authorization).toBe(`token ${token}`);
    const runLink = '<p>From <a href="https://github.com/octo/box/actions/runs/4242">run 4242</a>.</p>\n';
    // Each run's job summary, under the marker, and the run it came from: the second run's replaces the first's.
    expect(github.requests.map((request) => (request.body as { body?: string } | undefined)?.body)).toEqual([
      undefined,
      undefined,
      `${commentMarker}\n${first.summary}${runLink}`,
      undefined,
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

  it("updates only its own comment, found on the third of three pages, past another user's marker comment", async () => {
    const mallory = { login: "mallory", id: 666, type: "User" } as const;
    const comments: StandInComment[] = [
      { id: 1, body: `${commentMarker}\nAll verified ✅`, user: mallory },
      ...Array.from({ length: 248 }, (_, index) => ({
        id: index + 2,
        body: index === 10 ? `> ${commentMarker}\nquoted` : `Comment ${index + 2}`,
        user: { login: `reviewer${index % 5}`, id: 100 + (index % 5), type: "User" as const },
      })),
      { id: 250, body: `${commentMarker}\nold table`, user: actionsBot },
    ];
    github.comments.set("octo/box#7", comments);
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.stdout).toContain(
      "\nUpdated the comment on pull request #7: https://github.com/octo/box/pull/7#issuecomment-250\n",
    );
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "GET /repos/octo/box/issues/7/comments?per_page=100&page=2",
      "GET /repos/octo/box/issues/7/comments?per_page=100&page=3",
      "PATCH /repos/octo/box/issues/comments/250",
    ]);
    const after = github.comments.get("octo/box#7") ?? [];
    expect(after).toHaveLength(250);
    expect(after[0]).toEqual({ id: 1, body: `${commentMarker}\nAll verified ✅`, user: mallory });
    expect(after[249]?.body).toContain("<p>2 contracts&#58; ");
  }, 60_000);

  it("writes a comment of its own when the only marker comments are another account's, and updates that one later", async () => {
    github.identity = { login: "octo-dev", id: 7, type: "User" };
    github.comments.set("octo/box#7", [
      { id: 1, body: `${commentMarker}\nAll verified ✅`, user: { login: "mallory", id: 666, type: "User" } },
      { id: 2, body: `${commentMarker}\nold table`, user: actionsBot },
    ]);
    const first = await run({ "pr-comment": "true", "github-token": token });
    expect(first.stdout).toContain(
      "\nCommented on pull request #7: https://github.com/octo/box/pull/7#issuecomment-1000\n",
    );
    const second = await run({ "pr-comment": "true", "github-token": token });
    expect(second.stdout).toContain(
      "\nUpdated the comment on pull request #7: https://github.com/octo/box/pull/7#issuecomment-1000\n",
    );
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "POST /repos/octo/box/issues/7/comments",
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "PATCH /repos/octo/box/issues/comments/1000",
    ]);
    expect((github.comments.get("octo/box#7") ?? []).map((comment) => [comment.id, comment.body])).toEqual([
      [1, `${commentMarker}\nAll verified ✅`],
      [2, `${commentMarker}\nold table`],
      [
        1000,
        `${commentMarker}\n${second.summary}<p>From <a href="https://github.com/octo/box/actions/runs/4242">run 4242</a>.</p>\n`,
      ],
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

  it("says plainly that a fork's read-only token cannot write, and does not fail the step", async () => {
    github.refuseWrites = { status: 403, message: "Resource not accessible by integration" };
    const fork = await run({ "pr-comment": "true", "github-token": token }, "pull_request_target");
    expect(fork.code).toBe(0);
    expect(fork.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: the token cannot write to this pull request: pull requests from forks get a read-only GITHUB_TOKEN; run the job on pull_request_target, or post the comment from a later workflow_run job (GitHub answered HTTP 403: Resource not accessible by integration).\n",
    );
    const own = await run({ "pr-comment": "true", "github-token": token });
    expect(own.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: the token cannot write to this pull request: give the job permissions: pull-requests: write (GitHub answered HTTP 403: Resource not accessible by integration).\n",
    );
    for (const action of [fork, own]) {
      expect(action.code).toBe(0);
      // A warning: the step does not fail for the comment.
      expect(action.stdout).not.toContain("::error::");
      expect(shown(action)).not.toContain(token);
    }
    // The step's failure annotation is the contract's, not the comment's.
    expect(fork.outputs["failed-count"]).toBe("1");
  }, 60_000);

  it("never prints the token that GitHub's answer echoes, in any spelling", async () => {
    github.refuseWrites = {
      status: 401,
      message: (request) =>
        `Bad credentials: ${Buffer.from(String(request.headers.authorization)).toString("base64")} ${Buffer.from(token).toString("base64url")} ${encodeURIComponent(token)}`,
    };
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: GitHub answered HTTP 401 to POST /repos/octo/box/issues/7/comments: Bad credentials: ",
    );
    expect(keySpellingsIn(shown(action), token)).toEqual([]);
  }, 60_000);

  it("warns on a redirect, which it does not follow, rather than reporting a comment it did not write", async () => {
    github.redirectWrites = "http://127.0.0.1:9/elsewhere";
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.code).toBe(0);
    expect(action.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: GitHub answered HTTP 302 to POST /repos/octo/box/issues/7/comments, a redirect to http://127.0.0.1:9/elsewhere, which is not followed: no comment was written.\n",
    );
    expect(action.stdout).not.toContain("undefined");
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
      "POST /repos/octo/box/issues/7/comments",
    ]);
  }, 60_000);

  it("sends the token to a next page only at GitHub's API", async () => {
    github.pageSize = 1;
    github.linkBase = "http://127.0.0.2:9";
    github.comments.set("octo/box#7", [
      { id: 1, body: "first", user: { login: "reviewer", id: 100, type: "User" } },
      { id: 2, body: "second", user: { login: "reviewer", id: 100, type: "User" } },
    ]);
    const action = await run({ "pr-comment": "true", "github-token": token });
    expect(action.stdout).toContain(
      "\n::warning::Could not comment on pull request #7: GitHub's next page of comments is at http://127.0.0.2:9, outside its API: the token is not sent there.\n",
    );
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /user",
      "GET /repos/octo/box/issues/7/comments?per_page=100",
    ]);
  }, 60_000);

  it("refuses to send the token over plain http to a host other than this machine, naming GITHUB_API_URL", async () => {
    const trap = await startInternetTrap();
    try {
      const action = await run({ "pr-comment": "true", "github-token": token }, "pull_request", {
        ...trap.env,
        GITHUB_API_URL: "http://github.corp.example/api/v3",
      });
      expect(action.code).toBe(0);
      expect(action.stdout).toContain(
        "\n::warning::Could not comment on pull request #7: GITHUB_API_URL is http://github.corp.example, plain http to a host other than this machine: the token is not sent in clear (give an https:// URL).\n",
      );
      expect(trap.attempts).toEqual([]);
      expect(github.requests).toEqual([]);
    } finally {
      await trap.close();
    }
  }, 60_000);

  it("keeps the summary, the results output, the comment and the log within GitHub's limits with eight 200 KB failures", async () => {
    const failing = Array.from({ length: 8 }, (_, index) => testAddress(0xe0 + index));
    for (const address of failing) {
      explorer.backend.addContract(address);
      explorer.backend.script(address, {
        result: "fail",
        failReason: `@octocat see #12: ${"x".repeat(200_000)}`,
      });
    }
    const action = await run({
      "pr-comment": "true",
      "github-token": token,
      contracts: JSON.stringify({ contracts: failing.map(entry) }),
    });
    expect(action.code).toBe(0);
    expect(Buffer.byteLength(action.summary)).toBeLessThan(1_048_576);
    expect(Buffer.byteLength(action.outputs.results ?? "")).toBeLessThan(1_000_000);
    const records = JSON.parse(action.outputs.results ?? "[]") as { message: string }[];
    expect(records).toHaveLength(8);
    for (const record of records) expect(record.message).toMatch(/… \(\d{3},\d{3} characters cut\)$/);
    expect(action.stdout).toContain(
      "\nIn the results output: the explorer's text of 8 records is cut to 2,000 characters, to stay within GitHub's limits.\n",
    );
    expect(action.summary).toContain(
      "<p>The explorer&#39;s text of 8 records is cut to 2,000 characters, to stay within GitHub&#39;s limits.</p>",
    );
    const body = (github.comments.get("octo/box#7") ?? [])[0]?.body ?? "";
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain("<code>@octocat</code> see <code>&#35;12</code>");
    expect(body).toContain("</table>");
    expect(action.summary).toContain("<code>@octocat</code> see <code>&#35;12</code>");
    // Every log line, explorer text included, is cut.
    expect(Math.max(...action.stdout.split("\n").map((line) => line.length))).toBeLessThan(2_200);
  }, 60_000);

  it.each(["silent", "trickle"] as const)(
    "ends the step within its deadline when GitHub's API is %s",
    async (stall) => {
      github.stall = stall;
      // A short step: the comment still gets its floor of 10 s, the shortest wait the product owns here.
      const action = await run({ "pr-comment": "true", "github-token": token, "timeout-seconds": "4" });
      expect(action.code).toBe(0);
      expect(action.stdout).toMatch(
        new RegExp(
          `\n::warning::Could not comment on pull request #7: GitHub's API at ${github.url.replace(/\./g, "\\.")} did not answer within 10 s \\(the comment's deadline, within the step's timeout-seconds\\)\\.\n`,
        ),
      );
      expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /user"]);
      // A stalled API holds the step no longer than its deadline: here it would hold it forever.
      expect(action.outputs["verified-count"]).toBe("1");
    },
    60_000,
  );
});
