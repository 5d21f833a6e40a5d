import { existsSync } from "node:fs";
import { join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import type { FoundryConfig } from "../inputs/foundryConfig.js";
import { assertAddress, assertTransactionHash } from "../kernel/validate.js";
import { requestedFormats } from "../options/verificationOptions.js";
import { checkedRpcUrl } from "../run/commands/checkedRpcUrl.js";
import type { JobsRequest, RunWhat } from "../run/commands/runWhat.js";

/** The command line's flags that name a run's contracts, as parsed: `verify`, `bundle` and `plan` take them. */
export interface JobFlagValues {
  contract?: string | undefined;
  artifacts?: string | undefined;
  deployment?: string[] | undefined;
  manifest?: string | undefined;
  "standard-json"?: string | undefined;
  "compiler-version"?: string | undefined;
  "constructor-args-hex"?: string | undefined;
  /** The ADDRESS's creation transaction, sent to Sourcify. */
  "creation-tx-hash"?: string | undefined;
  libraries?: string[] | undefined;
  format: string;
  proxy: boolean;
}

/**
 * Checks the flags that name a run's contracts, before anything is read, and makes them a request for the job builder.
 *
 * @param values - the parsed flags
 * @param positionals - ADDRESS and constructor arguments, or more deployment paths
 * @param place - the current folder, foundry.toml's `out` when it names one, `--rpc-url` as given, the subcommand
 * @returns the request
 * @throws {InvalidInputError} for flags that do not go together
 */
function commandLineJobs(
  values: JobFlagValues,
  positionals: readonly string[],
  place: { cwd: string; foundryOut?: string | undefined; rpcUrl: string | undefined; command: string },
): JobsRequest {
  const { cwd, command } = place;
  const deployments = [...(values.deployment ?? [])];
  const [address, ...constructorArgs] = deployments.length > 0 ? [] : positionals;
  // `--deployment broadcast/*/1/run-latest.json`: the shell's expansion gives the further paths as positionals.
  if (deployments.length > 0) deployments.push(...positionals);
  const manifest = values.manifest;
  if (!address && deployments.length === 0 && !manifest)
    refuse(
      "address",
      `Give the contract's ADDRESS, --deployment PATH or --manifest FILE (explorer-verify ${command} --help).`,
    );
  if (address !== undefined) assertAddress(address);
  const format = values.format;
  if (!(requestedFormats as readonly string[]).includes(format))
    refuse("--format", `--format ${format} is not a format: use ${requestedFormats.join(", ")}.`);
  const addressOnly = [
    "contract",
    "standard-json",
    "compiler-version",
    "constructor-args-hex",
    "creation-tx-hash",
    "libraries",
  ] as const;
  const misplaced =
    addressOnly.find((flag) => values[flag] !== undefined) ?? (values.proxy ? "proxy" : undefined);
  if (!address && misplaced)
    refuse(
      `--${misplaced}`,
      `--${misplaced} describes one ADDRESS: with --deployment or --manifest the contracts come from those files.`,
    );
  if (values["constructor-args-hex"] !== undefined && constructorArgs.length > 0)
    refuse(
      "--constructor-args-hex",
      "Give constructor arguments either as words after ADDRESS or as --constructor-args-hex, not both.",
    );
  if (values["compiler-version"] !== undefined && values["standard-json"] === undefined)
    refuse(
      "--compiler-version",
      "--compiler-version goes with --standard-json: a build's compiler is read from the build.",
    );
  const created = values["creation-tx-hash"];
  return {
    address,
    ...(created === undefined
      ? {}
      : { creationTransaction: assertTransactionHash(created, "--creation-tx-hash") }),
    constructorArgs,
    contract: values.contract,
    artifacts: values.artifacts ?? defaultArtifacts(cwd, place.foundryOut),
    rpcUrl: checkedRpcUrl(place.rpcUrl, "cli"),
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

/**
 * A run named by the command line's flags, checked before anything is read: the hall's request carries the facts.
 *
 * @param values - the parsed flags
 * @param positionals - ADDRESS and constructor arguments, or more deployment paths
 * @param place - the current folder, the project's foundry.toml, `--rpc-url` as given, the subcommand
 * @returns what the run verifies
 * @throws {InvalidInputError} for flags that do not go together
 */
export function flagsRun(
  values: JobFlagValues,
  positionals: readonly string[],
  place: { cwd: string; foundry: FoundryConfig | undefined; rpcUrl: string | undefined; command: string },
): Extract<RunWhat, { kind: "flags" }> {
  const request = commandLineJobs(values, positionals, { ...place, foundryOut: place.foundry?.out });
  return { kind: "flags", jobs: { ...request, foundry: place.foundry } };
}

/**
 * The build folder when `--artifacts` is not given: a Foundry project has out/ (or foundry.toml's `out`), a Hardhat
 * one artifacts/.
 *
 * @param cwd - the project folder
 * @param foundryOut - foundry.toml's `out`, when it names one
 * @returns the folder, relative to `cwd`
 */
function defaultArtifacts(cwd: string, foundryOut: string | undefined): string {
  if (existsSync(join(cwd, "artifacts"))) return "artifacts";
  return foundryOut ?? (existsSync(join(cwd, "out")) ? "out" : "artifacts");
}

function refuse(field: string, message: string): never {
  throw new InvalidInputError(field, message);
}
