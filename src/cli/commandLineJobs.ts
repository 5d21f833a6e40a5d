import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import type { FoundryConfig } from "../inputs/foundryConfig.js";
import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { assertAddress, assertHexData, assertTransactionHash, isAddress } from "../kernel/validate.js";
import { requestedFormats, verificationDefaults } from "../options/verificationOptions.js";
import { checkedRpcUrl } from "../run/commands/checkedRpcUrl.js";
import type { JobsRequest, RunWhat } from "../run/commands/runWhat.js";
import type { FlagValues } from "./arguments.js";
import { projectFoundryConfig } from "./cliWhere.js";

/** The flags that name the contracts of a run, as `verify`, `bundle` and `plan` take them. */
export const jobOptions = {
  contract: { type: "string" },
  artifacts: { type: "string" },
  deployment: { type: "string", multiple: true },
  manifest: { type: "string" },
  "standard-json": { type: "string" },
  "compiler-version": { type: "string" },
  "constructor-args-hex": { type: "string" },
  "creation-tx-hash": { type: "string" },
  libraries: { type: "string", multiple: true },
  format: { type: "string", default: verificationDefaults.format },
  proxy: { type: "boolean", default: false },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
} as const;

/**
 * A run named by the command line's flags, checked before anything is read: the hall's request carries the facts.
 *
 * @param values - the parsed flags
 * @param positionals - ADDRESS and constructor arguments, or more deployment paths
 * @param place - the current folder, the project's foundry.toml, `--rpc-url` as given, the subcommand
 * @returns what the run verifies
 * @throws {InvalidInputError} for flags that do not go together, or a build folder linked outside `cwd`
 */
export function flagsRun(
  values: FlagValues<typeof jobOptions>,
  positionals: readonly string[],
  place: { cwd: string; foundry: FoundryConfig | undefined; command: string },
): Extract<RunWhat, { kind: "flags" }> {
  const { cwd, command, foundry } = place;
  const deployments = [...(values.deployment ?? [])];
  const [address, ...constructorArgs] = deployments.length > 0 ? [] : positionals;
  // `--deployment broadcast/*/1/run-latest.json`: the shell's expansion gives the further paths as positionals.
  if (deployments.length > 0) deployments.push(...positionals);
  const stray = deployments.find(isAddress);
  if (stray)
    refuse(
      "deployment",
      `${stray} is a contract's ADDRESS: --deployment names its contracts itself; give one or the other.`,
    );
  const manifest = values.manifest;
  if (!address && deployments.length === 0 && !manifest)
    refuse(
      "address",
      `Give the contract's ADDRESS, --deployment PATH${command === "bundle" ? " or" : ","} --manifest FILE${command === "bundle" ? "" : " or --bundle FILE"} (explorer-verify ${command} --help).`,
    );
  if (address !== undefined) assertAddress(address);
  // forge verify-contract's `ADDRESS path/File.sol:Name`: a first word of that shape names the contract.
  const named = /^[^\s:]+\.(?:sol|vy):[A-Za-z_$][\w$]*$/.test(constructorArgs[0] ?? "")
    ? constructorArgs.shift()
    : undefined;
  if (named && values.contract !== undefined)
    refuse(
      "--contract",
      `${named} after ADDRESS names the contract, as forge reads it: give it there or as --contract, not both.`,
    );
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
  const hex = values["constructor-args-hex"];
  const artifacts = values.artifacts ?? defaultArtifacts(cwd, foundry?.out);
  // As the Action: a committed link at the build's folder (`artifacts -> /elsewhere`) leading out is not the build.
  resolveWorkspaceInput(cwd, artifacts, "--artifacts");
  return {
    kind: "flags",
    jobs: {
      address,
      ...(created === undefined
        ? {}
        : { creationTransaction: assertTransactionHash(created, "--creation-tx-hash") }),
      constructorArgs,
      contract: values.contract ?? named,
      artifacts,
      rpcUrl: checkedRpcUrl(values["rpc-url"], "cli"),
      constructorArgsHex: hex === undefined ? undefined : assertHexData(hex, "--constructor-args-hex"),
      libraries: values.libraries ?? [],
      format: format as JobsRequest["format"],
      proxy: values.proxy,
      deployments,
      manifest,
      standardJson: values["standard-json"],
      compilerVersion: values["compiler-version"],
      cwd,
      foundry,
    },
  };
}

/**
 * What `verify` and `plan` run: the contracts `--bundle FILE` names (no project, no build), else those the flags name,
 * with the project's foundry.toml.
 */
export async function flagsOrBundleRun(
  values: FlagValues<typeof jobOptions> & { bundle?: string | undefined },
  positionals: readonly string[],
  cwd: string,
  command: string,
): Promise<{ what: RunWhat; foundry: FoundryConfig | undefined }> {
  const given = values.bundle;
  if (given !== undefined) {
    const naming = namingBesideBundle(values, positionals);
    return {
      what: {
        kind: "bundle",
        bundle: { given, file: (path) => resolve(cwd, path), field: "--bundle", naming },
      },
      foundry: undefined,
    };
  }
  const foundry = await projectFoundryConfig(cwd);
  return { what: flagsRun(values, positionals, { cwd, foundry, command }), foundry };
}

// The flags that name or describe contracts, which a bundle names and describes all of.
function namingBesideBundle(values: FlagValues<typeof jobOptions>, positionals: readonly string[]): string[] {
  const given = (flag: keyof typeof jobOptions) =>
    flag === "proxy"
      ? values.proxy
      : flag === "format"
        ? values.format !== verificationDefaults.format
        : values[flag];
  const describing = [
    "deployment",
    "manifest",
    "standard-json",
    "contract",
    "proxy",
    "creation-tx-hash",
  ] as const;
  const more = ["compiler-version", "constructor-args-hex", "libraries", "format"] as const;
  return [
    ...(positionals.length > 0 ? ["ADDRESS"] : []),
    ...[...describing, ...more]
      .filter((flag) => given(flag) !== undefined && given(flag) !== false)
      .map((f) => `--${f}`),
  ];
}

// The build folder (relative to `cwd`) when `--artifacts` is not given: a Foundry project has out/ (or foundry.toml's
// `out`), a Hardhat one artifacts/.
function defaultArtifacts(cwd: string, foundryOut: string | undefined): string {
  if (existsSync(join(cwd, "artifacts"))) return "artifacts";
  return foundryOut ?? (existsSync(join(cwd, "out")) ? "out" : "artifacts");
}

function refuse(field: string, message: string): never {
  throw new InvalidInputError(field, message);
}
