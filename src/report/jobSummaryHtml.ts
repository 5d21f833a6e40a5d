import { isSuccess, type VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { budgetText, type ServiceBudget } from "./budgetText.js";
import { fitsBytes, fitWithin, fitWithinOrFirst, maxJobSummaryBytes } from "./githubLimits.js";
import { resultsHtml, summaryText } from "./resultsHtml.js";

const count = (n: number) => n.toLocaleString("en-US");
/** A run's job summary, and whether it holds the table (a comment's fallback points to it only then). */
export interface JobSummary {
  html: string;
  holdsTable: boolean;
  /** The failures it does not list (the records that did not succeed), 0 when it lists them all. */
  leftOut: number;
}

/**
 * The run page's job summary: {@link resultsHtml}, within GitHub's 1 MiB per step (explorer texts cut as
 * {@link fitWithin} does, with a line saying so; when even the table without them is too long, the failures alone,
 * or the first that fit and where the others are), then a line per service on its budget.
 *
 * @param results - the records
 * @param budgets - per service, what the run spent of its stated budget and what is left: a line each, last
 * @param optionalTargets - the targets whose failures only warn: said beside them
 * @returns the summary's HTML, whether it holds the table, and how many failures it does not list
 */
export function jobSummaryHtml(
  results: readonly VerificationResult[],
  budgets: Partial<Record<Service, ServiceBudget>> = {},
  optionalTargets: readonly Service[] = [],
): JobSummary {
  const budgetHtml = Object.entries(budgets)
    .map(([service, budget]) => `<p>${summaryText(`Budget on ${service}: ${budgetText(budget)}.`)}</p>\n`)
    .join("");
  const fits = fitsBytes(maxJobSummaryBytes - Buffer.byteLength(budgetHtml));
  const whole = fitWithin(results, fits, (records, note) => resultsHtml(records, optionalTargets, note));
  if (whole) return { html: whole.text + budgetHtml, holdsTable: true, leftOut: 0 };
  const failures = results.filter((result) => !isSuccess(result));
  const [all, succeeded] = [failures.length, results.length - failures.length].map(count);
  const listed = fitWithinOrFirst(failures, fits, (records, cutNote) => {
    const first = records.length < failures.length ? `first ${count(records.length)} of the ` : "";
    const rest = first && " The log of the step that verified them has a line for each, with its message.";
    const note = `The table lists the ${first}${all} records that did not succeed${succeeded === "0" ? "" : `, not the ${succeeded} that succeeded (counted above)`}: GitHub keeps at most 1 MiB of a job summary per step. ${cutNote ?? ""}${rest}`;
    return resultsHtml(results, optionalTargets, note.trim(), records);
  });
  return { html: listed.text + budgetHtml, holdsTable: false, leftOut: failures.length - listed.kept };
}
