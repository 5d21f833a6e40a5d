import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { assertAddress } from "../client/validate.js";
import {
  concurrencyRange,
  requestedFormats,
  timeoutSecondsRange,
  verificationDefaults,
} from "../options/verificationOptions.js";
import type { VerificationJob } from "../verify/job.js";
import { integerFlag, parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { CliReporter } from "./cliReporter.js";
import type { JobFlags } from "./commandLineJobs.js";
import { projectSolcJs, resolveCliExplorerTarget } from "./explorerTarget.js";
import { refusePendingFlags } from "./pendingFlags.js";
import { usage } from "./usage.js";

const options = {
  contract: { type: "string" },
  artifacts: { type: "string" },
  deployment: { type: "string", multiple: true },
  manifest: { type: "string" },
  "standard-json": { type: "string" },
  "compiler-version": { type: "string" },
  "constructor-args-hex": { type: "string" },
  libraries: { type: "string" },
  format: { type: "string", default: verificationDefaults.format },
  proxy: { type: "boolean", default: false },
  "explorer-url": { type: "string" },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
  force: { type: "boolean", default: false },
  "no-wait": { type: "boolean", default: false },
  timeout: { type: "string" },
  concurrency: { type: "string" },
  preflight: { type: "boolean", default: false },
  ledger: { type: "string" },
  recheck: { type: "boolean", default: false },
  "include-created": { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

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
  refusePendingFlags(values);
  const cwd = process.cwd();
  const flags = checkedFlags(values, positionals, cwd);
  const timeoutSeconds = integerFlag(
    values.timeout,
    "timeout",
    verificationDefaults.timeoutSeconds,
    timeoutSecondsRange,
  );
  const concurrency =
    values.concurrency === "auto"
      ? "auto"
      : integerFlag(values.concurrency, "concurrency", verificationDefaults.concurrency, concurrencyRange);
  const reporter = new CliReporter(values.json);
  const target = await resolveCliExplorerTarget(values["explorer-url"], flags.rpcUrl, cwd);
  try {
    // Loaded only now: the readers and the engine are not needed to refuse a mistake in the command line.
    const [{ commandLineJobs }, { verifyBatch }, { isSuccess }] = await Promise.all([
      import("./commandLineJobs.js"),
      import("../verify/verifyBatch.js"),
      import("../verify/job.js"),
    ]);
    const jobs = await commandLineJobs(flags, (line) => reporter.info(line));
    if (jobs.length === 0) throw new UsageError("The deployment and manifest given hold no contracts.");
    if (values["include-created"]) jobs.push(...(await createdJobs(flags, jobs, target, reporter)));
    reporter.info(
      `Verifying ${jobs.length} contract${jobs.length === 1 ? "" : "s"} on ${target.description}`,
    );
    const results = await verifyBatch(jobs, {
      explorerUrl: target.explorerUrl,
      apiKey: target.apiKey,
      concurrency,
      timeoutMs: timeoutSeconds * 1_000,
      force: values.force,
      wait: !values["no-wait"],
      ...(flags.rpcUrl ? { rpc: { rpcUrl: flags.rpcUrl, compilers: projectSolcJs(cwd) } } : {}),
      preflight: values.preflight,
      ...(values.ledger === undefined
        ? {}
        : { ledger: ledgerFlag(values.ledger, cwd), recheck: values.recheck }),
      onEvent: reporter.event,
    });
    reporter.finish(results);
    return results.every(isSuccess) ? exitCodes.ok : exitCodes.failed;
  } finally {
    await target.localExplorer?.close();
  }
}

// What the deployments' transactions (or the contracts' creation transactions) created, through the Action's reader.
async function createdJobs(
  flags: JobFlags,
  jobs: readonly VerificationJob[],
  target: { explorerUrl: string; apiKey?: string | undefined },
  reporter: CliReporter,
): Promise<VerificationJob[]> {
  const [{ createdJobsFromInputs }, { ExplorerClient }] = await Promise.all([
    import("../action/jobsFromInputs.js"),
    import("../client/explorerClient.js"),
  ]);
  const client = new ExplorerClient({ explorerUrl: target.explorerUrl, apiKey: target.apiKey });
  const found = new Map<string, VerificationJob>();
  for (const deployment of flags.deployments.length > 0 ? flags.deployments : [undefined]) {
    const created = await createdJobsFromInputs(
      { deployment, artifacts: flags.artifacts, rpcUrl: flags.rpcUrl },
      jobs,
      client,
      flags.cwd,
    );
    for (const clone of created.clones) {
      reporter.info(
        `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
      );
    }
    for (const skipped of created.skipped) {
      reporter.info(
        `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
      );
    }
    for (const job of created.jobs) found.set(job.address.toLowerCase(), job);
  }
  return [...found.values()];
}

function checkedFlags(
  values: ReturnType<typeof parseCommandLine<typeof options>>["values"],
  positionals: string[],
  cwd: string,
): JobFlags {
  const deployments = [...(values.deployment ?? [])];
  const [address, ...constructorArgs] = deployments.length > 0 ? [] : positionals;
  // `--deployment broadcast/*/1/run-latest.json`: the shell's expansion gives the further paths as positionals.
  if (deployments.length > 0) deployments.push(...positionals);
  const manifest = values.manifest;
  if (!address && deployments.length === 0 && !manifest) {
    throw new UsageError(
      "Give the contract's ADDRESS, --deployment PATH or --manifest FILE (explorer-verify verify --help).",
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
  if (values.recheck && values.ledger === undefined)
    throw new UsageError(
      "--recheck goes with --ledger: it asks the explorer about what the ledger says is verified.",
    );
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  if (values.preflight && !rpcUrl)
    throw new UsageError("--preflight needs --rpc-url: the chain to check the deployed code against.");
  return {
    address,
    constructorArgs,
    contract: values.contract,
    artifacts: values.artifacts ?? defaultArtifacts(cwd),
    rpcUrl,
    constructorArgsHex: values["constructor-args-hex"],
    libraries: values.libraries,
    format: format as JobFlags["format"],
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

// A Foundry project has out/, a Hardhat one artifacts/.
function defaultArtifacts(cwd: string): string {
  return !existsSync(join(cwd, "artifacts")) && existsSync(join(cwd, "out")) ? "out" : "artifacts";
}
