import { parseShardId } from "../run/commands/requestFacts.js";
import { RunReporter, runExitCode } from "../run/commands/runReport.js";
import { readRunSettings } from "../run/settings.js";
import { cliCommand } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliLedger, cliWhere, projectCompilers, whereFlags } from "./cliWhere.js";
import { flagsOrBundleRun, jobOptions } from "./commandLineJobs.js";
import { flagText, settingFlags } from "./settingFlags.js";

/** The flags of `verify`; `plan` takes them too, so one command line serves both. */
export const verifyOptions = {
  ...jobOptions,
  bundle: { type: "string" },
  ...whereFlags,
  ledger: { type: "string" },
  "no-ledger": { type: "boolean", default: false },
  shard: { type: "string" },
  plan: { type: "string" },
  json: { type: "boolean", default: false },
  "show-standard-json-input": { type: "boolean", default: false },
} as const;

// The run's settings (timeout, concurrency, force, …) are declared in the hall; their flags come from there.
const options = { ...verifyOptions, ...settingFlags() } as typeof verifyOptions;

/**
 * `explorer-verify verify`: reads the command line and the project into a request, and hands it to the hall.
 *
 * @throws {UsageError} or {InvalidInputError} for a mistake, before any request
 */
export const verifyCommand = cliCommand("verify", options, async ({ values, positionals }) => {
  const cwd = process.cwd();
  const settings = readRunSettings("cli", (setting) => flagText(setting, values));
  const shard = values.shard === undefined ? undefined : parseShardId(values.shard, "--shard");
  if (values.plan !== undefined && !shard)
    throw new UsageError("--plan goes with --shard: the plan's digest its matrix row names (matrix.plan).");
  // `--bundle FILE`: the contracts a bundle names, checked whole before anything is sent.
  const { what, foundry } = await flagsOrBundleRun(values, positionals, cwd, "verify");
  if (what.kind === "bundle")
    what.bundle.naming = [
      ...(what.bundle.naming ?? []),
      ...(values["show-standard-json-input"] ? ["--show-standard-json-input"] : []),
      ...(settings.includeCreated ? ["--include-created"] : []),
    ];
  const request = {
    what,
    settings,
    ledger: cliLedger(values, cwd, settings.recheck),
    shard: shard && { id: shard, resultsBesideLedger: false, plan: values.plan },
    compilers: projectCompilers(cwd, foundry),
    refusals: {
      recheckWithoutLedger:
        "--recheck asks the explorer about what the ledger says is verified: drop --no-ledger (or --ledger none).",
      shardWithoutLedger:
        "--shard keeps its ledger and results for the merge: drop --no-ledger (or --ledger none).",
      preflightWithoutRpc: "--preflight needs --rpc-url: the chain to check the deployed code against.",
    },
  };
  if (what.kind === "flags" && values["show-standard-json-input"]) {
    const { runShowInputsRequest } = await import("../run/commands/showInputsRequest.js");
    const write = (text: string) => process.stdout.write(text);
    const { unread } = await runShowInputsRequest(request, write, console.error);
    return unread > 0 ? exitCodes.failed : exitCodes.ok;
  }
  const { runVerifyRequest } = await import("../run/commands/verifyRequest.js");
  const where = cliWhere(values, { cwd, foundry }, settings.targets, settings);
  const reporter = new RunReporter({ json: values.json, table: true, colour: true });
  const { results } = await runVerifyRequest({ ...request, where }, reporter);
  return runExitCode(results, settings.optionalTargets);
});
