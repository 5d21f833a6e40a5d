import { dirname, resolve } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import { constructorParameters } from "../kernel/abiParameters.js";
import * as z from "../kernel/zod.js";
import type { VerificationJob } from "../verify/job.js";
import { type BuildInfo, readBuildInfos } from "./buildInfo.js";
import { codeReadsAhead } from "./codeReadsAhead.js";
import { createContractJob } from "./contractJob.js";
import { findContract } from "./findContract.js";
import { type JsonOrigin, parseBoundedJson, readTextFile } from "./jsonFile.js";
import {
  contractRequired,
  type DeployedCodeReader,
  deployedContract,
  librariesFromCode,
  outsideBuild,
} from "./manifestDeployedCode.js";
import { checkManifestEntry, entryFormats, type ManifestEntrySpec } from "./manifestEntries.js";
import { readRegistrySources } from "./registrySources.js";
import { splitContractName } from "./sourceNames.js";
import { readStandardJsonFile } from "./standardJsonFile.js";
import { inputContractName, inputLibraries } from "./standardJsonNames.js";
import { resolveInsideRoot } from "./workspacePath.js";

/** One manifest entry, ready for the engine. */
export interface ManifestEntry {
  job: VerificationJob;
  /** `proxy: true`: the address is a proxy; verify its implementation, then link the proxy to it. */
  proxy: boolean;
}

/** Where a manifest's relative paths and build infos are found. */
export interface ReadManifestOptions {
  /**
   * Hardhat's `artifacts` or Foundry's `out` (or a `build-info` folder), for entries found in the build info.
   * Relative to `cwd`. Default `artifacts`.
   */
  artifactsDir?: string;
  /** The working folder: relative paths of an inline manifest, and `artifactsDir`, start here. Default the process's. */
  cwd?: string;
  /**
   * Reads the code deployed at an address (the Action's `rpc-url`). With it, an entry found in the build info may
   * leave out `contract`, which is inferred from that code, and constructor arguments left out are recovered
   * from the explorer's creation data.
   */
  deployedCode?: DeployedCodeReader;
  /**
   * The folder every file an entry names must be inside, after symbolic links are followed (the Action's workspace,
   * a project's root): an entry naming a file elsewhere is refused. Unset, paths are not confined.
   */
  root?: string;
  /**
   * Told of an entry that cannot become a job (a malformed field, a file missing, unreadable or outside `root`, a
   * contract the build info lacks); the other entries go on. Unset, such an entry stops the whole manifest.
   */
  onBadEntry?: (entry: BadManifestEntry) => void;
  /**
   * Told of an entry with `proxy: true` and no `contract` whose deployed code no contract of the build has (a clone, a
   * proxy built elsewhere): it makes no job, its parts may. Unset, such an entry fails like the others.
   */
  onProxyOutsideBuild?: (proxy: { field: string; address: string }) => void;
}

/** A manifest entry left out, and why. */
export interface BadManifestEntry {
  /** `contracts[2]`. */
  field: string;
  address: string;
  contract: string | undefined;
  /** The format the entry asked for (`standard-json` for one found in the build info). */
  format: VerificationJob["source"]["format"];
  error: InvalidInputError;
  /** Told, never failed: a deployment with nothing of the project to verify (saved without metadata). */
  leftOut?: true;
}

const manifestSchema = z.strictObject({ contracts: z.array(z.unknown()) });

const field = "contracts";

/**
 * Whether the `contracts` input or `--manifest` flag holds the manifest itself rather than a path to it.
 *
 * @param manifest - the value as given
 * @returns true for JSON text (starting with `{`)
 */
export function isInlineManifest(manifest: string): boolean {
  return manifest.trimStart().startsWith("{");
}

/**
 * Reads the Action's contracts manifest (DESIGN §3) into jobs. Every entry is checked before any file is read,
 * and every file is read before this returns, so a mistake anywhere stops everything before a request is sent.
 *
 * @param manifest - a path to the manifest, or the manifest's JSON text itself (starting with `{`)
 * @param options - the artifacts folder and working folder
 * @returns one entry per contract, in manifest order
 * @throws {InvalidInputError} naming the field (`contracts[2].address`) for a malformed entry, an unknown format,
 *   a missing or unreadable file, or a contract the build info does not have
 * @example
 * const entries = await readManifest("verify.json", { artifactsDir: "artifacts" });
 * const jobs = entries.map((entry) => entry.job);
 */
export async function readManifest(
  manifest: string,
  options: ReadManifestOptions = {},
): Promise<ManifestEntry[]> {
  const cwd = options.cwd ?? process.cwd();
  const inline = isInlineManifest(manifest);
  const origin: JsonOrigin = {
    field,
    what: "contracts manifest",
    path: inline ? "(inline)" : resolve(cwd, manifest),
  };
  const value = parseBoundedJson(inline ? manifest : await readTextFile(origin), origin);
  const entries = checkedEntries(manifestContracts(value), options.onBadEntry);
  const unnamed = entries.filter((entry) => entry.kind === "build-info" && entry.contract === undefined);
  // With onBadEntry, such an entry fails alone when its job is made.
  if (unnamed[0] && !options.deployedCode && !options.onBadEntry) throw contractRequired(unnamed[0]);
  const baseDir = inline ? cwd : dirname(origin.path);
  let loading: Promise<BuildInfo[]> | undefined;
  const buildInfos = () => {
    loading ??= readBuildInfos(resolve(cwd, options.artifactsDir ?? "artifacts"), "artifacts", {
      root: options.root,
      ...wantedContracts(entries),
    });
    return loading;
  };
  const files = fileResolver(baseDir, options.root);
  const resolved: ManifestEntry[] = [];
  const ahead = unnamed.map((entry) => entry.address);
  const deployedCode = options.deployedCode ? codeReadsAhead(options.deployedCode, ahead) : undefined;
  for (const entry of entries) {
    try {
      if (options.onProxyOutsideBuild && (await outsideBuild(entry, buildInfos, deployedCode))) {
        options.onProxyOutsideBuild?.({ field: entry.field, address: entry.address });
        continue;
      }
      const job = await entryJob(entry, files, buildInfos, deployedCode);
      const created = entry.creationTransaction;
      resolved.push({ job: created ? { ...job, creationTransaction: created } : job, proxy: entry.proxy });
    } catch (error) {
      if (!options.onBadEntry || !(error instanceof InvalidInputError)) throw error;
      options.onBadEntry({
        field: entry.field,
        address: entry.address,
        contract: entry.contract,
        format: entry.kind === "build-info" ? "standard-json" : entry.kind,
        error,
      });
    }
  }
  return resolved;
}

// Every entry checked before any file is read; with onBadEntry, a malformed one is reported and left out.
function checkedEntries(
  items: readonly unknown[],
  onBadEntry: ReadManifestOptions["onBadEntry"],
): ManifestEntrySpec[] {
  const entries: ManifestEntrySpec[] = [];
  for (const [index, item] of items.entries()) {
    const entryField = `${field}[${index}]`;
    try {
      entries.push(checkManifestEntry(item, entryField));
    } catch (error) {
      if (!onBadEntry || !(error instanceof InvalidInputError)) throw error;
      onBadEntry(malformedEntry(item, entryField, error));
    }
  }
  return entries;
}

// What a malformed entry says of itself, as far as it can be read: its address, contract and format as written (a
// field that is not what it should be is left out rather than failing the reading).
const writtenFields = z.looseObject({
  address: z.catch(z.optional(z.string()), undefined),
  contract: z.catch(z.optional(z.string()), undefined),
  format: z.catch(z.optional(z.enum(entryFormats)), undefined),
});

function malformedEntry(item: unknown, entryField: string, error: InvalidInputError): BadManifestEntry {
  const fields = writtenFields.safeParse(item).data ?? {};
  return {
    field: entryField,
    address: fields.address ?? "",
    contract: fields.contract,
    format: fields.format ?? "standard-json",
    error,
  };
}

function manifestContracts(value: unknown): unknown[] {
  const parsed = manifestSchema.safeParse(value);
  if (parsed.success) {
    if (parsed.data.contracts.length === 0) {
      throw new InvalidInputError(field, "The contracts manifest lists no contracts.");
    }
    return parsed.data.contracts;
  }
  const unknownKey = parsed.error.issues.find((issue) => issue.code === "unrecognized_keys")?.keys[0];
  throw new InvalidInputError(
    field,
    unknownKey === undefined
      ? 'The contracts manifest must be a JSON object like { "contracts": [ … ] }.'
      : `The contracts manifest has an unknown field "${unknownKey}": it holds only "contracts".`,
  );
}

// The contracts the entries name, so that the build infos keep only those; all of them when an entry leaves its
// contract to be inferred from the deployed code.
function wantedContracts(entries: readonly ManifestEntrySpec[]): { contractNames?: string[] } {
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.kind !== "build-info") continue;
    if (entry.contract === undefined) return {};
    names.push(splitContractName(entry.contract).contractName);
  }
  return { contractNames: names };
}

/** Turns a path an entry names into the absolute path read, inside the root when there is one. */
type FileResolver = ((path: string, field: string) => Promise<string>) & { root?: string };

function fileResolver(baseDir: string, root: string | undefined): FileResolver {
  const resolvePath = async (path: string, field: string): Promise<string> =>
    root === undefined ? resolve(baseDir, path) : resolveInsideRoot(root, baseDir, path, field);
  return Object.assign(resolvePath, root === undefined ? {} : { root });
}

async function entryJob(
  entry: ManifestEntrySpec,
  files: FileResolver,
  buildInfos: () => Promise<BuildInfo[]>,
  deployedCode: ReadManifestOptions["deployedCode"],
): Promise<VerificationJob> {
  const named = { address: entry.address, contract: entry.contract };
  const hex =
    entry.constructorArgsHex === undefined ? {} : { constructorArguments: { hex: entry.constructorArgsHex } };
  switch (entry.kind) {
    case "build-info": {
      const contract =
        entry.contract === undefined
          ? await deployedContract(entry, buildInfos, deployedCode)
          : findContract(await buildInfos(), entry.contract, `${entry.field}.contract`);
      const linked = await librariesFromCode(entry, contract, deployedCode);
      const job = createContractJob(contract, {
        address: entry.address,
        field: entry.field,
        ...hex,
        ...(entry.constructorArgs === undefined
          ? {}
          : { constructorArguments: { values: entry.constructorArgs } }),
        ...(linked || entry.libraries ? { libraries: { ...linked, ...entry.libraries } } : {}),
      });
      if (deployedCode && !job.constructorArguments && constructorParameters(contract.abi).length > 0) {
        // Read from the explorer's creation data, after the compiled creation code.
        job.constructorArguments = { recoverFrom: { creationBytecode: contract.bytecode } };
      }
      return job;
    }
    case "standard-json": {
      const inputField = `${entry.field}.standardJsonInput`;
      const input = await readStandardJsonFile(await files(entry.standardJsonInput, inputField), inputField);
      return {
        ...named,
        source: {
          format: "standard-json",
          input,
          compilerVersion: entry.compilerVersion,
          contractName: inputContractName(input, entry.contract, `${entry.field}.contract`),
        },
        ...hex,
        ...(entry.libraries === undefined ? {} : { libraries: inputLibraries(input, entry.libraries) }),
      };
    }
    case "single-file":
    case "flattened":
      return {
        ...named,
        source: {
          format: entry.kind,
          sourceCode: await readSource(files, entry.source, `${entry.field}.source`),
          compilerVersion: entry.compilerVersion,
          contractName: entry.contract,
          optimizer: entry.optimizer,
          ...(entry.evmVersion === undefined ? {} : { evmVersion: entry.evmVersion }),
        },
        ...hex,
        ...(entry.libraries === undefined ? {} : { libraries: entry.libraries }),
      };
    case "vyper":
      return {
        ...named,
        source: {
          format: "vyper",
          sourceCode: await readSource(files, entry.source, `${entry.field}.source`),
          compilerVersion: entry.compilerVersion,
          contractName: entry.contract,
        },
        ...hex,
      };
    case "registry": {
      const metadataField = `${entry.field}.metadata`;
      const sourcesField = `${entry.field}.sources`;
      const registry = await readRegistrySources(
        await files(entry.metadata, metadataField),
        await files(entry.sources, sourcesField),
        { metadataField, sourcesField, root: files.root },
      );
      return {
        address: entry.address,
        contract: entry.contract ?? registry.contract,
        source: { format: "registry", metadata: registry.metadata, sources: registry.sources },
        ...hex,
      };
    }
  }
}

async function readSource(files: FileResolver, path: string, sourceField: string): Promise<string> {
  return readTextFile({ field: sourceField, what: "source file", path: await files(path, sourceField) });
}
