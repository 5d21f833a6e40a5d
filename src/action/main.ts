import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { InvalidInputError } from "../errors/index.js";
import { type BadManifestEntry, isInlineManifest } from "../inputs/manifest.js";
import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { assertNoCredentialsInUrl, credentialsInUrl } from "../kernel/urlCredentials.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import { capLogLine } from "../report/githubLimits.js";
import { neutraliseLines, neutraliseText } from "../report/terminalText.js";
import { bundledJobs } from "../run/bundledJobs.js";
import { createdJobsFromInputs, jobsFromInputs, proxySources, workspaceCompilers } from "../run/inputJobs.js";
import type { ProxyAddress } from "../run/proxyJobs.js";
import { readsDeadline } from "../run/readsDeadline.js";
import { RunReporter } from "../run/runReporter.js";
import { type RunResults, runVerify } from "../run/runVerify.js";
import { readRunSettings } from "../run/settings.js";
import { type ChainClaim, chainPlaces, resolveTargets } from "../run/targets.js";
import type { VerificationJob } from "../verify/job.js";
import { checkFolderInputs } from "./folderInputs.js";
import { type ActionInputs, readActionInputs } from "./inputs.js";
import { reportRun } from "./reportRun.js";
import { endLogGroup, logLine, maskSecret, readInput, startLogGroup } from "./runnerCommands.js";
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
    const badEntries: BadManifestEntry[] = [];
    const recorded: ChainClaim[] = [];
    // A bundle names its contracts and chains, a copy its addresses: neither has a build to read.
    const bundled = inputs.bundle
      ? await bundledJobs({
          given: inputs.bundle,
          file: (given) => resolveWorkspaceInput(workspace, given, "bundle"),
          field: "bundle",
        })
      : undefined;
    recorded.push(...(bundled?.claims ?? []));
    const proxies: ProxyAddress[] = [];
    // One clock for every chain read before verifying: the manifest's code, the chain id, the proxies.
    const reads = { endsAt: readsDeadline(inputs.timeoutSeconds), timeoutSeconds: inputs.timeoutSeconds };
    if (!bundled && !inputs.copyFrom) await checkFolderInputs(inputs, workspace);
    const jobs =
      bundled?.jobs ??
      (inputs.copyFrom
        ? []
        : await jobsFromInputs(
            {
              ...inputs,
              readsDeadline: reads,
              contracts:
                inputs.contracts && !isInlineManifest(inputs.contracts)
                  ? await resolveWorkspaceInput(workspace, inputs.contracts, "contracts")
                  : inputs.contracts,
            },
            workspace,
            (entry) => badEntries.push(entry),
            (claim) => recorded.push(claim),
            (proxy) => proxies.push(proxy),
          ));
    if (step?.step === "plan") return await planStep(jobs, inputs, step.shards);
    // The run's own bundle, for verifying later or elsewhere (the output `bundle`): not for a bundle or a copy.
    const bundleFile = bundled || inputs.copyFrom ? undefined : runBundlePath();
    const severalChains = new Set(recorded.map((claim) => claim.id)).size > 1;
    if (inputs.includeCreated && severalChains) {
      throw new InvalidInputError(
        "include-created",
        "Input include-created reads one chain's transactions: give deployments on one chain with it.",
      );
    }
    const targets = await resolveTargets({
      services: inputs.copyFrom ? [inputs.copyFrom, ...inputs.targets] : inputs.targets,
      optional: inputs.optionalTargets,
      chains: chainPlaces({
        given: inputs.chainId === undefined ? undefined : { id: inputs.chainId, source: "input chain-id" },
        recorded,
        rpc: inputs.rpcUrl ? { url: inputs.rpcUrl, source: "input rpc-url" } : undefined,
        rpcByChain: inputs.rpcUrls,
      }),
      explorerUrl: inputs.explorerUrl ? { url: inputs.explorerUrl, source: "input explorer-url" } : undefined,
      explorerFor: async (chainId) => {
        const url = inputs.explorers[chainId];
        return url ? { url: { url, source: `input explorers (chain ${chainId})` } } : undefined;
      },
      endpointsFor: async (chainId) => inputs.endpoints[chainId],
      howToGiveChainKey: (chainId, service) =>
        `give ${chainId}=${service}=VARIABLE in the endpoint-keys input, VARIABLE an environment variable of the step holding that endpoint's key`,
      keys: {
        blockscout: inputs.apiKey,
        etherscan: inputs.etherscanApiKey,
        routescan: inputs.routescanApiKey,
      },
      headers: inputs.headers,
      userAgent: inputs.userAgent,
      timeoutSeconds: inputs.timeoutSeconds,
      readsEndAt: reads.endsAt,
      howToNameExplorer: "give the explorer-url input",
      nothingNamesExplorer:
        "Name the explorer: input explorer-url (e.g. https://eth.blockscout.com), or chain-id to find the chain's Blockscout explorer.",
      howToGiveEtherscanKey: "give the etherscan-api-key input",
      howToReachLocalChain:
        "give its JSON-RPC URL in rpc-url (or rpc-urls), and the embedded local explorer verifies on it, or give explorer-url",
    });
    startLogGroup("Progress");
    let results: RunResults;
    const settings = { ...inputs, ...maxResponseBytesFromEnvironment() };
    const reporter = new RunReporter({
      json: false,
      table: false,
      writeLine: (line) => logLine(capLogLine(line)),
    });
    try {
      results = inputs.copyFrom
        ? await (await import("../run/runCopy.js")).runCopy({
            addresses: inputs.addresses,
            from: inputs.copyFrom,
            targets,
            settings,
            ledger:
              inputs.ledger === "none"
                ? undefined
                : { path: resolve(workspace, inputs.ledger), recheck: inputs.recheck },
            reporter,
            interruptible: true,
          })
        : await runVerify({
            jobs,
            badEntries,
            targets,
            settings,
            // Over several chains, each deployment's RPC comes from rpc-urls (rpc-url is one chain's).
            rpc:
              inputs.rpcUrl && !severalChains
                ? { rpcUrl: inputs.rpcUrl, compilers: workspaceCompilers(workspace) }
                : undefined,
            ledger:
              inputs.ledger === "none"
                ? undefined
                : { path: resolve(workspace, inputs.ledger), recheck: inputs.recheck },
            discoverCreated: inputs.includeCreated
              ? (client, limits) => createdJobsFromInputs(inputs, jobs, client, workspace, limits)
              : undefined,
            proxies: proxySources(inputs, workspace, {
              addresses: proxies,
              includeProxies: inputs.includeProxies,
            }),
            reporter,
            interruptible: true,
            shard: step?.step === "shard" ? step.shard : undefined,
            readsEndAt: reads.endsAt,
            beforeVerifying: bundleFile
              ? async (all) => {
                  const { writeRunBundle } = await import("../run/bundleOfJobs.js");
                  const chainIds = targets.chainIds;
                  // The output was not asked for: a bundle that cannot be written is said, and the run goes on.
                  await writeRunBundle(
                    bundleFile,
                    all,
                    chainIds.length === 1 ? chainIds[0] : undefined,
                    "bundle",
                    (line) => logLine(line),
                  ).catch((error: unknown) => {
                    if (!isExplorerVerifyError(error)) throw error;
                    logLine(neutraliseText(`No bundle output: ${error.shortMessage}`));
                  });
                }
              : undefined,
          });
    } finally {
      endLogGroup();
      await targets.close();
    }
    if (step?.step === "shard" && inputs.ledger !== "none") {
      const { writeShardResults } = await import("../run/shards/shardFolders.js");
      logLine(`Wrote the shard's results ${writeShardResults(resolve(workspace, inputs.ledger), results)}`);
    }
    await reportRun(results, {
      optionalTargets: inputs.optionalTargets,
      comment: inputs,
      secrets: [inputs.apiKey, inputs.etherscanApiKey, inputs.routescanApiKey],
      failOnError: inputs.failOnError,
      outputs: bundleFile && existsSync(bundleFile) ? { bundle: bundleFile } : {},
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
async function planStep(
  jobs: readonly VerificationJob[],
  inputs: ActionInputs,
  shards: number,
): Promise<void> {
  if (inputs.copyFrom)
    throw new InvalidInputError(
      "shards",
      "Input shards plans a verification's contracts, not a copy: drop copy-from.",
    );
  const { planRun } = await import("../run/shards/shardPlan.js");
  const plan = planRun({ jobs, settings: inputs, shards });
  for (const note of plan.notes) logLine(neutraliseText(`Plan: ${note}`));
  const matrix = JSON.stringify(plan.matrix);
  logLine(neutraliseText(`Plan: ${matrix}`));
  const core = await import("@actions/core");
  outputWriter(core)("matrix", matrix);
}

// `merge-from`: the shards' folders merged into the ledger at the `ledger` input's path, one summary, one set of
// outputs and one comment; the step fails when a shard did not report (its contracts are named as not run).
async function mergeStep(from: string, workspace: string): Promise<void> {
  const settings = readRunSettings("action", (setting) => readInput(setting.input ?? ""));
  const ledgerInput = readInput("ledger").trim() || verificationDefaults.ledger;
  if (ledgerInput === "none")
    throw new InvalidInputError(
      "ledger",
      "Input merge-from writes the merged ledger: give ledger a path, not none.",
    );
  const prComment = ["true", "yes", "on", "1"].includes(readInput("pr-comment").trim().toLowerCase());
  const githubToken = prComment ? readInput("github-token") || undefined : undefined;
  if (githubToken) maskSecret(githubToken);
  const { mergeShards } = await import("../run/shards/mergeShards.js");
  startLogGroup("Merge");
  let results: Awaited<ReturnType<typeof mergeShards>>;
  try {
    results = mergeShards({
      from: [resolve(workspace, from)],
      ledger: resolve(workspace, ledgerInput),
      reporter: new RunReporter({
        json: false,
        table: false,
        writeLine: (line) => logLine(capLogLine(line)),
      }),
    });
  } finally {
    endLogGroup();
  }
  await reportRun(results, {
    optionalTargets: settings.optionalTargets,
    comment: { prComment, githubToken, timeoutSeconds: settings.timeoutSeconds },
    secrets: [],
    failOnError: !["false", "no", "off", "0"].includes(readInput("fail-on-error").trim().toLowerCase()),
    incomplete: results.complete
      ? undefined
      : results.notRun.length > 0
        ? `Shards that did not report: ${results.notRun.map(({ shard, contracts }) => `${shard} (${contracts} records not run)`).join(", ")}; rerun them with the merged ledger.`
        : "The merge did not find every shard's ledger and results: see the log.",
  });
}

// The run's bundle file: in the runner's temporary folder, outside the workspace and its checkouts.
function runBundlePath(): string {
  return join(process.env.RUNNER_TEMP || tmpdir(), "explorer-verify", "verification.json");
}

// A smaller cap on the explorer's answers than the library's 64 MiB, for runners with little memory.
function maxResponseBytesFromEnvironment(): { maxResponseBytes?: number } {
  const text = process.env.EXPLORER_VERIFY_MAX_RESPONSE_BYTES;
  const bytes = Number(text);
  return text && Number.isSafeInteger(bytes) && bytes > 0 ? { maxResponseBytes: bytes } : {};
}
