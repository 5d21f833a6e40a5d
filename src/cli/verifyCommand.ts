import { resolve } from "node:path";
import { verificationDefaults } from "../options/verificationOptions.js";
import { parseShardId } from "../run/commands/requestFacts.js";
import type { RunWhat } from "../run/commands/runWhat.js";
import { RunReporter } from "../run/report/runReporter.js";
import { flagText, readRunSettings, settingFlags } from "../run/settings.js";
import { parseCommandLine } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliWhere, endpointFlags, projectCompilers, projectFoundryConfig } from "./cliWhere.js";
import { flagsRun } from "./commandLineJobs.js";
import { usage } from "./usage.js";

/** The flags that name the contracts of a run, as `verify`, `bundle` and `plan` take them. */
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
 * `explorer-verify verify`: reads the command line and the project into a request, and hands it to the hall.
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
  const bundle = values.bundle;
  const foundry = bundle === undefined ? await projectFoundryConfig(cwd, console.error) : undefined;
  const what: RunWhat =
    bundle === undefined
      ? flagsRun(values, positionals, { cwd, foundry, rpcUrl: values["rpc-url"], command: "verify" })
      : {
          kind: "bundle",
          bundle: { given: bundle, file: (given) => resolve(cwd, given), field: "--bundle" },
        };
  if (what.kind === "bundle")
    what.bundle.naming = namingBesideBundle(values, positionals, settings.includeCreated);
  const ledger = values.ledger;
  const request = {
    what,
    settings,
    ledger: ledger === undefined ? undefined : { path: resolve(cwd, ledger), recheck: settings.recheck },
    shard: shard && { id: shard, resultsBesideLedger: false },
    compilers: projectCompilers(cwd, foundry),
    refusals: {
      recheckWithoutLedger:
        "--recheck goes with --ledger: it asks the explorer about what the ledger says is verified.",
      preflightWithoutRpc: "--preflight needs --rpc-url: the chain to check the deployed code against.",
    },
  };
  if (what.kind === "flags" && values["show-standard-json-input"]) {
    const { runShowInputsRequest } = await import("../run/commands/showInputsRequest.js");
    const write = (text: string) => process.stdout.write(text);
    const { unread } = await runShowInputsRequest(request, write, console.error);
    return unread > 0 ? exitCodes.failed : exitCodes.ok;
  }
  if (ledger?.trim() === "")
    throw new UsageError("--ledger needs a file path, e.g. .explorer-verify/ledger.json.");
  const { runVerifyRequest } = await import("../run/commands/verifyRequest.js");
  const where = cliWhere(values, { cwd, foundry }, settings.targets, settings);
  const reporter = new RunReporter({ json: values.json, table: true, colour: true });
  const { results } = await runVerifyRequest({ ...request, where }, reporter);
  const { runExitCode } = await import("../run/report/runResults.js");
  return runExitCode(results, settings.optionalTargets);
}

// The flags that name contracts too, which a bundle names all of.
function namingBesideBundle(
  values: Record<string, unknown>,
  positionals: string[],
  includeCreated: boolean,
): string[] {
  const flags = ["deployment", "manifest", "standard-json", "contract", "proxy", "show-standard-json-input"];
  return [
    ...(positionals.length > 0 ? ["ADDRESS"] : []),
    ...flags
      .filter((flag) => values[flag] !== undefined && values[flag] !== false)
      .map((flag) => `--${flag}`),
    ...(includeCreated ? ["--include-created"] : []),
  ];
}
