import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import { parseTomlSubset, type TomlTable, type TomlValue } from "./tomlSubset.js";

/** One `[etherscan]` entry of `foundry.toml`: `<name> = { key = "…", chain = N | "name", url = "…" }`. */
export interface FoundryExplorerEntry {
  /** The entry's name in the table (a chain name when `chain` is left out, as forge reads it). */
  name: string;
  /** The chain's id, when `chain` (or the entry's name) names one. */
  chainId: number | undefined;
  /** As written: `${VAR}` is expanded when the entry is used. */
  url: string | undefined;
  /** As written: `${VAR}` is expanded when the entry is used. */
  key: string | undefined;
}

/** What this package reads of a `foundry.toml`: the active profile (over `default`) and `[etherscan]`. */
export interface FoundryConfig {
  /** The file read. */
  path: string;
  /** The active profile: `FOUNDRY_PROFILE`, else `default`. */
  profile: string;
  src: string;
  out: string;
  libs: string[];
  /** `solc` (or `solc_version`): a version like `0.8.28`, or a path to a compiler. */
  solc: string | undefined;
  evmVersion: string | undefined;
  optimizer: boolean | undefined;
  optimizerRuns: number | undefined;
  viaIr: boolean | undefined;
  /** forge's `path/Lib.sol:Lib:0x…` entries. */
  libraries: string[];
  etherscan: FoundryExplorerEntry[];
}

// alloy-chains' names that forge accepts for `chain = "…"` and as `[etherscan]` keys, for the chains people verify on.
const namedChains: Record<string, number> = {
  mainnet: 1,
  ethereum: 1,
  sepolia: 11155111,
  holesky: 17000,
  hoodi: 560048,
  optimism: 10,
  "optimism-sepolia": 11155420,
  base: 8453,
  "base-sepolia": 84532,
  arbitrum: 42161,
  "arbitrum-sepolia": 421614,
  "arbitrum-nova": 42170,
  polygon: 137,
  "polygon-amoy": 80002,
  gnosis: 100,
  xdai: 100,
  chiado: 10200,
  zksync: 324,
  linea: 59144,
  scroll: 534352,
  celo: 42220,
  mantle: 5000,
  blast: 81457,
  zora: 7777777,
  bsc: 56,
  avalanche: 43114,
  fantom: 250,
  anvil: 31337,
  localhost: 31337,
  dev: 1337,
};

/**
 * Reads `foundry.toml` in a folder as forge does for the settings verification needs: the profile named by
 * `FOUNDRY_PROFILE` (default `default`) over `[profile.default]`, and the `[etherscan]` table.
 *
 * @param dir - the project folder
 * @param environment - where `FOUNDRY_PROFILE` is read
 * @returns the settings, or undefined when the folder has no `foundry.toml`
 * @throws {InvalidInputError} when the file is not TOML this reader knows, or a setting has the wrong type
 * @example
 * const config = await readFoundryConfig(process.cwd());
 */
export async function readFoundryConfig(
  dir: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<FoundryConfig | undefined> {
  const path = join(dir, "foundry.toml");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new InvalidInputError("foundry.toml", `Cannot read ${path}: ${(error as Error).message}.`);
  }
  return foundryConfigOf(parseTomlSubset(text, path), path, environment.FOUNDRY_PROFILE || "default");
}

/**
 * {@link readFoundryConfig} for a caller that cannot wait, and that goes on without the file when it cannot be read.
 *
 * @param dir - the project folder
 * @param environment - where `FOUNDRY_PROFILE` is read
 * @returns the settings, or undefined when the folder has no `foundry.toml` or it cannot be read
 */
export function readFoundryConfigSync(
  dir: string,
  environment: NodeJS.ProcessEnv = process.env,
): FoundryConfig | undefined {
  const path = join(dir, "foundry.toml");
  try {
    return foundryConfigOf(
      parseTomlSubset(readFileSync(path, "utf8"), path),
      path,
      environment.FOUNDRY_PROFILE || "default",
    );
  } catch {
    return undefined;
  }
}

/**
 * The settings of a parsed `foundry.toml`; see {@link readFoundryConfig}.
 *
 * @param document - the parsed file
 * @param path - the file, for messages
 * @param profile - the active profile
 * @returns the settings
 * @throws {InvalidInputError} when a setting has the wrong type
 */
export function foundryConfigOf(document: TomlTable, path: string, profile: string): FoundryConfig {
  const profiles = tableAt(document, "profile", path) ?? {};
  const base = tableAt(profiles, "default", path) ?? {};
  const chosen = profile === "default" ? {} : (tableAt(profiles, profile, path) ?? {});
  const settings: TomlTable = { ...base, ...chosen };
  const read = <T>(key: string, check: (value: TomlValue) => value is T & TomlValue, type: string) => {
    const value = settings[key];
    if (value === undefined) return undefined;
    if (!check(value))
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: ${key} in profile ${profile} must be ${type}, got ${JSON.stringify(value)}.`,
      );
    return value as T;
  };
  return {
    path,
    profile,
    src: read("src", isString, "a folder") ?? "src",
    out: read("out", isString, "a folder") ?? "out",
    libs: read("libs", isStringArray, "a list of folders") ?? ["lib"],
    solc: read("solc", isString, "a version or a path") ?? read("solc_version", isString, "a version"),
    evmVersion: read("evm_version", isString, "an EVM version"),
    optimizer: read("optimizer", isBoolean, "true or false"),
    optimizerRuns: read("optimizer_runs", isNumber, "a number"),
    viaIr: read("via_ir", isBoolean, "true or false"),
    libraries: read("libraries", isStringArray, 'a list of "path:Name:0x…"') ?? [],
    etherscan: explorerEntries(tableAt(document, "etherscan", path) ?? {}, path),
  };
}

/**
 * The explorer `foundry.toml` names for a chain in `[etherscan]`, with `${VAR}` expanded from the environment: forge
 * takes this table for every verifier, so a Blockscout user's entry holds the Blockscout URL.
 *
 * @param config - the settings read
 * @param chainId - the chain
 * @param environment - where `${VAR}` is read
 * @returns the URL and key, or undefined when no entry names the chain
 * @throws {InvalidInputError} when the entry names a variable that is not set
 * @example
 * foundryExplorerFor(config, 100) // { url: "https://gnosis.blockscout.com/api", key: "…" }
 */
export function foundryExplorerFor(
  config: FoundryConfig,
  chainId: number,
  environment: NodeJS.ProcessEnv = process.env,
): { url?: string; key?: string; name: string } | undefined {
  const entry = config.etherscan.find((candidate) => candidate.chainId === chainId);
  if (entry === undefined) return undefined;
  const expand = (text: string | undefined, what: string) =>
    text?.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
      const value = environment[name];
      if (value === undefined)
        throw new InvalidInputError(
          "foundry.toml",
          `${config.path}: the ${what} of [etherscan] ${entry.name} names \${${name}}, which is not set.`,
        );
      return value;
    });
  const url = expand(entry.url, "url");
  const key = expand(entry.key, "key");
  return { name: entry.name, ...(url ? { url } : {}), ...(key ? { key } : {}) };
}

function explorerEntries(table: TomlTable, path: string): FoundryExplorerEntry[] {
  return Object.entries(table).map(([name, value]) => {
    if (!isTable(value))
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: [etherscan] ${name} must be a table like { key = "…", chain = 1, url = "…" }.`,
      );
    const { chain, url, key } = value;
    if (url !== undefined && !isString(url))
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: the url of [etherscan] ${name} must be a string.`,
      );
    if (key !== undefined && !isString(key))
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: the key of [etherscan] ${name} must be a string.`,
      );
    const chainId =
      typeof chain === "number"
        ? chain
        : typeof chain === "string"
          ? chainIdOfName(chain)
          : chain === undefined
            ? chainIdOfName(name)
            : undefined;
    return { name, chainId, url, key };
  });
}

function chainIdOfName(name: string): number | undefined {
  if (/^\d+$/.test(name)) return Number(name);
  return namedChains[name.toLowerCase().replace(/_/g, "-")];
}

function tableAt(table: TomlTable, key: string, path: string): TomlTable | undefined {
  const value = table[key];
  if (value === undefined) return undefined;
  if (!isTable(value)) throw new InvalidInputError("foundry.toml", `${path}: ${key} must be a table.`);
  return value;
}

function isTable(value: TomlValue): value is TomlTable {
  return typeof value === "object" && !Array.isArray(value);
}

function isString(value: TomlValue): value is string {
  return typeof value === "string";
}

function isBoolean(value: TomlValue): value is boolean {
  return typeof value === "boolean";
}

function isNumber(value: TomlValue): value is number {
  return typeof value === "number";
}

function isStringArray(value: TomlValue): value is string[] {
  return Array.isArray(value) && value.every(isString);
}
