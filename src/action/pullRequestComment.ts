import { readFileSync } from "node:fs";
import { createRedactor } from "../errors/redact.js";
import * as z from "../kernel/zod.js";
import { commentMarker } from "../report/commentBody.js";
import { neutraliseText } from "../report/terminalText.js";
import type { GitHubAnswer, GitHubApi } from "./githubApi.js";
import type { ActionInputs } from "./inputs.js";
import { logLine } from "./runnerCommands.js";

const pullRequestEvents = ["pull_request", "pull_request_target"];

/** The pull request a workflow runs for. */
export interface PullRequest {
  owner: string;
  repo: string;
  number: number;
  /** Whether its branch is in a fork (whose `pull_request` runs get a read-only token); undefined when unsaid. */
  fromFork?: boolean;
}

const repositorySchema = z.looseObject({
  name: z.optional(z.unknown()),
  full_name: z.optional(z.unknown()),
  owner: z.optional(z.nullable(z.looseObject({ login: z.optional(z.unknown()) }))),
});

// What of the event's payload is read; every field may be missing or of another type, and is then not used.
const eventPayloadSchema = z.looseObject({
  pull_request: z.optional(
    z.looseObject({
      number: z.optional(z.unknown()),
      head: z.optional(z.looseObject({ repo: z.optional(z.nullable(repositorySchema)) })),
      base: z.optional(z.looseObject({ repo: z.optional(z.nullable(repositorySchema)) })),
    }),
  ),
  repository: z.optional(repositorySchema),
});

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
  let parsed: ReturnType<typeof eventPayloadSchema.safeParse>;
  try {
    parsed = eventPayloadSchema.safeParse(JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8")));
  } catch {
    return { skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) could not be read." };
  }
  const payload = parsed.success ? parsed.data : {};
  const number = payload.pull_request?.number;
  if (typeof number !== "number")
    return {
      skipped: "No pull request comment: the event's payload (GITHUB_EVENT_PATH) names no pull request.",
    };
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const fromPayload = payload.repository;
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
  const head = payload.pull_request?.head?.repo;
  const base = payload.pull_request?.base?.repo;
  // A fork deleted since has no head repository.
  const fromFork =
    head === null
      ? true
      : typeof head?.full_name === "string" && typeof base?.full_name === "string"
        ? head.full_name !== base.full_name
        : undefined;
  return { ...named, number, ...(fromFork === undefined ? {} : { fromFork }) };
}

// The comment's requests end within the step's deadline (its start and timeout-seconds), and within 30 s; a step
// that ran to its deadline still gets 10 s to post what it found.
const maxCommentMs = 30_000;
const minCommentMs = 10_000;

// Reading a pull request's comments stops after this many pages of 100.
const maxCommentPages = 30;

// How long the Action's own answer from GitHub may be quoted in a warning.
const maxQuotedChars = 300;

// The Actions app's bot: the account GITHUB_TOKEN writes as (on github.com and on GitHub Enterprise Server).
const actionsBotLogin = "github-actions[bot]";

const commentSchema = z.looseObject({
  id: z.number(),
  body: z.optional(z.nullable(z.string())),
  html_url: z.string(),
  user: z.optional(
    z.nullable(
      z.looseObject({ login: z.string(), id: z.optional(z.number()), type: z.optional(z.string()) }),
    ),
  ),
});
type IssueComment = z.infer<typeof commentSchema>;
const commentsPageSchema = z.array(commentSchema);
const userSchema = z.looseObject({ login: z.string(), id: z.number() });
const errorSchema = z.looseObject({ message: z.string() });

/**
 * Whose comments are this Action's: the account the token acts as. A personal token's account answers `GET /user`;
 * an installation token (the workflow's GITHUB_TOKEN, or a GitHub App's) is refused there with 403 "Resource not
 * accessible by integration", and is taken to be the workflow's GITHUB_TOKEN, which writes as the Actions app's bot.
 */
type TokenIdentity = { kind: "account"; login: string; id: number } | { kind: "actions-bot" };

/** A reason the comment could not be written, said to the user as a warning. */
class CommentRefused extends Error {}

/**
 * Posts a comment's body on the pull request the workflow runs for, or updates the comment an earlier run of this
 * Action posted: the first comment, over every page (up to 3,000 comments), that starts with
 * {@link commentMarker} and was written by the account the token acts as (see {@link TokenIdentity}: a comment by
 * anyone else is never touched, whatever it says). Elsewhere it logs why it skipped. Every request ends by the
 * comment's deadline (within the step's: `timeout-seconds` from the step's start, at most 30 s, at least 10 s); the
 * token goes over https only, or plain http to this machine. A failure is a warning naming the cause (a fork's
 * read-only token, a missing permission, GitHub's answer), never a failed step; no text shows the token, in any
 * encoding.
 *
 * @param inputs - the Action's `github-token` and `timeout-seconds`
 * @param body - the comment's body
 * @param secrets - values never to show, besides the token: the run's keys
 */
export async function commentOnPullRequest(
  inputs: Pick<ActionInputs, "githubToken" | "timeoutSeconds">,
  body: string,
  secrets: readonly (string | undefined)[],
): Promise<void> {
  const pullRequest = pullRequestOfEvent();
  if ("skipped" in pullRequest) {
    logLine(pullRequest.skipped);
    return;
  }
  const core = await import("@actions/core");
  const where = `pull request #${pullRequest.number}`;
  const token = inputs.githubToken;
  if (!token) {
    core.warning(`Could not comment on ${where}: input github-token is empty.`);
    return;
  }
  const redact = createRedactor([token, ...secrets]);
  const warn = (reason: string) =>
    core.warning(neutraliseText(redact(`Could not comment on ${where}: ${reason.replace(/\.$/, "")}.`)));
  // Loaded only now: runs without a comment never load the GitHub client.
  const { GitHubApi, githubApiBase } = await import("./githubApi.js");
  const base = githubApiBase();
  if ("refused" in base) {
    warn(base.refused);
    return;
  }
  const deadlineMs = commentDeadlineMs(inputs.timeoutSeconds);
  const signal = AbortSignal.timeout(deadlineMs);
  const api = new GitHubApi(base, token, signal);
  try {
    const identity = await tokenIdentity(api);
    const { owner, repo, number } = pullRequest;
    const repository = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    const comments = `${repository}/issues/${number}/comments`;
    const earlier = await findOwnComment(api, comments, identity);
    const [method, path] = earlier.comment
      ? (["PATCH", `${repository}/issues/comments/${earlier.comment.id}`] as const)
      : (["POST", comments] as const);
    if (earlier.pagesCapped)
      logLine(
        `Read the first ${(maxCommentPages * 100).toLocaleString("en-US")} comments of ${where} without finding this Action's own: a new comment is written.`,
      );
    const answer = await api.send(method, api.url(path), { body: redact(body) });
    if (answer.status === 403) throw new CommentRefused(readOnlyReason(pullRequest, answer));
    const written = commentSchema.safeParse(answer.json);
    if ((answer.status !== 200 && answer.status !== 201) || !written.success)
      throw new CommentRefused(unexpectedAnswer(method, path, answer));
    logLine(
      neutraliseText(
        redact(
          `${earlier.comment ? "Updated the comment on" : "Commented on"} ${where}: ${written.data.html_url}`,
        ),
      ),
    );
  } catch (error) {
    if (signal.aborted)
      warn(
        `GitHub's API at ${base.origin} did not answer within ${Math.round(deadlineMs / 1_000)} s (the comment's deadline, within the step's timeout-seconds)`,
      );
    else if (error instanceof CommentRefused) warn(error.message);
    else
      warn(
        `the request to GitHub's API at ${base.origin} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
}

// The step started when the process did; its deadline is timeout-seconds later.
function commentDeadlineMs(timeoutSeconds: number): number {
  const stepLeftMs = performance.timeOrigin + timeoutSeconds * 1_000 - Date.now();
  return Math.round(Math.min(maxCommentMs, Math.max(minCommentMs, stepLeftMs)));
}

async function tokenIdentity(api: GitHubApi): Promise<TokenIdentity> {
  const answer = await api.send("GET", api.url("/user"));
  if (answer.status === 403) return { kind: "actions-bot" };
  const user = userSchema.safeParse(answer.json);
  if (answer.status !== 200 || !user.success)
    throw new CommentRefused(
      `GitHub answered HTTP ${answer.status} to GET /user (whose account the token is)${quotedMessage(answer)}`,
    );
  return { kind: "account", login: user.data.login, id: user.data.id };
}

function isOwnComment(identity: TokenIdentity, comment: IssueComment): boolean {
  const user = comment.user;
  if (!user) return false;
  // An account's id stays when its login is renamed.
  if (identity.kind === "account") return user.id === identity.id;
  return user.type === "Bot" && user.login === actionsBotLogin;
}

async function findOwnComment(
  api: GitHubApi,
  path: string,
  identity: TokenIdentity,
): Promise<{ comment?: IssueComment; pagesCapped?: boolean }> {
  let url = api.url(path, { per_page: "100" });
  for (let page = 1; page <= maxCommentPages; page++) {
    const answer = await api.send("GET", url);
    const comments = commentsPageSchema.safeParse(answer.json);
    if (answer.status !== 200 || !comments.success)
      throw new CommentRefused(
        answer.status === 200
          ? `GitHub's list of the comments (GET ${path}) is not in the expected format`
          : `GitHub answered HTTP ${answer.status} to GET ${path}${quotedMessage(answer)}`,
      );
    const own = comments.data.find(
      (comment) => comment.body?.startsWith(commentMarker) === true && isOwnComment(identity, comment),
    );
    if (own) return { comment: own };
    const next = nextPageUrl(answer.headers.link);
    if (next === undefined) return {};
    if (!api.isOwnUrl(next))
      throw new CommentRefused(
        `GitHub's next page of comments is at ${next.origin}, outside its API: the token is not sent there`,
      );
    url = next;
  }
  return { pagesCapped: true };
}

// GitHub's Link header: `<https://…&page=2>; rel="next", <https://…&page=5>; rel="last"`.
function nextPageUrl(link: string | undefined): URL | undefined {
  for (const [, target = "", rels = ""] of (link ?? "").matchAll(/<([^<>]*)>\s*;\s*rel="([^"]*)"/g)) {
    if (rels.split(/\s+/).includes("next")) return URL.parse(target) ?? undefined;
  }
  return undefined;
}

function readOnlyReason(pullRequest: PullRequest, answer: GitHubAnswer): string {
  const how =
    pullRequest.fromFork === true
      ? "pull requests from forks get a read-only GITHUB_TOKEN; run the job on pull_request_target, or post the comment from a later workflow_run job"
      : pullRequest.fromFork === false
        ? "give the job permissions: pull-requests: write"
        : "give the job permissions: pull-requests: write (a pull request from a fork gets a read-only GITHUB_TOKEN: run the job on pull_request_target, or post the comment from a later workflow_run job)";
  return `the token cannot write to this pull request: ${how} (GitHub answered HTTP 403${quotedMessage(answer)})`;
}

// An answer that is not the comment written: a redirect (never followed: the token would go along), a refusal, or
// a success whose body is not a comment.
function unexpectedAnswer(method: string, path: string, answer: GitHubAnswer): string {
  const said = `GitHub answered HTTP ${answer.status} to ${method} ${path}`;
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.location ? ` to ${answer.headers.location.slice(0, maxQuotedChars)}` : "";
    return `${said}, a redirect${location}, which is not followed: no comment was written`;
  }
  if (answer.status === 200 || answer.status === 201)
    return `${said} without the comment it wrote (the answer is not in the expected format)`;
  return `${said}${quotedMessage(answer)}: no comment was written`;
}

// GitHub's `message`, quoted: its text is GitHub's (or whatever answers at GITHUB_API_URL), so bounded.
function quotedMessage(answer: GitHubAnswer): string {
  const error = errorSchema.safeParse(answer.json);
  if (!error.success) return "";
  const message = error.data.message.replace(/\.$/, "");
  return `: ${message.length > maxQuotedChars ? `${message.slice(0, maxQuotedChars)}…` : message}`;
}
