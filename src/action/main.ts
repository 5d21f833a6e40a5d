import { ExplorerClient } from "../client/explorerClient.js";
import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { assertNoCredentialsInUrl, credentialsInUrl } from "../client/urlCredentials.js";
import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { InvalidInputError } from "../errors/index.js";
import { explorerEnvironment } from "../explorers/environment.js";
import type { BadManifestEntry } from "../inputs/manifest.js";
import { resolveInsideRoot } from "../inputs/workspacePath.js";
import { progressLine } from "../report/progressLine.js";
import { neutraliseText } from "../report/terminalText.js";
import { isSuccess, type VerificationResult } from "../verify/job.js";
import { type ChainTaggedEvent, verifyBatch } from "../verify/verifyBatch.js";
import { type ActionInputs, readActionInputs } from "./inputs.js";
import { writeJobSummary } from "./jobSummary.js";
import { createdJobsFromInputs, jobsFromInputs, workspaceCompilers } from "./jobsFromInputs.js";
import { endLogGroup, logLine, maskSecret, readInput, startLogGroup } from "./runnerCommands.js";

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
    const inputs = readActionInputs();
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const badEntries: BadManifestEntry[] = [];
    const jobs = await jobsFromInputs(inputs, workspace, (entry) => badEntries.push(entry));
    for (const entry of badEntries) logLine(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
    const chains = [
      ...new Set(jobs.flatMap((job) => (job.target?.chainId === undefined ? [] : [job.target.chainId]))),
    ];
    const severalChains = chains.length > 0;
    const explorerUrl = severalChains && !inputs.contracts ? "" : await chooseExplorer(inputs);
    const ledger =
      inputs.ledger === "none"
        ? undefined
        : await resolveInsideRoot(workspace, workspace, inputs.ledger, "ledger");
    if (inputs.includeCreated && severalChains) {
      throw new InvalidInputError(
        "include-created",
        "Input include-created reads one chain's transactions: give deployments on one chain with it.",
      );
    }
    if (inputs.includeCreated) {
      const client = new ExplorerClient({ explorerUrl, apiKey: inputs.apiKey, headers: inputs.headers });
      const created = await createdJobsFromInputs(inputs, jobs, client, workspace);
      for (const clone of created.clones)
        logLine(
          `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
        );
      for (const skipped of created.skipped)
        logLine(
          `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
        );
      jobs.push(...created.jobs);
    }
    logLine(
      severalChains
        ? `Verifying ${jobs.length} contract${jobs.length === 1 ? "" : "s"} on chains ${chains.join(", ")}`
        : `Verifying ${jobs.length} contract${jobs.length === 1 ? "" : "s"} on ${explorerUrl}`,
    );
    startLogGroup("Progress");
    let results: VerificationResult[];
    try {
      const onEvent = (event: ChainTaggedEvent): void => {
        const line = progressLine(event);
        if (line) logLine(event.chainId === undefined ? line : `[chain ${event.chainId}] ${line}`);
      };
      results = await verifyBatch(jobs, {
        explorerUrl,
        chainId: inputs.chainId,
        ...maxResponseBytesFromEnvironment(),
        apiKey: inputs.apiKey,
        headers: inputs.headers,
        blockscoutApiUrl: explorerEnvironment().blockscoutApiUrl,
        concurrency: inputs.concurrency,
        timeoutMs: inputs.timeoutSeconds * 1_000,
        force: inputs.force,
        wait: inputs.wait,
        // Over several chains, each deployment's RPC comes from rpc-urls (rpc-url is one chain's).
        ...(inputs.rpcUrl && !severalChains
          ? { rpc: { rpcUrl: inputs.rpcUrl, compilers: workspaceCompilers(workspace) } }
          : {}),
        preflight: inputs.preflight,
        explorers: inputs.explorers,
        explorerLookup: explorerEnvironment().lookup,
        ...(ledger ? { ledger, recheck: inputs.recheck } : {}),
        onEvent,
      });
    } finally {
      endLogGroup();
    }
    // Entries that could not become jobs are failures of their own, reported like the others.
    const base = results[0]?.explorer ?? (explorerUrl ? resolveExplorerUrls(explorerUrl).base : "");
    results = [...results, ...badEntries.map((entry) => badEntryResult(entry, base))];
    // Loaded only now: nothing before the results needs it, and loading it would delay the first request.
    const core = await import("@actions/core");
    report(core, results);
    if (process.env.GITHUB_STEP_SUMMARY) await writeJobSummary(results, results[0]?.explorer ?? explorerUrl);
    else logLine("No job summary: GITHUB_STEP_SUMMARY is not set (not running on a GitHub runner).");
    const failed = results.filter((r) => !isSuccess(r));
    if (failed.length > 0 && inputs.failOnError) {
      core.setFailed(
        `${failed.length} of ${results.length} contract${results.length === 1 ? "" : "s"} could not be verified.`,
      );
    }
  } catch (error) {
    const core = await import("@actions/core");
    if (isExplorerVerifyError(error)) {
      if (error.message !== error.shortMessage) logLine(error.message);
      core.setFailed(neutraliseText(error.shortMessage));
    } else {
      core.setFailed(
        neutraliseText(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}

// The explorer-url input, else the chain's Blockscout instance, said with where it was found.
async function chooseExplorer(inputs: ActionInputs): Promise<string> {
  if (inputs.explorerUrl || inputs.chainId === undefined) return inputs.explorerUrl ?? "";
  const mapped = inputs.explorers[inputs.chainId];
  if (mapped) {
    logLine(`Explorer: ${mapped} (input explorers, chain id from ${inputs.chainIdSource})`);
    return mapped;
  }
  // Loaded only here: with explorer-url, the first request does not wait for the registry.
  const { findExplorerByChainId } = await import("../explorers/findExplorerByChainId.js");
  const choice = await findExplorerByChainId(inputs.chainId, {
    ...explorerEnvironment().lookup,
    howToNameExplorer: "give the explorer-url input",
  });
  logLine(`Explorer: ${choice.reason} (chain id from ${inputs.chainIdSource})`);
  return choice.explorerUrl;
}

function badEntryResult(entry: BadManifestEntry, explorer: string): VerificationResult {
  return {
    address: entry.address,
    contract: entry.contract ?? entry.address,
    explorer,
    format: entry.format,
    status: "failed",
    url: `${explorer}/address/${entry.address}#code`,
    attempts: 0,
    durationMs: 0,
    message: entry.error.shortMessage,
    error: { code: entry.error.code },
  };
}

// A smaller cap on the explorer's answers than the library's 64 MiB, for runners with little memory.
function maxResponseBytesFromEnvironment(): { maxResponseBytes?: number } {
  const text = process.env.EXPLORER_VERIFY_MAX_RESPONSE_BYTES;
  const bytes = Number(text);
  return text && Number.isSafeInteger(bytes) && bytes > 0 ? { maxResponseBytes: bytes } : {};
}

function report(core: typeof import("@actions/core"), results: VerificationResult[]): void {
  for (const result of results) {
    if (isSuccess(result)) continue;
    const annotate = result.status === "timeout" ? core.warning : core.error;
    annotate(neutraliseText(`${result.contract} at ${result.address}: ${result.message ?? result.status}`), {
      title: neutraliseText(`Verification ${result.status}: ${result.contract}`),
    });
  }
  core.setOutput("results", JSON.stringify(results));
  core.setOutput("verified-count", String(results.filter((r) => r.status === "verified").length));
  core.setOutput(
    "already-verified-count",
    String(results.filter((r) => r.status === "already-verified").length),
  );
  core.setOutput(
    "failed-count",
    String(results.filter((r) => r.status === "failed" || r.status === "timeout").length),
  );
}
