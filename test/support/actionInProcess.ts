import { jest } from "@jest/globals";
import { run } from "../../src/action/main.js";

/**
 * Runs the Action's run() in this process, as the runner starts it: inputs as `INPUT_<NAME>` variables, the
 * workspace and the runner's temporary folder, and no GITHUB_OUTPUT or GITHUB_STEP_SUMMARY file (the outputs and a
 * failure are then runner commands in the log). Every variable it sets is removed again, and the exit code a failed
 * step sets is cleared.
 *
 * @param inputs - input name (as in action.yml) to value
 * @param env - GITHUB_WORKSPACE, RUNNER_TEMP and any other variable
 * @returns what the step wrote to its log, and the exit code it set (undefined: success)
 */
export async function runActionInProcess(
  inputs: Record<string, string>,
  env: Record<string, string>,
): Promise<{ log: string; exitCode: number | string | undefined }> {
  const variables: Record<string, string> = { ...env };
  for (const [name, value] of Object.entries(inputs)) variables[`INPUT_${name.toUpperCase()}`] = value;
  for (const name of ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"]) {
    if (process.env[name] !== undefined && !(name in env))
      throw new Error(`${name} is set in the test's environment: runActionInProcess would write to it`);
  }
  const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  let log = "";
  let exitCode: number | string | undefined;
  const write = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    log += String(chunk);
    return true;
  });
  // An exit code an earlier test of this worker left (a CLI run in-process) is not the step's.
  process.exitCode = undefined;
  try {
    await run();
  } finally {
    write.mockRestore();
    exitCode = process.exitCode ?? undefined;
    process.exitCode = undefined;
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return { log, exitCode };
}
