import { resolve } from "node:path";
import { flagText, readRunSettings, settingFlags } from "../run/settings.js";
import { parseShardCount } from "../run/shards/shardId.js";
import type { VerificationJob } from "../verify/job.js";
import { parseCommandLine } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { projectFoundryConfig } from "./cliTargets.js";
import { usage } from "./usage.js";
import { jobFlagsOf, jobOptions } from "./verifyCommand.js";

const ownOptions = {
  ...jobOptions,
  bundle: { type: "string" },
  shards: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

// `--targets` and the other run settings are taken as verify takes them: the plan splits over the same targets.
const options = { ...ownOptions, ...settingFlags() } as typeof ownOptions;

/**
 * `explorer-verify plan (--deployment D | --bundle F | --manifest M) --shards N`: prints the run split into N shards
 * as a GitHub Actions matrix, `{"include":[{"shard":"1-of-4", …}]}`, and sends nothing.
 *
 * @param argv - the arguments after `plan`
 * @returns the exit code
 * @throws {UsageError} or {InvalidInputError} for a mistake in the command or the files
 */
export async function planCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, options, "plan");
  if (values.help) {
    console.log(usage.plan);
    return exitCodes.ok;
  }
  if (values.shards === undefined)
    throw new UsageError("plan needs --shards N: how many shards to split the run into.");
  const count = parseShardCount(values.shards, "--shards");
  const settings = readRunSettings("cli", (setting) => flagText(setting, values));
  const cwd = process.cwd();
  const jobs = await planJobs(values, positionals, cwd);
  const { planRun } = await import("../run/shards/shardPlan.js");
  const { matrix, notes } = planRun({ jobs, settings, shards: count });
  for (const note of notes) console.error(`plan        ${note}`);
  process.stdout.write(`${JSON.stringify(matrix)}\n`);
  return exitCodes.ok;
}

// The contracts `verify` with the same flags takes: a bundle's, or a deployment's and a manifest's.
async function planJobs(
  values: ReturnType<typeof parseCommandLine<typeof options>>["values"],
  positionals: string[],
  cwd: string,
): Promise<VerificationJob[]> {
  if (values.bundle !== undefined) {
    if (values.bundle.trim() === "")
      throw new UsageError("--bundle needs the bundle file, e.g. verification.json.");
    const { readVerificationBundle } = await import("../inputs/verificationBundle.js");
    const { jobs } = await readVerificationBundle(resolve(cwd, values.bundle), "--bundle");
    if (jobs.length === 0) throw new UsageError(`The bundle ${values.bundle} holds no contracts.`);
    return jobs;
  }
  const foundry = await projectFoundryConfig(cwd, console.error);
  const flags = { ...jobFlagsOf(values, positionals, cwd, foundry?.out, "plan"), foundry };
  const { requestJobs } = await import("../run/requestJobs.js");
  const jobs = await requestJobs(
    flags,
    (entry) => console.error(`skipped     ${entry.field}: ${entry.error.shortMessage}`),
    () => {},
  );
  if (jobs.length === 0) throw new UsageError("The deployment and manifest given hold no contracts.");
  return jobs;
}
