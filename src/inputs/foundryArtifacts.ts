import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import { keccak256 } from "viem";
import { InvalidInputError } from "../errors/index.js";
import { type CompilerMetadata, compilerMetadataSchema } from "../kernel/compilerMetadata.js";
import { parsedJson } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import type { StandardJsonInput } from "../verify/job.js";
import { type BuildOutput, bytecodeWithReferencesSchema } from "./compilerJson.js";
import { confineInnerFile, type InnerFileScope } from "./innerFile.js";
import { boundedJson, readJsonFile, readUtf8File } from "./jsonFile.js";
import { inputOfMetadata } from "./metadataSettings.js";

/** One contract's compilation, rebuilt from its Foundry artifact: what a build info would have held of it. */
export interface ArtifactBuild {
  /** The artifact's path inside `out`, e.g. `Vault.sol/Vault.json`. */
  id: string;
  /** The artifact file. */
  path: string;
  /** `v0.8.28+commit.7893614a`, from the metadata. */
  compilerVersion: string;
  /** The standard JSON input that builds this contract: the metadata's settings and sources, read from disk. */
  input: StandardJsonInput;
  /** The contract, as a compiler output holds it. */
  output: BuildOutput;
}

/** Where the sources are, and which contracts are wanted. */
export interface ReadFoundryArtifactsOptions {
  /** The project root (the CLI's folder, the Action's workspace): sources are read inside it or beside `out`. */
  root?: string;
  /** Bare contract names to keep; unset keeps all. */
  contractNames?: readonly string[];
}

const artifactSchema = z.looseObject({
  abi: z.optional(z.array(z.unknown())),
  bytecode: z.optional(bytecodeWithReferencesSchema),
  deployedBytecode: z.optional(bytecodeWithReferencesSchema),
  rawMetadata: z.optional(z.string()),
  metadata: z.optional(z.unknown()),
});

/**
 * Rebuilds, from Foundry's artifacts, what `forge build --build-info` would have kept: each `out/<File>.sol/<Name>.json`
 * holds the contract's ABI, bytecode with link and immutable references, and compiler metadata; the metadata gives the
 * compiler version, settings and source list, and the sources are read from disk beside `out` (each checked against
 * the keccak256 the metadata records). Nothing is compiled.
 *
 * @param outDir - Foundry's `out`
 * @param field - the input field to report errors on
 * @param options - the project root, the contracts wanted
 * @returns one build per contract, or undefined when `outDir` holds no Foundry artifact
 * @throws {InvalidInputError} when an artifact has no metadata, or a source is missing or differs from the build's
 * @example
 * const builds = await readFoundryArtifacts("out", "--artifacts", { contractNames: ["Vault"] });
 */
export async function readFoundryArtifacts(
  outDir: string,
  field: string,
  options: ReadFoundryArtifactsOptions = {},
): Promise<ArtifactBuild[] | undefined> {
  const files = await artifactFiles(outDir);
  const [first] = files;
  // Hardhat's artifacts look alike but keep no metadata: that folder keeps its own message.
  if (first === undefined || (await readArtifact(outDir, first, field)).metadataText === undefined)
    return undefined;
  const wanted = options.contractNames === undefined ? undefined : new Set(options.contractNames);
  const sources = new SourceReader(outDir, field, options.root);
  const builds: ArtifactBuild[] = [];
  for (const path of files) {
    if (wanted !== undefined && !wanted.has(basename(path).split(".")[0] ?? "")) continue;
    const build = await artifactBuild(outDir, path, field, sources);
    if (build !== undefined) builds.push(build);
  }
  return builds;
}

// Every `<File>.sol/<Name>.json` (or `<Name>.<version>.json`) below `out`, build-info/ aside. With file types the
// walk goes down real folders only: without them, Node follows links to folders (`out/a -> .` never ends).
async function artifactFiles(outDir: string): Promise<string[]> {
  const entries = (await readdir(outDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)));
  return entries
    .filter((entry) => entry.endsWith(".json") && /\.sol$/.test(basename(dirname(entry))))
    .filter((entry) => !entry.split(sep).includes("build-info"))
    .sort()
    .map((entry) => join(outDir, entry));
}

async function readArtifact(
  outDir: string,
  path: string,
  field: string,
): Promise<z.infer<typeof artifactSchema> & { metadataText: string | undefined; metadataValue: unknown }> {
  await confineInnerFile({ folder: outDir, field }, path, "Foundry artifact");
  const origin = { field, what: "Foundry artifact", path };
  const artifact = await readJsonFile(artifactSchema, origin);
  const metadataValue =
    artifact.rawMetadata === undefined ? artifact.metadata : parsedJson(artifact.rawMetadata);
  // Its ABI and metadata are walked whole (hashed, sent); the AST beside them may nest deeper, and is not.
  boundedJson([artifact.abi, artifact.metadata, metadataValue], origin);
  const metadataText =
    artifact.rawMetadata ?? (artifact.metadata === undefined ? undefined : JSON.stringify(artifact.metadata));
  return { ...artifact, metadataText, metadataValue };
}

async function artifactBuild(
  outDir: string,
  path: string,
  field: string,
  sources: SourceReader,
): Promise<ArtifactBuild | undefined> {
  const id = relative(outDir, path);
  const artifact = await readArtifact(outDir, path, field);
  const { metadataText } = artifact;
  // No solc metadata (a Vyper contract, an artifact written by another tool): nothing to rebuild.
  const parsed = compilerMetadataSchema.safeParse(artifact.metadataValue);
  if (metadataText === undefined || !parsed.success) return undefined;
  const metadata = parsed.data;
  const [[sourceName, contractName] = []] = Object.entries(metadata.settings.compilationTarget);
  if (sourceName === undefined || contractName === undefined) return undefined;
  const input = inputOfMetadata(metadata, await sources.read(id, sourceName, metadata.sources));
  const contract = {
    abi: artifact.abi ?? [],
    metadata: metadataText,
    evm: {
      ...(artifact.bytecode ? { bytecode: artifact.bytecode } : {}),
      ...(artifact.deployedBytecode ? { deployedBytecode: artifact.deployedBytecode } : {}),
    },
  };
  return {
    id,
    path,
    compilerVersion: `v${metadata.compiler.version.replace(/^v/, "")}`,
    input,
    output: { contracts: { [sourceName]: { [contractName]: contract } } },
  };
}

/** Reads each source once for all artifacts, from the project root, checking it against the metadata's hash. */
class SourceReader {
  readonly #roots: string[];
  readonly #read = new Map<string, Promise<{ content: string; hash: string }>>();

  constructor(
    private readonly outDir: string,
    private readonly field: string,
    private readonly root: string | undefined,
  ) {
    // forge names sources relative to its root, the folder of foundry.toml: beside `out`, or the folder named.
    this.#roots = [...new Set([dirname(outDir), ...(root === undefined ? [] : [root])])];
  }

  async read(
    artifact: string,
    target: string,
    listed: CompilerMetadata["sources"],
  ): Promise<StandardJsonInput["sources"]> {
    const root = this.#roots.find((candidate) => existsSync(join(candidate, target)));
    if (root === undefined) {
      throw new InvalidInputError(
        this.field,
        `The source ${target} of ${join(this.outDir, artifact)} is not in ${this.#roots.join(" or ")}: run from the project's folder (where foundry.toml is).`,
      );
    }
    const sources: StandardJsonInput["sources"] = {};
    for (const [name, source] of Object.entries(listed)) {
      if (source.content !== undefined) {
        sources[name] = { content: source.content };
        continue;
      }
      const { content, hash } = await this.#file(root, name);
      if (source.keccak256 !== undefined && source.keccak256.toLowerCase() !== hash) {
        throw new InvalidInputError(
          this.field,
          `${join(root, name)} has changed since forge built ${join(this.outDir, artifact)} (its keccak256 is ${hash}, the build's metadata records ${source.keccak256}): run forge build, or restore the file as it was when the contract was deployed.`,
        );
      }
      sources[name] = { content };
    }
    return sources;
  }

  #file(root: string, name: string): Promise<{ content: string; hash: string }> {
    const path = join(root, name);
    let reading = this.#read.get(path);
    if (reading === undefined) {
      const scope: InnerFileScope = { folder: root, field: this.field, root: this.root };
      reading = confineInnerFile(scope, path, "source")
        .then(() => readUtf8File({ field: this.field, what: "source", path }))
        .then((bytes) => ({ content: bytes.toString("utf8"), hash: keccak256(bytes) }));
      this.#read.set(path, reading);
    }
    return reading;
  }
}
