import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { commentBody, commentMarker, pullRequestOfEvent } from "../../src/action/pullRequestComment.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-event-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function eventFile(payload: unknown): Promise<string> {
  const path = join(folder, `event-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify(payload));
  return path;
}

describe("the pull request a workflow runs for", () => {
  it("is read from a pull_request or pull_request_target event", async () => {
    const path = await eventFile({
      pull_request: { number: 12 },
      repository: { name: "box", owner: { login: "octo" } },
    });
    expect(
      pullRequestOfEvent({
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: path,
        GITHUB_REPOSITORY: "o/r",
      }),
    ).toEqual({ owner: "o", repo: "r", number: 12 });
    expect(pullRequestOfEvent({ GITHUB_EVENT_NAME: "pull_request_target", GITHUB_EVENT_PATH: path })).toEqual(
      {
        owner: "octo",
        repo: "box",
        number: 12,
      },
    );
  });

  it("is none elsewhere, each time with the reason", async () => {
    expect(pullRequestOfEvent({ GITHUB_EVENT_NAME: "push" })).toEqual({
      skipped: "No pull request comment: the workflow runs on the push event, not on a pull request.",
    });
    expect(pullRequestOfEvent({})).toEqual({
      skipped:
        "No pull request comment: the workflow runs on no event (GITHUB_EVENT_NAME is not set), not on a pull request.",
    });
    expect(
      pullRequestOfEvent({
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: join(folder, "missing.json"),
      }),
    ).toEqual({
      skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) could not be read.",
    });
    expect(
      pullRequestOfEvent({
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: await eventFile({ issue: { number: 3 } }),
        GITHUB_REPOSITORY: "o/r",
      }),
    ).toEqual({
      skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) names no pull request.",
    });
    expect(
      pullRequestOfEvent({
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: await eventFile({ pull_request: { number: 3 } }),
      }),
    ).toEqual({
      skipped:
        "No pull request comment: neither GITHUB_REPOSITORY nor the event's payload names the repository.",
    });
  });
});

describe("the comment's body", () => {
  it("gives the totals and the run's link instead of a table longer than GitHub takes", () => {
    const results: VerificationResult[] = Array.from({ length: 300 }, (_, index) => ({
      address: testAddress(index + 1),
      contract: "Box",
      explorer: "https://eth.blockscout.com",
      format: "flattened",
      status: "failed",
      url: `https://eth.blockscout.com/address/${testAddress(index + 1)}#code`,
      attempts: 1,
      durationMs: 100,
      message: "Bytecode does not match. ".repeat(10),
    }));
    const env = {
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "octo/box",
      GITHUB_RUN_ID: "9",
    };
    expect(commentBody(results, "https://eth.blockscout.com", env)).toBe(
      `${commentMarker}\n<h2>Contract verification</h2>\n<p>300 contracts&#58; 300 failed</p>\n<p>The table is too long for a comment: it is in the job summary of <a href="https://github.com/octo/box/actions/runs/9">run 9</a>.</p>\n`,
    );
    expect(commentBody(results.slice(0, 2), "https://eth.blockscout.com", env)).toMatch(
      /^<!-- explorer-verify -->\n<h2>Contract verification<\/h2>\n[\s\S]*<\/table>\n<p>From <a href="https:\/\/github.com\/octo\/box\/actions\/runs\/9">run 9<\/a>.<\/p>\n$/,
    );
  });
});
