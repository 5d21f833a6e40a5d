import type { VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { budgetText, type ServiceBudget } from "./budgetText.js";
import { totalsLine } from "./contractCounts.js";
import { fitsBytes, fitWithin, maxJobSummaryBytes } from "./githubLimits.js";
import { resultsHtml, summaryText } from "./resultsHtml.js";

/** A run's job summary, and whether it holds the table (a comment's fallback points to it only then). */
export interface JobSummary {
  html: string;
  holdsTable: boolean;
}

/**
 * The run page's job summary: {@link resultsHtml}, within GitHub's 1 MiB per step (explorer texts cut as
 * {@link fitWithin} does, with a line saying so; when even the table without them is too long, the totals alone),
 * then a line per service on its budget.
 *
 * @param results - the records
 * @param budgets - per service, what the run spent of its stated budget and what is left: a line each, last
 * @param optionalTargets - the targets whose failures only warn: said beside them
 * @returns the summary's HTML, and whether it holds the table
 */
export function jobSummaryHtml(
  results: readonly VerificationResult[],
  budgets: Partial<Record<Service, ServiceBudget>> = {},
  optionalTargets: readonly Service[] = [],
): JobSummary {
  const budgetHtml = Object.entries(budgets)
    .map(([service, budget]) => `<p>${summaryText(`Budget on ${service}: ${budgetText(budget)}.`)}</p>\n`)
    .join("");
  const fitted = fitWithin(
    results,
    fitsBytes(maxJobSummaryBytes - Buffer.byteLength(budgetHtml)),
    (records, cutNote) => resultsHtml(records, optionalTargets, cutNote),
  );
  const html =
    fitted?.text ??
    `<h2>Contract verification</h2>\n<p>${summaryText(totalsLine(results))}</p>\n<p>${summaryText("The table is too long for the job summary (GitHub keeps at most 1 MiB per step): the step's log and its results output hold the records.")}</p>\n`;
  return { html: html + budgetHtml, holdsTable: fitted !== undefined };
}
