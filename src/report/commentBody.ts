import type { VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { totalsLine } from "./contractCounts.js";
import { fitWithin } from "./githubLimits.js";
import { resultsHtml, summaryLink, summaryText } from "./resultsHtml.js";

/** The hidden first line of the Action's comment: a later run finds the comment by it and updates it. */
export const commentMarker = "<!-- explorer-verify -->";

// GitHub refuses a comment body longer than this.
const maxCommentChars = 65_536;

/** Where the records are when the comment cannot hold the table. */
export interface CommentFallback {
  /** The job summary holds the table (it was written, within GitHub's limit): the comment points to it. */
  summaryHoldsTable: boolean;
  /** The targets whose failures only warn: each such failure says so, as in the summary. */
  optionalTargets?: readonly Service[];
}

/**
 * The comment's body: the marker, the job summary's HTML and a link to the run, within GitHub's 65,536 characters:
 * explorer texts cut shorter as needed (see {@link fitWithin}), and a table too long even so gives way to the totals
 * and where the records are (the job summary, only when it holds them).
 *
 * @param results - the records
 * @param env - the runner's environment, for the run's address (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`,
 *   `GITHUB_RUN_ID`)
 * @param fallback - whether the job summary holds the table
 * @returns the body, at most GitHub's 65,536 characters
 */
export function commentBody(
  results: readonly VerificationResult[],
  env: NodeJS.ProcessEnv,
  fallback: CommentFallback = { summaryHoldsTable: true },
): string {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  const runUrl = server && repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
  const runLink = runUrl ? summaryLink(runUrl, `run ${runId}`) : "";
  const fitted = fitWithin(
    results,
    (text) => text.length <= maxCommentChars,
    (records, cutNote) =>
      `${commentMarker}\n${resultsHtml(records, fallback.optionalTargets, cutNote)}${runLink ? `<p>From ${runLink}.</p>\n` : ""}`,
  );
  if (fitted !== undefined) return fitted.text;
  const where = fallback.summaryHoldsTable
    ? `it is in the job summary${runLink ? ` of ${runLink}` : ""}`
    : `the log and the results output of ${runLink || "the run"} hold the records`;
  return `${commentMarker}\n<h2>Contract verification</h2>\n<p>${summaryText(totalsLine(results))}</p>\n<p>The table is too long for a comment: ${where}.</p>\n`;
}
