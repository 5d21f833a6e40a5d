import { isAbsolute, join, resolve } from "node:path";
import type { TomlTableWithoutBigInt as TomlTable, TomlValueWithoutBigInt as TomlValue } from "smol-toml";
import { InvalidInputError } from "../errors/index.js";
import { readFoundryToml } from "./foundryToml.js";
import { isInside, realExisting } from "./workspacePath.js";

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

/** The `[etherscan]` entry of a chain, its `${VAR}`s expanded: see {@link foundryExplorerFor}. */
export interface FoundryExplorer {
  name: string;
  url?: string;
  key?: string;
  /** The url as written, each `${VAR}` left as it is: the one to print. */
  shownUrl?: string;
  /** Every value a `${VAR}` of the url or the key expanded to: never to be printed. */
  secrets: string[];
}

/** What this package reads of a `foundry.toml`: the active profile (over `default`) and `[etherscan]`. */
export interface FoundryConfig {
  /** The file read. */
  path: string;
  /** The active profile: `FOUNDRY_PROFILE`, else `default`. */
  profile: string;
  /** As written, relative to the project; it leads inside the project once its links are followed. */
  src: string;
  /** As written, relative to the project; it leads inside the project once its links are followed. */
  out: string;
  /** As written, relative to the project; each leads inside the project once its links are followed. */
  libs: string[];
  /** `solc` (or `solc_version`): a version like `0.8.28`, or a path to a compiler. */
  solc: string | undefined;
  evmVersion: string | undefined;
  optimizer: boolean | undefined;
  optimizerRuns: number | undefined;
  viaIr: boolean | undefined;
  /** forge's `path/Lib.sol:Lib:0x…` entries; each path leads inside the project once its links are followed. */
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
 * `FOUNDRY_PROFILE` (default `default`) over `[profile.default]`, and the `[etherscan]` table. The file comes with
 * the checkout (a pull request can change it), so it is read with a size cap and a depth cap, and each folder and
 * library file it names (`src`, `out`, `libs`, `libraries`) must lead inside the project once links are followed.
 *
 * @param dir - the project folder
 * @param environment - where `FOUNDRY_PROFILE` is read
 * @returns the settings, or undefined when the folder has no `foundry.toml`
 * @throws {InvalidInputError} when the file is too large or not TOML, a setting has the wrong type, or a path leads
 *   outside the project (naming the key)
 * @example
 * const config = await readFoundryConfig(process.cwd());
 */
export async function readFoundryConfig(
  dir: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<FoundryConfig | undefined> {
  return readFoundryConfigSync(dir, environment, { throwing: true });
}

/**
 * {@link readFoundryConfig} for a caller that cannot wait, and that goes on without the file when it cannot be read
 * (or, with `throwing`, throws as {@link readFoundryConfig} does).
 *
 * @param dir - the project folder
 * @param environment - where `FOUNDRY_PROFILE` is read
 * @param options - `throwing`: report a file that cannot be read instead of going on without it
 * @returns the settings, or undefined when the folder has no `foundry.toml` or it cannot be read
 * @throws {InvalidInputError} only with `throwing`, as {@link readFoundryConfig}
 */
export function readFoundryConfigSync(
  dir: string,
  environment: NodeJS.ProcessEnv = process.env,
  options: { throwing?: boolean } = {},
): FoundryConfig | undefined {
  const path = join(dir, "foundry.toml");
  try {
    const document = readFoundryToml(path);
    if (document === undefined) return undefined;
    return confinedToProject(foundryConfigOf(document, path, environment.FOUNDRY_PROFILE || "default"), dir);
  } catch (error) {
    if (options.throwing) throw error;
    return undefined;
  }
}

// The types of the profile's settings, by how `read` checks them.
type SettingTypes = { string: string; boolean: boolean; number: number; strings: string[] };

/** The settings of a parsed `foundry.toml`; see {@link readFoundryConfig}. */
function foundryConfigOf(document: TomlTable, path: string, profile: string): FoundryConfig {
  const profiles = tableAt(document, "profile", path) ?? {};
  const base = tableAt(profiles, "default", path) ?? {};
  const chosen = profile === "default" ? {} : (tableAt(profiles, profile, path) ?? {});
  const settings: TomlTable = { ...base, ...chosen };
  const read = <K extends keyof SettingTypes>(key: string, kind: K, type: string) => {
    const value = settings[key];
    if (value === undefined) return undefined;
    const fits =
      kind === "strings"
        ? Array.isArray(value) && value.every((item) => typeof item === "string")
        : typeof value === kind;
    if (!fits)
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: ${key} in profile ${profile} must be ${type}, got ${JSON.stringify(value)}.`,
      );
    return value as SettingTypes[K];
  };
  return {
    path,
    profile,
    src: read("src", "string", "a folder") ?? "src",
    out: read("out", "string", "a folder") ?? "out",
    libs: read("libs", "strings", "a list of folders") ?? ["lib"],
    solc: read("solc", "string", "a version or a path") ?? read("solc_version", "string", "a version"),
    evmVersion: read("evm_version", "string", "an EVM version"),
    optimizer: read("optimizer", "boolean", "true or false"),
    optimizerRuns: read("optimizer_runs", "number", "a number"),
    viaIr: read("via_ir", "boolean", "true or false"),
    libraries: read("libraries", "strings", 'a list of "path:Name:0x…"') ?? [],
    etherscan: explorerEntries(tableAt(document, "etherscan", path) ?? {}, path),
  };
}

/**
 * The explorer `foundry.toml` names for a chain in `[etherscan]`, with `${VAR}` expanded from the environment: forge
 * takes this table for every verifier, so a Blockscout user's entry holds the Blockscout URL. What a `${VAR}`
 * expands to is a secret (a key in the URL's path or query, as some explorers take it): `shownUrl` is the url to
 * print, and `secrets` the values to redact.
 *
 * @param config - the settings read
 * @param chainId - the chain
 * @param environment - where `${VAR}` is read
 * @param withKey - whether the key is read (not when the user's own key wins over it)
 * @returns the URL and key, the URL to show and the expanded values, or undefined when no entry names the chain
 * @throws {InvalidInputError} when the entry names a variable that is not set
 * @example
 * foundryExplorerFor(config, 100) // { url: "https://gnosis.blockscout.com/api", key: "…", shownUrl: "…", secrets: ["…"] }
 */
export function foundryExplorerFor(
  config: FoundryConfig,
  chainId: number,
  environment: NodeJS.ProcessEnv = process.env,
  withKey = true,
): FoundryExplorer | undefined {
  const entry = config.etherscan.find((candidate) => candidate.chainId === chainId);
  if (entry === undefined) return undefined;
  const secrets: string[] = [];
  const expand = (text: string | undefined, what: string) =>
    text?.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
      const value = environment[name];
      if (value === undefined)
        throw new InvalidInputError(
          "foundry.toml",
          `${config.path}: the ${what} of [etherscan] ${entry.name} names \${${name}}, which is not set.`,
        );
      if (value !== "" && !secrets.includes(value)) secrets.push(value);
      return value;
    });
  const url = expand(entry.url, "url");
  const key = withKey ? expand(entry.key, "key") : undefined;
  return {
    name: entry.name,
    ...(url ? { url, shownUrl: entry.url } : {}),
    ...(key ? { key } : {}),
    secrets,
  };
}

// Every folder and library file the settings name, resolved from the project: each must stay inside it once its
// links are followed, or the build it leads to (and the sources in it, sent to the explorer) would be another's.
/** The field of the error a path leading outside the project gets: a refusal, never a file left aside. */
export const outsideProjectField = "foundry.toml path";

function confinedToProject(config: FoundryConfig, dir: string): FoundryConfig {
  const project = realExisting(resolve(dir));
  const confine = (key: string, value: string) => {
    const absolute = resolve(dir, value);
    if (isInside(project, realExisting(absolute))) return;
    const throughLinks =
      !isAbsolute(value) && (isInside(resolve(dir), absolute) || isInside(project, absolute));
    throw new InvalidInputError(
      outsideProjectField,
      `${config.path}: ${key} = ${JSON.stringify(value)} leads outside the project ${dir}${throughLinks ? " once its links are followed" : ""}: foundry.toml's folders and library files are read only inside the project.`,
    );
  };
  confine("src", config.src);
  confine("out", config.out);
  for (const lib of config.libs) confine("libs", lib);
  for (const library of config.libraries) {
    // forge's `path:Name:0xAddress`: the path is everything before the last two parts.
    const parts = library.split(":");
    if (parts.length >= 3) confine("libraries", parts.slice(0, -2).join(":"));
  }
  return config;
}

function explorerEntries(table: TomlTable, path: string): FoundryExplorerEntry[] {
  return Object.entries(table).map(([name, value]) => {
    if (!isTable(value))
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: [etherscan] ${name} must be a table like { key = "…", chain = 1, url = "…" }.`,
      );
    const text = (what: "url" | "key") => {
      const given = value[what];
      if (given === undefined || typeof given === "string") return given;
      throw new InvalidInputError(
        "foundry.toml",
        `${path}: the ${what} of [etherscan] ${name} must be a string.`,
      );
    };
    const chain = value.chain ?? name;
    const chainId =
      typeof chain === "number" ? chain : typeof chain === "string" ? chainIdOfName(chain) : undefined;
    return { name, chainId, url: text("url"), key: text("key") };
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
  return typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}
