import { existsSync } from "node:fs";
import { neutraliseText } from "../report/terminalText.js";
import { contractCounts, countsPerTarget } from "../run/contractCounts.js";
import { isSuccess, type VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { capMessage, resultsOutput } from "./githubLimits.js";
import { logLine } from "./runnerCommands.js";

// @actions/core writes outputs to the file GITHUB_OUTPUT names, and throws when it does not exist (a run outside a
// runner, with the variable copied from elsewhere): the outputs are then not written, and the run's result stands.
export function outputWriter(core: typeof import("@actions/core")): (name: string, value: string) => void {
  const file = process.env.GITHUB_OUTPUT;
  if (!file || existsSync(file)) return (name, value) => core.setOutput(name, value);
  core.warning(
    neutraliseText(
      `No outputs: GITHUB_OUTPUT names ${file}, which does not exist (a runner creates it before the step), so the outputs are not written. The verification's result stands.`,
    ),
  );
  return () => {};
}

/**
 * The step's annotations for each record that did not succeed, and its outputs: `results`, the counts per contract,
 * and `counts` per target.
 *
 * @param core - the runner's toolkit
 * @param setOutput - where outputs go
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 */
export function reportOutputs(
  core: typeof import("@actions/core"),
  setOutput: (name: string, value: string) => void,
  results: VerificationResult[],
  optionalTargets: readonly Service[],
): void {
  const severalTargets = targetsOf(results).length > 1;
  for (const result of results) {
    if (isSuccess(result)) continue;
    // A target the workflow made optional warns, as a timeout does: the step does not fail for it.
    const optional = optionalTargets.includes(result.target ?? "blockscout");
    const annotate = result.status === "timeout" || optional ? core.warning : core.error;
    const where = severalTargets && result.target ? ` on ${result.target}` : "";
    annotate(
      neutraliseText(
        `${result.contract} at ${result.address}: ${capMessage(result.message ?? result.status)}`,
      ),
      {
        title: neutraliseText(`Verification ${result.status}${where}: ${result.contract}`),
      },
    );
  }
  const output = resultsOutput(results);
  setOutput("results", output.json);
  if (output.cutLine) logLine(output.cutLine);
  // Over several targets a contract has a record on each, and a proxy one more for its link: the counts are per
  // contract, and per target in `counts`.
  const counts = contractCounts(results, optionalTargets);
  setOutput("verified-count", String(counts.verified));
  setOutput("already-verified-count", String(counts.alreadyVerified));
  setOutput("failed-count", String(counts.failed));
  setOutput(
    "counts",
    JSON.stringify(
      Object.fromEntries(
        countsPerTarget(results).map(({ target, verified, alreadyVerified, failed }) => [
          target,
          { verified, "already-verified": alreadyVerified, failed },
        ]),
      ),
    ),
  );
}

function targetsOf(results: readonly VerificationResult[]): string[] {
  return [...new Set(results.map((r) => r.target ?? "blockscout"))];
}
