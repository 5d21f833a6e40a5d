import { existsSync } from "node:fs";
import { neutraliseText } from "../report/terminalText.js";

/**
 * Where the step's outputs go: @actions/core's `setOutput`, which writes to the file GITHUB_OUTPUT names and throws
 * when it does not exist (a run outside a runner, with the variable copied from elsewhere); then nowhere, with a
 * warning, and the run's result stands.
 *
 * @param core - the runner's toolkit
 * @returns the writer of one output
 */
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
