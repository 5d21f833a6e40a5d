import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { InvalidInputError } from "../errors/index.js";
import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { assertNoCredentialsInUrl, credentialsInUrl } from "../kernel/urlCredentials.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import { capMessage } from "../report/githubLimits.js";
import { neutraliseLines, neutraliseText } from "../report/terminalText.js";
import { RunReporter } from "../run/commands/runReport.js";
import type { VerifyRequest } from "../run/commands/verifyRequest.js";
import { readRunSettings } from "../run/settings.js";
import { verifyRequestOf } from "./actionRequest.js";
import { type ActionInputs, readActionInputs } from "./inputs.js";
import { reportRun } from "./reportRun.js";
import {
  endLogGroup,
  logLine,
  maskSecret,
  readInput,
  readSecretInput,
  startLogGroup,
} from "./runnerCommands.js";
import { readShardStep } from "./shardInputs.js";
import { outputWriter } from "./stepOutputs.js";

/**
 * The Action: reads the inputs, verifies every contract, writes the summary, annotations and outputs, and fails
 * the step when asked to and something failed. Never throws.
 */
export async function run(): Promise<void> {
  try {
    // Masked before anything is printed, and refused: the URL is shown in progress lines and errors.
    const urlInput = readInput("explorer-url");
    for (const secret of credentialsInUrl(urlInput)) maskSecret(secret);
    assertNoCredentialsInUrl(urlInput, "explorer-url");
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const step = readShardStep();
    if (step?.step === "merge") return await mergeStep(step.from, workspace);
    const inputs = readActionInputs();
    const request = await verifyRequestOf(inputs, workspace, step);
    if (step?.step === "plan") return await planStep(request, inputs, step.shards);
    startLogGroup("Progress");
    const { runVerifyRequest } = await import("../run/commands/verifyRequest.js");
    const { results, bundleWritten } = await runVerifyRequest(request, logReporter()).finally(endLogGroup);
    await reportRun(results, {
      optionalTargets: inputs.optionalTargets,
      comment: inputs,
      secrets: [inputs.apiKey, inputs.etherscanApiKey, inputs.routescanApiKey],
      failOnError: inputs.failOnError,
      outputs: bundleWritten ? { bundle: bundleWritten } : {},
    });
  } catch (error) {
    const core = await import("@actions/core");
    if (isExplorerVerifyError(error)) {
      if (error.message !== error.shortMessage) logLine(neutraliseLines(error.message));
      core.setFailed(neutraliseText(error.shortMessage));
    } else {
      core.setFailed(
        neutraliseText(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}

// `shards`: the plan's matrix as the output `matrix`; nothing is sent.
async function planStep(request: VerifyRequest, inputs: ActionInputs, shards: number): Promise<void> {
  const { runPlanRequest } = await import("../run/commands/planRequest.js");
  const plan = {
    ...request,
    settings: inputs,
    shards,
    readTimeoutSeconds: inputs.readTimeoutSeconds,
    copyRefusal: "Input shards plans a verification's contracts, not a copy: drop copy-from.",
    keys: [inputs.apiKey, inputs.etherscanApiKey, inputs.routescanApiKey],
    endpoints: inputs.endpoints,
  };
  const { matrix: rows, notes } = await runPlanRequest(plan, (line) => logLine(neutraliseText(line)));
  for (const note of notes) logLine(neutraliseText(`Plan: ${note}`));
  const matrix = JSON.stringify(rows);
  logLine(neutraliseText(`Plan: ${matrix}`));
  const core = await import("@actions/core");
  outputWriter(core)("matrix", matrix);
}

// `merge-from`: the shards' folders merged into the ledger at the `ledger` input's path, one summary, one set of
// outputs and one comment; the step fails when a shard did not report (its contracts are named as not run).
async function mergeStep(from: string, workspace: string): Promise<void> {
  const settings = readRunSettings("action", (setting) => readInput(setting.input ?? ""));
  const ledgerInput = readInput("ledger") || verificationDefaults.ledger;
  if (ledgerInput === "none")
    throw new InvalidInputError(
      "ledger",
      "Input merge-from writes the merged ledger: give ledger a path, not none.",
    );
  const prComment = ["true", "yes", "on", "1"].includes(readInput("pr-comment").toLowerCase());
  const githubToken = prComment ? readSecretInput("github-token") : undefined;
  const { runMergeRequest } = await import("../run/commands/mergeRequest.js");
  startLogGroup("Merge");
  const results = await runMergeRequest({
    from: [resolveWorkspaceInput(workspace, from, "merge-from")],
    ledger: resolveWorkspaceInput(workspace, ledgerInput, "ledger"),
    plan: readInput("plan") || undefined,
    reporter: logReporter(),
  }).finally(endLogGroup);
  await reportRun(results, {
    optionalTargets: settings.optionalTargets,
    comment: { prComment, githubToken, timeoutSeconds: settings.timeoutSeconds },
    secrets: [],
    failOnError: !["false", "no", "off", "0"].includes(readInput("fail-on-error").toLowerCase()),
    incomplete: results.incomplete && capMessage(neutraliseText(results.incomplete)),
  });
}

// Progress and records in the step's log, each line within the runner's limit.
function logReporter(): RunReporter {
  return new RunReporter({ json: false, table: false, writeLine: (line) => logLine(capMessage(line)) });
}
