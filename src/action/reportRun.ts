import { existsSync } from "node:fs";
import { commentBody } from "../report/commentBody.js";
import { failureLine } from "../report/contractCounts.js";
import { jobSummaryHtml } from "../report/jobSummaryHtml.js";
import { summaryText } from "../report/resultsHtml.js";
import { stepOutputValues } from "../report/stepOutputValues.js";
import { neutraliseText } from "../report/terminalText.js";
import type { Service } from "../run/commands/requestFacts.js";
import { type RunResults, runExitCode, runSucceeded } from "../run/commands/runReport.js";
import type { ActionInputs } from "./inputs.js";
import { commentOnPullRequest } from "./pullRequestComment.js";
import { logLine } from "./runnerCommands.js";
import { outputWriter } from "./stepOutputs.js";

/** How the step reports a run, besides its records. */
export interface RunReportInputs {
  optionalTargets: readonly Service[];
  /** The comment's inputs: `pr-comment`, `github-token` and `timeout-seconds`. */
  comment: Pick<ActionInputs, "prComment" | "githubToken" | "timeoutSeconds">;
  /** Values the comment never shows, besides the token: the run's keys. */
  secrets: readonly (string | undefined)[];
  failOnError: boolean;
  /** The step's outputs besides the records' (the run's bundle). */
  outputs?: Record<string, string>;
  /** Why the step fails whatever its records say (a merge a shard did not report to). */
  incomplete?: string | undefined;
}

/**
 * Reports a run on the runner: the outputs and annotations (see {@link stepOutputValues}), the job summary, the pull
 * request's comment; then fails the step when the run was interrupted (and exits with its signal's code), incomplete,
 * or failed with `fail-on-error` on. An output, summary or comment that cannot be written is a warning; the run's result stands.
 *
 * @param results - the run's records
 * @param inputs - the optional targets, the comment's inputs and secrets, `fail-on-error`, more outputs
 */
export async function reportRun(results: RunResults, inputs: RunReportInputs): Promise<void> {
  // Loaded only now: nothing before the results needs it, and loading it would delay the first request.
  const core = await import("@actions/core");
  const setOutput = outputWriter(core);
  const summary = jobSummaryHtml(results, results.budgets, inputs.optionalTargets);
  const { outputs, cutLine, annotations } = stepOutputValues(
    results,
    inputs.optionalTargets,
    summary.leftOut,
  );
  for (const { level, message, title } of annotations) core[level](message, { title });
  for (const [name, value] of Object.entries({ ...outputs, ...inputs.outputs })) setOutput(name, value);
  if (cutLine) logLine(cutLine);
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  let summaryHoldsTable = false;
  if (summaryFile && !existsSync(summaryFile))
    core.warning(
      neutraliseText(
        `No job summary: GITHUB_STEP_SUMMARY names ${summaryFile}, which does not exist (a runner creates it before the step). The verification's result stands.`,
      ),
    );
  else if (summaryFile) {
    summaryHoldsTable = await core.summary
      .addRaw(summary.html)
      .write()
      .then(
        () => summary.holdsTable,
        (error: unknown) => {
          core.warning(
            neutraliseText(`No job summary: ${error instanceof Error ? error.message : String(error)}`),
          );
          return false;
        },
      );
  } else logLine("No job summary: GITHUB_STEP_SUMMARY is not set (not running on a GitHub runner).");
  if (inputs.comment.prComment)
    await commentOnPullRequest(
      inputs.comment,
      commentBody(results, process.env, {
        summaryHoldsTable,
        optionalTargets: inputs.optionalTargets,
      }),
      inputs.secrets,
    );
  if (results.interruptedBy) {
    const note = `Interrupted (${results.interruptedBy}): the records without a verdict say so; the ledger keeps what was sent, so a rerun resumes.`;
    if (summaryFile && existsSync(summaryFile))
      await core.summary.addRaw(`<p><strong>${note}</strong></p>`, true).write();
    core.setFailed(note);
    // Answers still in flight are not awaited: their sockets must not hold the step open.
    process.exit(runExitCode(results));
  }
  if (inputs.incomplete) {
    if (summaryFile && existsSync(summaryFile))
      await core.summary.addRaw(`<p><strong>${summaryText(inputs.incomplete)}</strong></p>`, true).write();
    core.setFailed(inputs.incomplete);
  } else if (!runSucceeded(results, inputs.optionalTargets) && inputs.failOnError)
    core.setFailed(failureLine(results));
}
