import { existsSync } from "node:fs";
import { stepOutputValues } from "../report/stepOutputValues.js";
import { neutraliseText } from "../report/terminalText.js";
import type { VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
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
 * Writes the step's annotations for each record that did not succeed, and its outputs (see {@link stepOutputValues}).
 *
 * @param core - the runner's toolkit
 * @param setOutput - where outputs go
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 */
export function writeStepOutputs(
  core: typeof import("@actions/core"),
  setOutput: (name: string, value: string) => void,
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[],
): void {
  const { outputs, cutLine, annotations } = stepOutputValues(results, optionalTargets);
  for (const { level, message, title } of annotations)
    (level === "error" ? core.error : core.warning)(message, { title });
  for (const [name, value] of Object.entries(outputs)) setOutput(name, value);
  if (cutLine) logLine(cutLine);
}
