// The three doors of one scenario, each run as a user runs it: the bundled Action (dist/index.js) with INPUT_*
// variables, the packed CLI in a Foundry project, and the task in a Hardhat 3 project with the packed plugin. Each
// returns the records it reported: the Action's `results` output, the CLI's and the task's `--json` document.
import type { VerificationResult } from "../../src/verify/job.js";
import { type ActionRun, runAction } from "./actionRunner.js";
import { type CliOutcome, type CliProject, explorerVerify } from "./cliPackage.js";
import { type CommandOutcome, hardhat } from "./pluginProject.js";

/** What a door printed, and the records it reported. */
export interface DoorRun {
  code: number | null;
  stdout: string;
  stderr: string;
  records: VerificationResult[];
}

/** The fields every door must agree on; durations, guids, attempts and messages' wording may differ. */
export interface ComparableRecord {
  address: string;
  contract: string;
  status: VerificationResult["status"];
  format: VerificationResult["format"];
  errorCode: string | undefined;
  url: string | undefined;
}

/**
 * The fields of records that the doors must report alike.
 * @param records - one door's records
 * @returns their comparable fields, in order
 */
export function comparable(records: readonly VerificationResult[]): ComparableRecord[] {
  return records.map((record) => ({
    address: record.address,
    contract: record.contract,
    status: record.status,
    format: record.format,
    errorCode: record.error?.code,
    url: record.url,
  }));
}

/**
 * Runs the bundled Action.
 * @param inputs - its inputs
 * @param workspace - `GITHUB_WORKSPACE`
 * @param env - more variables
 * @returns what it printed and the `results` output
 */
export async function actionDoor(
  inputs: Record<string, string>,
  workspace: string,
  env: Record<string, string> = {},
): Promise<DoorRun & ActionRun> {
  const run = await runAction(inputs, workspace, env);
  return { ...run, records: parsedRecords(run.outputs.results ?? "[]", "the Action's results output", run) };
}

/**
 * Runs `explorer-verify verify … --json` in the CLI project.
 * @param project - the project with the packed package
 * @param args - after `verify`
 * @param env - variables
 * @returns what it printed and the records of its JSON document
 */
export async function cliDoor(
  project: CliProject,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<DoorRun> {
  const run = await explorerVerify(project, ["verify", ...args, "--json"], env);
  return { ...run, records: jsonRecords(run, "the CLI") };
}

/**
 * Runs `npx hardhat explorer-verify … --json` in the plugin project.
 * @param project - the project's folder
 * @param args - after `explorer-verify`
 * @param env - variables
 * @returns what it printed and the records of its JSON document
 */
export async function taskDoor(
  project: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<DoorRun> {
  const run = await hardhat(project, ["explorer-verify", ...args, "--json"], env);
  return { ...run, records: jsonRecords(run, "the task") };
}

function jsonRecords(run: CliOutcome | CommandOutcome, door: string): VerificationResult[] {
  return parsedRecords(run.stdout, door, run, (document) => (document as { results?: unknown }).results);
}

function parsedRecords(
  text: string,
  door: string,
  run: { code: number | null; stdout: string; stderr: string },
  pick: (document: unknown) => unknown = (document) => document,
): VerificationResult[] {
  let records: unknown;
  try {
    records = pick(JSON.parse(text));
  } catch {
    records = undefined;
  }
  if (!Array.isArray(records)) {
    throw new Error(
      `${door} reported no records (exit ${run.code}):\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  }
  return records as VerificationResult[];
}

/**
 * The lines of a text that the runner would read as a workflow command (`::name::`, `##[name]`, after blanks).
 * @param text - what a process printed
 * @returns those lines
 */
export function commandLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => /^\s*(::|##\[)/.test(line));
}
