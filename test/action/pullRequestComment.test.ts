import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { pullRequestOfEvent } from "../../src/action/pullRequestComment.js";

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

  it("says whether the pull request comes from a fork, whose pull_request runs get a read-only token", async () => {
    const event = (head: unknown) =>
      eventFile({
        pull_request: { number: 3, head: { repo: head }, base: { repo: { full_name: "octo/box" } } },
      });
    const env = async (head: unknown) => ({
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: await event(head),
      GITHUB_REPOSITORY: "octo/box",
    });
    expect(pullRequestOfEvent(await env({ full_name: "fork/box" }))).toEqual({
      owner: "octo",
      repo: "box",
      number: 3,
      fromFork: true,
    });
    expect(pullRequestOfEvent(await env({ full_name: "octo/box" }))).toMatchObject({ fromFork: false });
    // A fork deleted since the pull request was opened.
    expect(pullRequestOfEvent(await env(null))).toMatchObject({ fromFork: true });
    expect(pullRequestOfEvent(await env({ full_name: 7 }))).not.toHaveProperty("fromFork");
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
