import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { RunReporter, runSucceeded } from "../run/commands/runReport.js";
import { readRunSettings } from "../run/settings.js";
import { cliCommand } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { flagText } from "./settingFlags.js";

const options = {
  from: { type: "string", multiple: true },
  ledger: { type: "string" },
  plan: { type: "string" },
  json: { type: "boolean", default: false },
  // The settings table's, as verify reads it: the merge exits as its shards would.
  "optional-targets": { type: "string" },
} as const;

/**
 * `explorer-verify merge --from DIR… --ledger OUT [--plan DIGEST] [--optional-targets SERVICES] [--json]`:
 * merges the shards' folders (each holding a shard's `ledger.json` and `results.json`) into one ledger and prints one
 * report, as `verify` does.
 *
 * @returns 0 when every shard reported and every contract is verified (but on optional targets); 1 otherwise
 * @throws {UsageError} for a mistake in the command
 */
export const mergeCommand = cliCommand("merge", options, async ({ values, positionals }) => {
  if (positionals.length > 0)
    throw new UsageError(`merge takes folders as --from DIR, not ${positionals[0]}.`);
  const from = values.from ?? [];
  if (from.length === 0 || from.some((folder) => folder.trim() === ""))
    throw new UsageError(
      "merge needs --from DIR: a shard's folder (its ledger.json and results.json), or a folder of them.",
    );
  if (values.ledger === undefined || values.ledger.trim() === "")
    throw new UsageError("merge needs --ledger FILE: the merged ledger, e.g. .explorer-verify/ledger.json.");
  const { optionalTargets } = readRunSettings("cli", (setting) => flagText(setting, values));
  const cwd = process.cwd();
  const { runMergeRequest } = await import("../run/commands/mergeRequest.js");
  const results = await runMergeRequest({
    from: from.map((folder) => resolveWorkspaceInput(cwd, folder, "--from")),
    ledger: resolveWorkspaceInput(cwd, values.ledger, "--ledger"),
    plan: values.plan,
    reporter: new RunReporter({ json: values.json, table: true, colour: true }),
  });
  return results.complete && runSucceeded(results, optionalTargets) ? exitCodes.ok : exitCodes.failed;
});
