import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BadManifestEntry } from "../inputs/manifest.js";
import { assertAddress } from "../kernel/validate.js";
import { requestedFormats, verificationDefaults } from "../options/verificationOptions.js";
import { interruptedExitCode } from "../run/interruption.js";
import type { ProxyAddress } from "../run/proxyJobs.js";
import { readsDeadline } from "../run/readsDeadline.js";
import type { JobsRequest } from "../run/requestJobs.js";
import { RunReporter } from "../run/runReporter.js";
import { flagText, type RunSettingValues, readRunSettings, settingFlags } from "../run/settings.js";
import { parseShardId } from "../run/shards/shardId.js";
import type { ChainClaim } from "../run/targets.js";
import type { VerificationJob } from "../verify/job.js";
import { chainIdFlag, parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { endpointFlags, projectFoundryConfig, projectSolcJs, resolveCliTargets } from "./cliTargets.js";
import { foundryCompilers } from "./foundryCompilers.js";
import { usage } from "./usage.js";

/** The flags that name the contracts of a run, as `verify` and `bundle` take them. */
export const jobOptions = {
  contract: { type: "string" },
  artifacts: { type: "string" },
  deployment: { type: "string", multiple: true },
  manifest: { type: "string" },
  "standard-json": { type: "string" },
  "compiler-version": { type: "string" },
  "constructor-args-hex": { type: "string" },
  libraries: { type: "string", multiple: true },
  format: { type: "string", default: verificationDefaults.format },
  proxy: { type: "boolean", default: false },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
} as const;

const ownOptions = {
  ...jobOptions,
  bundle: { type: "string" },
  "explorer-url": { type: "string" },
  ...endpointFlags,
  ledger: { type: "string" },
  shard: { type: "string" },
  json: { type: "boolean", default: false },
  "show-standard-json-input": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

// The run's settings (timeout, concurrency, force, …) are declared in the hall; their flags come from there.
const options = { ...ownOptions, ...settingFlags() } as typeof ownOptions;

/**
 * `explorer-verify verify`: checks the command line, reads the contracts, verifies them and reports.
 *
 * @param argv - the arguments after `verify`
 * @returns the exit code
 * @throws {UsageError} or {InvalidInputError} for a mistake, before any request
 */
export async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, options, "verify");
  if (values.help) {
    console.log(usage.verify);
    return exitCodes.ok;
  }
  const cwd = process.cwd();
  const settings = readRunSettings("cli", (setting) => flagText(setting, values));
  const shard = values.shard === undefined ? undefined : parseShardId(values.shard, "--shard");
  // `--bundle FILE`: the contracts a bundle names, checked whole before anything is sent; no project, no build.
  const bundle = values.bundle !== undefined;
  const foundry = bundle ? undefined : await projectFoundryConfig(cwd, console.error);
  const flags = bundle
    ? undefined
    : { ...checkedFlags(values, positionals, cwd, settings, foundry?.out), foundry };
  if (flags && values["show-standard-json-input"]) {
    const { showStandardJsonInput } = await import("./showStandardJsonInput.js");
    return showStandardJsonInput(flags, (text) => process.stdout.write(text), console.error);
  }
  const reporter = new RunReporter({ json: values.json, table: true, colour: true });
  // Loaded only now: the readers and the engine are not needed to refuse a mistake in the command line.
  const [
    { requestJobs },
    { runSucceeded, runVerify },
    { createdJobsOfDeployments, proxySources },
    { bundledJobs },
  ] = await Promise.all([
    import("../run/requestJobs.js"),
    import("../run/runVerify.js"),
    import("../run/inputJobs.js"),
    import("../run/bundledJobs.js"),
  ]);
  const badEntries: BadManifestEntry[] = [];
  const recorded: ChainClaim[] = [];
  const proxies: ProxyAddress[] = [];
  // One clock for every chain read before verifying: the manifest's code, the chain id, the proxies.
  const reads = { endsAt: readsDeadline(settings.timeoutSeconds), timeoutSeconds: settings.timeoutSeconds };
  let jobs: VerificationJob[];
  if (flags) {
    jobs = await requestJobs(
      { ...flags, readsDeadline: reads },
      (entry) => badEntries.push(entry),
      (claim) => recorded.push(claim),
      (proxy) => proxies.push(proxy),
    );
    if (jobs.length === 0 && badEntries.length === 0 && proxies.length === 0)
      throw new UsageError("The deployment and manifest given hold no contracts.");
  } else {
    checkRunSettings(
      values,
      settings,
      values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]),
    );
    const bundled = await bundledJobs({
      given: values.bundle ?? "",
      file: (given) => resolve(cwd, given),
      field: "--bundle",
      naming: bundleNaming(values, positionals, settings),
    });
    jobs = bundled.jobs;
    recorded.push(...bundled.claims);
  }
  const rpcUrl = flags
    ? flags.rpcUrl
    : values["rpc-url"] === undefined
      ? undefined
      : rpcUrlFlag(values["rpc-url"]);
  const targets = await resolveCliTargets({
    explorerUrl: values["explorer-url"],
    endpoints: values,
    chainId: chainIdFlag(values["chain-id"]),
    rpcUrl,
    recorded,
    targets: settings.targets,
    optionalTargets: settings.optionalTargets,
    userAgent: settings.userAgent,
    timeoutSeconds: settings.timeoutSeconds,
    readsEndAt: reads.endsAt,
    foundry,
    cwd,
  });
  try {
    const results = await runVerify({
      jobs,
      badEntries,
      targets,
      settings,
      rpc: rpcUrl
        ? { rpcUrl, compilers: [...projectSolcJs(cwd), ...(foundry ? foundryCompilers(cwd, foundry) : [])] }
        : undefined,
      ledger:
        values.ledger === undefined
          ? undefined
          : { path: ledgerFlag(values.ledger, cwd), recheck: settings.recheck },
      discoverCreated:
        flags && settings.includeCreated ? createdJobsOfDeployments(flags, jobs, cwd) : undefined,
      proxies: flags
        ? proxySources(flags, cwd, { addresses: proxies, includeProxies: settings.includeProxies })
        : undefined,
      reporter,
      interruptible: true,
      shard,
      readsEndAt: reads.endsAt,
    });
    if (results.interruptedBy) return interruptedExitCode(results.interruptedBy);
    return runSucceeded(results, settings.optionalTargets) ? exitCodes.ok : exitCodes.failed;
  } finally {
    await targets.close();
  }
}

// The flags that name contracts too, which a bundle names all of.
function bundleNaming(
  values: ReturnType<typeof parseCommandLine<typeof options>>["values"],
  positionals: string[],
  settings: RunSettingValues,
): string[] {
  return [
    ...(positionals.length > 0 ? ["ADDRESS"] : []),
    ...(["deployment", "manifest", "standard-json", "contract", "proxy", "show-standard-json-input"] as const)
      .filter((flag) => values[flag] !== undefined && values[flag] !== false)
      .map((flag) => `--${flag}`),
    ...(settings.includeCreated ? ["--include-created"] : []),
  ];
}

// --recheck reads the ledger, --preflight the chain.
function checkRunSettings(
  values: { ledger?: string | undefined },
  settings: RunSettingValues,
  rpcUrl: string | undefined,
): void {
  if (settings.recheck && values.ledger === undefined)
    throw new UsageError(
      "--recheck goes with --ledger: it asks the explorer about what the ledger says is verified.",
    );
  if (settings.preflight && !rpcUrl)
    throw new UsageError("--preflight needs --rpc-url: the chain to check the deployed code against.");
}

function checkedFlags(
  values: ReturnType<typeof parseCommandLine<typeof options>>["values"],
  positionals: string[],
  cwd: string,
  settings: RunSettingValues,
  foundryOut: string | undefined,
): JobsRequest {
  checkRunSettings(values, { ...settings, preflight: false }, undefined);
  const flags = jobFlagsOf(values, positionals, cwd, foundryOut);
  checkRunSettings(values, settings, flags.rpcUrl);
  return flags;
}

/**
 * Checks the flags that name a run's contracts (see {@link jobOptions}), before anything is read.
 *
 * @param values - the parsed flags
 * @param positionals - ADDRESS and constructor arguments, or more deployment paths
 * @param cwd - the current folder
 * @param foundryOut - foundry.toml's `out`, when it names one
 * @param command - the subcommand, for messages
 * @returns the flags, checked
 * @throws {UsageError} for flags that do not go together
 */
export function jobFlagsOf(
  values: ReturnType<typeof parseCommandLine<typeof jobOptions>>["values"],
  positionals: string[],
  cwd: string,
  foundryOut: string | undefined,
  command = "verify",
): JobsRequest {
  const deployments = [...(values.deployment ?? [])];
  const [address, ...constructorArgs] = deployments.length > 0 ? [] : positionals;
  // `--deployment broadcast/*/1/run-latest.json`: the shell's expansion gives the further paths as positionals.
  if (deployments.length > 0) deployments.push(...positionals);
  const manifest = values.manifest;
  if (!address && deployments.length === 0 && !manifest) {
    throw new UsageError(
      `Give the contract's ADDRESS, --deployment PATH or --manifest FILE (explorer-verify ${command} --help).`,
    );
  }
  if (address !== undefined) assertAddress(address);
  const format = values.format;
  if (!(requestedFormats as readonly string[]).includes(format)) {
    throw new UsageError(`--format ${format} is not a format: use ${requestedFormats.join(", ")}.`);
  }
  const addressOnly = [
    "contract",
    "standard-json",
    "compiler-version",
    "constructor-args-hex",
    "libraries",
  ] as const;
  const misplaced =
    addressOnly.find((flag) => values[flag] !== undefined) ?? (values.proxy ? "proxy" : undefined);
  if (!address && misplaced) {
    throw new UsageError(
      `--${misplaced} describes one ADDRESS: with --deployment or --manifest the contracts come from those files.`,
    );
  }
  if (values["constructor-args-hex"] !== undefined && constructorArgs.length > 0) {
    throw new UsageError(
      "Give constructor arguments either as words after ADDRESS or as --constructor-args-hex, not both.",
    );
  }
  if (values["compiler-version"] !== undefined && values["standard-json"] === undefined) {
    throw new UsageError(
      "--compiler-version goes with --standard-json: a build's compiler is read from the build.",
    );
  }
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  return {
    address,
    constructorArgs,
    contract: values.contract,
    artifacts: values.artifacts ?? defaultArtifacts(cwd, foundryOut),
    rpcUrl,
    constructorArgsHex: values["constructor-args-hex"],
    libraries: values.libraries ?? [],
    format: format as JobsRequest["format"],
    proxy: values.proxy,
    deployments,
    manifest,
    standardJson: values["standard-json"],
    compilerVersion: values["compiler-version"],
    cwd,
  };
}

function ledgerFlag(value: string, cwd: string): string {
  if (value.trim() === "")
    throw new UsageError("--ledger needs a file path, e.g. .explorer-verify/ledger.json.");
  return resolve(cwd, value);
}

// A Foundry project has out/ (or foundry.toml's `out`), a Hardhat one artifacts/.
export function defaultArtifacts(cwd: string, foundryOut: string | undefined): string {
  if (existsSync(join(cwd, "artifacts"))) return "artifacts";
  return foundryOut ?? (existsSync(join(cwd, "out")) ? "out" : "artifacts");
}
