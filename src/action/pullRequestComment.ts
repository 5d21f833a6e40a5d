import { readFileSync } from "node:fs";
import { neutraliseText } from "../report/terminalText.js";
import type { VerificationResult } from "../verify/job.js";
import type { ActionInputs } from "./inputs.js";
import { resultsHtml, summaryLink, summaryText, totalsLine } from "./jobSummary.js";
import { logLine } from "./runnerCommands.js";

/** The hidden first line of the Action's comment: a later run finds the comment by it and updates it. */
export const commentMarker = "<!-- explorer-verify -->";

// GitHub refuses a comment body longer than this.
const maxCommentChars = 65_536;

const pullRequestEvents = ["pull_request", "pull_request_target"];

/** The pull request a workflow runs for. */
export interface PullRequest {
  owner: string;
  repo: string;
  number: number;
}

/**
 * The pull request the workflow runs for, from the event that started it (`GITHUB_EVENT_NAME`, and the payload at
 * `GITHUB_EVENT_PATH`), or why there is none.
 *
 * @param env - the runner's environment
 * @returns the pull request, or the reason to skip the comment
 */
export function pullRequestOfEvent(env: NodeJS.ProcessEnv = process.env): PullRequest | { skipped: string } {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  if (!pullRequestEvents.includes(eventName)) {
    return {
      skipped: `No pull request comment: the workflow runs on ${eventName ? `the ${eventName} event` : "no event (GITHUB_EVENT_NAME is not set)"}, not on a pull request.`,
    };
  }
  let payload: {
    pull_request?: { number?: unknown };
    repository?: { name?: unknown; owner?: { login?: unknown } };
  };
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8"));
  } catch {
    return { skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) could not be read." };
  }
  const number = payload?.pull_request?.number;
  if (typeof number !== "number")
    return {
      skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) names no pull request.",
    };
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const fromPayload = payload?.repository;
  const named =
    owner && repo
      ? { owner, repo }
      : typeof fromPayload?.owner?.login === "string" && typeof fromPayload.name === "string"
        ? { owner: fromPayload.owner.login, repo: fromPayload.name }
        : undefined;
  if (!named)
    return {
      skipped:
        "No pull request comment: neither GITHUB_REPOSITORY nor the event's payload names the repository.",
    };
  return { ...named, number };
}

/**
 * The comment's body: the marker, the job summary's HTML and a link to the run. A table too long for a comment
 * gives way to the totals and the link.
 *
 * @param results - the records
 * @param explorer - the explorer's base URL
 * @param env - the runner's environment, for the run's address
 * @returns the body, at most GitHub's 65,536 characters
 */
export function commentBody(
  results: readonly VerificationResult[],
  explorer: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  const runUrl = server && repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
  const runLink = runUrl ? summaryLink(runUrl, `run ${runId}`) : "";
  const full = `${commentMarker}\n${resultsHtml(results, explorer)}${runLink ? `<p>From ${runLink}.</p>\n` : ""}`;
  if (full.length <= maxCommentChars) return full;
  return `${commentMarker}\n<h2>Contract verification</h2>\n<p>${summaryText(totalsLine(results))}</p>\n<p>The table is too long for a comment: it is in the job summary${runLink ? ` of ${runLink}` : ""}.</p>\n`;
}

/**
 * With `pr-comment` on, posts the results on the pull request the workflow runs for, or updates the comment an
 * earlier run posted (found by {@link commentMarker}). Elsewhere it logs why it skipped. A failure is a warning,
 * never a failed step. `@actions/github` is loaded only here, so that runs without a comment never load it.
 *
 * @param inputs - the Action's `pr-comment` and `github-token`
 * @param results - the records
 * @param explorer - the explorer's base URL
 */
export async function commentOnPullRequest(
  inputs: Pick<ActionInputs, "prComment" | "githubToken">,
  results: readonly VerificationResult[],
  explorer: string,
): Promise<void> {
  if (!inputs.prComment) return;
  const pullRequest = pullRequestOfEvent();
  if ("skipped" in pullRequest) {
    logLine(pullRequest.skipped);
    return;
  }
  const core = await import("@actions/core");
  const where = `pull request #${pullRequest.number}`;
  if (!inputs.githubToken) {
    core.warning(`Could not comment on ${where}: input github-token is empty.`);
    return;
  }
  try {
    const { context, getOctokit } = await import("@actions/github");
    // The API's address is read now rather than when the module was loaded (GITHUB_API_URL: GitHub Enterprise).
    const octokit = getOctokit(inputs.githubToken, { baseUrl: context.apiUrl });
    const { owner, repo, number: issue_number } = pullRequest;
    const body = commentBody(results, explorer);
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number,
      per_page: 100,
    });
    const earlier = comments.find((comment) => comment.body?.startsWith(commentMarker));
    if (earlier) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: earlier.id, body });
      logLine(`Updated the comment on ${where}: ${data.html_url}`);
    } else {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number, body });
      logLine(`Commented on ${where}: ${data.html_url}`);
    }
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const hint =
      status === 403
        ? " The token may not write to the pull request: give the job permissions: pull-requests: write (a pull request from a fork gets a read-only token)."
        : "";
    core.warning(
      neutraliseText(
        `Could not comment on ${where}: ${(error instanceof Error ? error.message : String(error)).replace(/\.$/, "")}.${hint}`,
      ),
    );
  }
}
