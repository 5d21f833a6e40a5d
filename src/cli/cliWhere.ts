import { join } from "node:path";
import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { InvalidInputError } from "../errors/index.js";
import { type FoundryConfig, outsideProjectField, readFoundryConfig } from "../inputs/foundryConfig.js";
import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import {
  type ChainEndpoints,
  endpointEntries,
  hardhatCompilers,
  workspaceCompilers,
} from "../run/commands/requestFacts.js";
import type { RunWhere } from "../run/commands/runWhere.js";
import type { RunSettingValues } from "../run/settings.js";
import {
  apiKeyFromEnvironment,
  chainIdFlag,
  type FlagValues,
  serviceKeyFromEnvironment,
} from "./arguments.js";
import { UsageError } from "./cliErrors.js";
import { foundryCompilers } from "./foundryCompilers.js";

/**
 * The flags that say where a run goes: the explorer, the chain, and (repeatable) a chain's own endpoint of a
 * service, the variable holding its key, its site.
 */
export const whereFlags = {
  "explorer-url": { type: "string" },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
  endpoint: { type: "string", multiple: true },
  "endpoint-key": { type: "string", multiple: true },
  "endpoint-site": { type: "string", multiple: true },
} as const;

/**
 * Where a run goes, as the command line and the project say it, in the CLI's words: the keys from the environment,
 * `--explorer-url`, `--chain-id`, `--rpc-url` (a local chain's embedded explorer keeps its state under
 * `cache/explorer-verify`, so reruns and `status` see earlier work), `--endpoint`, and foundry.toml's `[etherscan]`.
 *
 * @param values - the flags
 * @param project - the current folder and its foundry.toml
 * @param services - the services the run uses: Etherscan's and Routescan's keys are read only for them
 * @param settings - the run's settings, when the command takes them
 * @returns the facts for the hall
 * @throws {UsageError} for a chain id that is not one, or a key variable set but empty
 */
export function cliWhere(
  values: Partial<FlagValues<typeof whereFlags>>,
  project: { cwd: string; foundry: FoundryConfig | undefined },
  services: readonly string[],
  settings?: Pick<RunSettingValues, "optionalTargets" | "userAgent">,
): RunWhere {
  const { cwd, foundry } = project;
  const chain = cliChain(values);
  return {
    ...chain,
    explorerUrl: values["explorer-url"]
      ? { url: values["explorer-url"], source: "--explorer-url" }
      : undefined,
    foundry,
    endpoints: cliEndpoints(values),
    keys: {
      blockscout: apiKeyFromEnvironment(),
      etherscan: services.includes("etherscan") ? serviceKeyFromEnvironment("ETHERSCAN_API_KEY") : undefined,
      routescan: services.includes("routescan") ? serviceKeyFromEnvironment("ROUTESCAN_API_KEY") : undefined,
    },
    optional: settings?.optionalTargets,
    userAgent: settings?.userAgent,
    localExplorer: {
      cacheDir: join(cwd, "cache", "explorer-verify"),
      compilers: projectCompilers(cwd, foundry),
    },
    howToGiveChainKey: (id, service) =>
      `give --endpoint-key ${id}=${service}=VARIABLE, the environment variable holding that endpoint's key`,
    howToNameExplorer: (id, chains) =>
      chains > 1
        ? `give --endpoint ${id}=blockscout=URL (its Blockscout explorer), or verify it in a run of its own with --rpc-url URL of the chain on this machine`
        : `give --explorer-url URL (the Blockscout explorer), ${id === undefined ? "--chain-id N (its chain), " : ""}or --rpc-url URL of a chain on this machine (127.0.0.1, localhost) to use the embedded local explorer`,
    howToGiveEtherscanKey: "set ETHERSCAN_API_KEY in the environment",
    howToReachLocalChain:
      "give --rpc-url URL of the chain, and the embedded local explorer verifies on it, or give --explorer-url",
  };
}

/**
 * The run's chain as the command line names it: `--chain-id` and `--rpc-url`, each with the flag that named it.
 *
 * @throws {UsageError} for a chain id that is not one
 */
export function cliChain(
  values: Partial<FlagValues<typeof whereFlags>>,
): Pick<RunWhere, "door" | "chainId" | "rpc"> {
  const chainId = chainIdFlag(values["chain-id"]);
  return {
    door: "cli",
    chainId: chainId === undefined ? undefined : { id: chainId, source: "--chain-id" },
    rpc: values["rpc-url"] === undefined ? undefined : { url: values["rpc-url"], source: "--rpc-url" },
  };
}

/**
 * The project's foundry.toml, when the current folder has one. A file this reader cannot read is left aside with a
 * warning on stderr: the flags still say everything, and a Hardhat project with a foundry.toml beside it keeps
 * working. A path in it that leads outside the project is refused.
 */
export async function projectFoundryConfig(cwd: string): Promise<FoundryConfig | undefined> {
  try {
    return await readFoundryConfig(cwd);
  } catch (error) {
    // A path leading outside the project is refused, not left aside: the file names what to read and upload.
    if (
      !isExplorerVerifyError(error) ||
      (error instanceof InvalidInputError && error.field === outsideProjectField)
    )
      throw error;
    console.error(`foundry.toml is not read: ${error.shortMessage}`);
    return undefined;
  }
}

/**
 * The compilers of the project: its npm `solc`, when it installed one, then those Foundry installed, then those
 * Hardhat downloaded (a Hardhat 2 project has no npm `solc`). The embedded explorer and preflight compile with them.
 *
 * @param cwd - the project folder
 * @param foundry - its foundry.toml (read from `cwd` when unset)
 * @returns the compiler files found
 */
export function projectCompilers(cwd: string, foundry: FoundryConfig | undefined): string[] {
  return [...workspaceCompilers(cwd), ...foundryCompilers(cwd, foundry), ...hardhatCompilers()];
}

/**
 * The chains' own endpoints, keys and sites the command line names.
 *
 * @param values - the parsed flags
 * @returns each chain's entries, by chain id
 * @throws {InvalidInputError} for an entry amiss (see `endpointEntries`)
 */
export function cliEndpoints(values: Partial<FlagValues<typeof whereFlags>>): Record<number, ChainEndpoints> {
  return endpointEntries(
    { urls: values.endpoint ?? [], keys: values["endpoint-key"] ?? [], sites: values["endpoint-site"] ?? [] },
    { urls: "--endpoint", keys: "--endpoint-key", sites: "--endpoint-site" },
  );
}

/**
 * The ledger a run or a copy keeps: `--ledger FILE`, else the default file, as the task and the Action keep.
 *
 * @param values - `--ledger` as given (`none`, as the task and the Action spell it, keeps none), and `--no-ledger`
 * @param cwd - where a relative path starts
 * @param recheck - the run's `--recheck`
 * @returns the ledger's absolute path and `recheck`, or undefined for none
 * @throws {UsageError} for `--no-ledger` beside `--ledger`, or an empty path
 * @throws {InvalidInputError} when a link on its way (a committed `.explorer-verify`) leads outside `cwd`
 */
export function cliLedger(
  values: { ledger?: string | undefined; "no-ledger": boolean },
  cwd: string,
  recheck: boolean,
): { path: string; recheck: boolean } | undefined {
  const { ledger: given, "no-ledger": none } = values;
  if (none && given !== undefined) throw new UsageError("--no-ledger keeps no ledger: drop --ledger.");
  if (none || given?.trim() === "none") return undefined;
  if (given?.trim() === "")
    throw new UsageError("--ledger needs a file path, e.g. .explorer-verify/ledger.json.");
  return { path: resolveWorkspaceInput(cwd, given ?? verificationDefaults.ledger, "--ledger"), recheck };
}
