import { isSuccess, type VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { contractCounts, countsPerTarget } from "./contractCounts.js";
import { capMessage, resultsOutput } from "./githubLimits.js";
import { neutraliseText } from "./terminalText.js";

/** A line the step shows beside its log for a record that did not succeed. */
export interface StepAnnotation {
  /** An error, or a warning for a timeout and for an optional target's failure (the step does not fail for those). */
  level: "error" | "warning" | "notice";
  message: string;
  title: string;
}

/** What a step reports of its records, besides its summary and comment. */
export interface StepOutputValues {
  /** The step's outputs by name: `results`, the counts per contract, and `counts` per target. */
  outputs: Record<string, string>;
  /** What the `results` output leaves out, in one line; undefined when it holds every record whole. */
  cutLine: string | undefined;
  annotations: StepAnnotation[];
}

/**
 * The step's outputs and annotations for a run's records: `results` within GitHub's limit for outputs
 * (see {@link resultsOutput}), `verified-count`, `already-verified-count` and `failed-count` per contract (over
 * several targets a contract has a record on each, and a proxy one more for its link), `counts` per target, and an
 * annotation for each record that did not succeed, its chain and target named when the run spans several, its
 * explorer text cut and neutralised (at most 9 of a level, the last saying how many more and where they are).
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @param summaryLeavesOut - the failures the job summary does not list
 * @returns the outputs' values, the line on what `results` leaves out, and the annotations
 */
export function stepOutputValues(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[],
  summaryLeavesOut = 0,
): StepOutputValues {
  const severalTargets = new Set(results.map((r) => r.target ?? "blockscout")).size > 1;
  const severalChains = new Set(results.map((r) => r.chainId)).size > 1;
  const annotations = results
    .filter((result) => !isSuccess(result))
    .map((result): StepAnnotation => {
      const optional = optionalTargets.includes(result.target ?? "blockscout");
      const target = severalTargets && result.target ? ` on ${result.target}` : "";
      const chain = severalChains && result.chainId !== undefined ? ` (chain ${result.chainId})` : "";
      return {
        level: result.status === "timeout" || optional ? "warning" : "error",
        message: neutraliseText(
          `${result.contract} at ${result.address}: ${capMessage(result.message ?? result.status)}`,
        ),
        title: neutraliseText(`Verification ${result.status}${target}${chain}: ${result.contract}`),
      };
    });
  const { json, cutLine } = resultsOutput(results);
  const counts = contractCounts(results, optionalTargets);
  const perTarget = countsPerTarget(results).map(({ target, verified, alreadyVerified, failed }) => [
    target,
    { verified, "already-verified": alreadyVerified, failed },
  ]);
  return {
    outputs: {
      results: json,
      "verified-count": String(counts.verified),
      "already-verified-count": String(counts.alreadyVerified),
      "failed-count": String(counts.failed),
      counts: JSON.stringify(Object.fromEntries(perTarget)),
    },
    cutLine,
    annotations: capAnnotations(annotations, summaryLeavesOut > 0),
  };
}

// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step and drops the rest without a word
// (docs.github.com: "Workflow commands"). The records take at most 9 of a level, so one is left for the step's own
// line (its verdict, or a warning about its summary, outputs or comment); the last of a level says how many more.
const perLevel = 9;

function capAnnotations(annotations: readonly StepAnnotation[], summaryCut: boolean): StepAnnotation[] {
  const shown = { error: 0, warning: 0, notice: 0 };
  return annotations.flatMap((annotation) => {
    const { level } = annotation;
    if (shown[level]++ >= perLevel) return [];
    const more = annotations.filter((each) => each.level === level).length - perLevel;
    if (shown[level] < perLevel || more <= 0) return [annotation];
    const what = `${level === "error" ? "failure" : level}${more === 1 ? "" : "s"}`;
    const why = `as GitHub shows ${perLevel + 1} per step: the job summary lists ${summaryCut ? "as many as fit and says where the others are" : "every failure"}`;
    return [
      { ...annotation, message: `${annotation.message} (${more} more ${what} not annotated here, ${why})` },
    ];
  });
}
