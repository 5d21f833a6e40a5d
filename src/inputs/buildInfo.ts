import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import { parsedJson } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import type { StandardJsonInput } from "../verify/job.js";
import { type KeptContracts, readBuildInfoFile } from "./buildInfoFile.js";
import {
  type BuildOutput,
  buildOutputSchema,
  metadataText,
  standardJsonInputSchema,
  toStandardJsonInput,
} from "./compilerJson.js";
import { readFoundryArtifacts } from "./foundryArtifacts.js";
import { confineInnerFile, type InnerFileScope } from "./innerFile.js";
import { type JsonOrigin, parseWithSchema } from "./jsonFile.js";

/** Which tool wrote a build info. */
export type BuildInfoFormat = "hardhat3" | "hardhat2" | "foundry";

/** One compiler run: its standard JSON input and, when it was kept, its output. */
export interface BuildInfo {
  /** The build's id, e.g. `solc-0_8_28-db3b…` (Hardhat 3) or an md5 hex (Foundry). */
  id: string;
  /** The build info file this was read from. */
  path: string;
  format: BuildInfoFormat;
  /** Long form with `v` (`v0.8.28+commit.7893614a`); a bare `0.8.28` only when the build info gives nothing more. */
  compilerVersion: string;
  input: StandardJsonInput;
  /**
   * Of each contract kept, only what verification reads: ABI, metadata, and the bytecode with its link and immutable
   * references (see {@link readBuildInfo}). Undefined when a Hardhat 3 build info has no `<id>.output.json` beside
   * it (Ignition copies only the input).
   */
  output: BuildOutput | undefined;
  /** Hardhat 3's `userSourceNameMap`: user source name → input source name. */
  userSourceNames: Record<string, string> | undefined;
}

const hardhat3Format = "hh3-sol-build-info-1";
const foundryFormat = "ethers-rs-sol-build-info-1";
const buildInfoFolder = "build-info";

const formatProbeSchema = z.looseObject({
  _format: z.optional(z.string()),
  source_id_to_path: z.optional(z.unknown()),
});

const hardhat3Schema = z.looseObject({
  id: z.string(),
  solcLongVersion: z.string(),
  input: standardJsonInputSchema,
  userSourceNameMap: z.optional(z.record(z.string(), z.string())),
});

const hardhat3OutputSchema = z.looseObject({ output: buildOutputSchema });

const hardhat2Schema = z.looseObject({
  id: z.optional(z.string()),
  solcLongVersion: z.string(),
  input: standardJsonInputSchema,
  output: buildOutputSchema,
});

/**
 * Foundry's `out/build-info/<id>.json`. `forge build --build-info` adds `input` and `output`; the compiler
 * version is `solcLongVersion` in older releases and `compilerVersion`/`inputVersion`/`inputVersionLong` (without
 * the commit) in newer ones, so the contract metadata's `compiler.version` completes it.
 */
const foundrySchema = z.looseObject({
  id: z.string(),
  source_id_to_path: z.record(z.string(), z.string()),
  language: z.string(),
  input: z.optional(standardJsonInputSchema),
  output: z.optional(buildOutputSchema),
  solcLongVersion: z.optional(z.string()),
  solcVersion: z.optional(z.string()),
  inputVersionLong: z.optional(z.string()),
  inputVersion: z.optional(z.string()),
  compilerVersion: z.optional(z.string()),
});

/** How to read a build info found inside a folder the user named. */
export interface ReadBuildInfoOptions {
  /**
   * The folder the file was found in and the root: the file (and Hardhat 3's `<id>.output.json` beside it) is read
   * only inside them once links are followed (see {@link InnerFileScope}). Unset, the file is the user's own choice
   * and only its `<id>.output.json` is confined, to the file's folder.
   */
  scope?: InnerFileScope;
  /** See {@link ReadBuildInfosOptions.contractNames}. */
  contractNames?: readonly string[];
  /**
   * With `contractNames`, the sources of a build that keeps none of those contracts are never held, not even while
   * the file is read (a build info with no output, whose only bulk is its sources, among them): the file is read a
   * second time, sources included, only when it keeps one.
   */
  sourcesOnlyWithContracts?: boolean;
}

/** How to read the build infos of a folder. */
export interface ReadBuildInfosOptions {
  /**
   * Where a build info may also lead once its links are followed (the Action's workspace, the project root); the
   * folder named is always allowed.
   */
  root?: string;
  /**
   * The contracts wanted, by bare name (`Token` keeps every contract named Token, whatever its file). The others
   * are dropped as each file is read, and so are the sources of a build that keeps none. Unset, every contract is
   * kept.
   */
  contractNames?: readonly string[];
}

const metadataCompilerSchema = z.looseObject({ compiler: z.looseObject({ version: z.string() }) });

const longVersionPattern = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?\+commit\.[0-9a-f]{8})/;

/**
 * Reads one build info file of Hardhat 3 (`<id>.json` with its `<id>.output.json`), Hardhat 2 (one file with
 * `input` and `output`) or Foundry (`out/build-info/<id>.json`, written by `forge build --build-info`).
 *
 * Of the compiler output, only what verification reads is kept (each contract's ABI, metadata, bytecode and their
 * link and immutable references), and only for the contracts asked for: a build info of hundreds of megabytes is
 * mostly ASTs, source maps and opcodes, and holding several of them whole does not fit a runner's memory.
 *
 * @param path - the build info file
 * @param field - the input field to report errors on, e.g. `artifacts`
 * @param options - the folder the file was found in, when it was found rather than named; the contracts wanted
 * @returns the build
 * @throws {InvalidInputError} when the file cannot be read or is not a build info this package knows, or leads
 *   outside its scope
 * @example
 * const buildInfo = await readBuildInfo("artifacts/build-info/solc-0_8_28-db3b….json");
 */
export async function readBuildInfo(
  path: string,
  field = "artifacts",
  options: ReadBuildInfoOptions = {},
): Promise<BuildInfo> {
  const origin: JsonOrigin = { field, what: "build info", path };
  if (options.scope !== undefined) await confineInnerFile(options.scope, path, "build info");
  const kept: KeptContracts = options.contractNames && new Set(options.contractNames);
  if (options.sourcesOnlyWithContracts && kept !== undefined) {
    const scanned = await readBuildInfoAs(origin, kept, options.scope, "skip");
    const keeps = Object.keys(scanned.output?.contracts ?? {}).length > 0;
    return keeps ? readBuildInfoAs(origin, kept, options.scope, "read") : scanned;
  }
  return readBuildInfoAs(origin, kept, options.scope, "read");
}

async function readBuildInfoAs(
  origin: JsonOrigin,
  kept: KeptContracts,
  scope: InnerFileScope | undefined,
  sources: "read" | "skip",
): Promise<BuildInfo> {
  const { path, field } = origin;
  const value = await readBuildInfoFile(origin, kept, sources);
  const probe = parseWithSchema(value, formatProbeSchema, origin);
  if (probe._format === hardhat3Format)
    return readHardhat3(value, origin, scope ?? { folder: dirname(path), field }, kept);
  if (probe._format === foundryFormat || probe.source_id_to_path !== undefined)
    return readFoundry(value, origin, kept);
  const parsed = parseWithSchema(value, hardhat2Schema, origin);
  return slimBuild(kept, {
    id: parsed.id ?? basename(path, ".json"),
    path,
    format: "hardhat2",
    compilerVersion: longVersion(parsed.solcLongVersion),
    input: toStandardJsonInput(parsed.input),
    output: parsed.output,
    userSourceNames: undefined,
  });
}

/**
 * Reads every build info of a build: `<dir>/build-info/*.json` when `dir` is Hardhat's `artifacts` or Foundry's
 * `out`, or `dir/*.json` when `dir` is the `build-info` folder itself. Hardhat 3's `*.output.json` files are read
 * with their build info.
 *
 * Each file must lie inside `dir` (or `options.root`) once its links are followed: a link in `build-info/` pointing
 * elsewhere is refused.
 *
 * @param dir - `artifacts`, `out`, or a `build-info` folder
 * @param field - the input field to report errors on
 * @param options - where else a build info may lead
 * @returns the builds, in file name order
 * @throws {InvalidInputError} when there is no build info, or one cannot be read or leads outside
 * @example
 * const buildInfos = await readBuildInfos("artifacts");
 */
export async function readBuildInfos(
  dir: string,
  field = "artifacts",
  options: ReadBuildInfosOptions = {},
): Promise<BuildInfo[]> {
  const folder = buildInfoDirectory(dir);
  const noBuildInfo = new InvalidInputError(
    field,
    `No build info found in ${folder}: build the project first (Hardhat: npx hardhat build; Foundry: forge build --build-info).`,
  );
  // forge builds without build_info keep no compiler input: its artifacts' metadata and the sources give it again.
  const fromArtifactsOr = async (error: InvalidInputError): Promise<BuildInfo[]> => {
    const rebuilt = await readFoundryArtifacts(dir, field, options);
    if (rebuilt === undefined) throw error;
    return rebuilt.map((build) => ({ ...build, format: "foundry", userSourceNames: undefined }));
  };
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (cause) {
    return fromArtifactsOr(new InvalidInputError(field, noBuildInfo.shortMessage, { cause }));
  }
  const files = names.filter((name) => name.endsWith(".json") && !name.endsWith(".output.json")).sort();
  if (files.length === 0) return fromArtifactsOr(noBuildInfo);
  // One at a time: a build's files can be hundreds of megabytes, and their texts must not be held all at once.
  const buildInfos: BuildInfo[] = [];
  const scope: InnerFileScope = { folder: dir, field, root: options.root };
  for (const name of files) {
    try {
      buildInfos.push(
        await readBuildInfo(join(folder, name), field, {
          scope,
          contractNames: options.contractNames,
          sourcesOnlyWithContracts: true,
        }),
      );
    } catch (error) {
      if (!(error instanceof FoundryBuildInfoWithoutInput)) throw error;
      return fromArtifactsOr(error);
    }
  }
  return buildInfos;
}

/** A Foundry build info written without `build_info`: ids and paths, no compiler input. */
class FoundryBuildInfoWithoutInput extends InvalidInputError {}

async function readHardhat3(
  value: unknown,
  origin: JsonOrigin,
  scope: InnerFileScope,
  kept: KeptContracts,
): Promise<BuildInfo> {
  const parsed = parseWithSchema(value, hardhat3Schema, origin);
  const outputPath = origin.path.replace(/\.json$/, ".output.json");
  let output: BuildOutput | undefined;
  if (existsSync(outputPath)) {
    await confineInnerFile(scope, outputPath, "build info output");
    const outputOrigin = { ...origin, what: "build info output", path: outputPath };
    const read = await readBuildInfoFile(outputOrigin, kept);
    output = parseWithSchema(read, hardhat3OutputSchema, outputOrigin).output;
  }
  return slimBuild(kept, {
    id: parsed.id,
    path: origin.path,
    format: "hardhat3",
    compilerVersion: longVersion(parsed.solcLongVersion),
    input: toStandardJsonInput(parsed.input),
    output,
    userSourceNames: parsed.userSourceNameMap,
  });
}

function readFoundry(value: unknown, origin: JsonOrigin, kept: KeptContracts): BuildInfo {
  const parsed = parseWithSchema(value, foundrySchema, origin);
  if (parsed.input === undefined || parsed.output === undefined) {
    throw new FoundryBuildInfoWithoutInput(
      origin.field,
      `The Foundry build info ${origin.path} holds no compiler input and output: build with forge build --build-info (or build_info = true in foundry.toml).`,
    );
  }
  const version =
    [
      parsed.solcLongVersion,
      metadataCompilerVersion(parsed.output),
      parsed.inputVersionLong,
      parsed.compilerVersion,
    ]
      .map((candidate) => (candidate === undefined ? undefined : longVersionPattern.exec(candidate)?.[1]))
      .find((candidate) => candidate !== undefined) ??
    parsed.inputVersion ??
    parsed.solcVersion ??
    parsed.compilerVersion;
  if (version === undefined) {
    throw new InvalidInputError(
      origin.field,
      `The Foundry build info ${origin.path} does not say which compiler built it (no solcLongVersion, compilerVersion or contract metadata).`,
    );
  }
  return slimBuild(kept, {
    id: parsed.id,
    path: origin.path,
    format: "foundry",
    compilerVersion: longVersion(version),
    input: toStandardJsonInput(parsed.input),
    output: parsed.output,
    userSourceNames: undefined,
  });
}

// The output holds only the kept contracts already (readBuildInfoFile); a build that keeps none keeps no sources.
// Without its output (Ignition copies only the input), the sources stay for whoever brings it.
function slimBuild(kept: KeptContracts, build: BuildInfo): BuildInfo {
  if (kept === undefined || build.output === undefined) return build;
  if (Object.keys(build.output.contracts ?? {}).length > 0) return build;
  return { ...build, input: { ...build.input, sources: {} } };
}

function metadataCompilerVersion(output: BuildOutput): string | undefined {
  for (const byName of Object.values(output.contracts ?? {})) {
    for (const contract of Object.values(byName)) {
      const text = metadataText(contract.metadata);
      if (text === undefined) continue;
      // Unreadable metadata says nothing about the version; another contract's may.
      const parsed = metadataCompilerSchema.safeParse(parsedJson(text));
      if (parsed.success) return parsed.data.compiler.version;
    }
  }
  return undefined;
}

// `0.8.28+commit.7893614a.Linux.g++` → `v0.8.28+commit.7893614a`; a bare `0.8.28` stays bare.
function longVersion(version: string): string {
  const long = longVersionPattern.exec(version)?.[1];
  return long === undefined ? version.replace(/^v/, "") : `v${long}`;
}

function buildInfoDirectory(dir: string): string {
  const nested = join(dir, buildInfoFolder);
  return existsSync(nested) && statSync(nested).isDirectory() ? nested : dir;
}
