import { keccak256, toBytes } from "viem";
import { splitContractName } from "../inputs/sourceNames.js";
import { compilerMetadataSchema } from "../kernel/compilerMetadata.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { librariesByFile } from "../kernel/libraries.js";
import * as z from "../kernel/zod.js";

/** Sources and settings as an explorer receives them, whatever action brought them. */
export interface SubmittedSources {
  format: "flattened" | "standard-json" | "single-file" | "vyper" | "sourcify";
  /** `file:Name`, or a bare name. */
  contractName: string;
  compilerVersion: string;
  /** Flattened, single-file or Vyper source. */
  sourceCode?: string | undefined;
  /** The standard JSON input text. */
  standardJsonInput?: string | undefined;
  optimization?: boolean | undefined;
  optimizationRuns?: number | undefined;
  evmVersion?: string | undefined;
  /** Registry uploads: metadata.json and the sources. */
  files?: Array<{ name: string; content: string }> | undefined;
}

/** A standard JSON input built from a submission, and which contracts of it may be the deployed one. */
export interface CompilerJob {
  input: {
    language: string;
    sources: Record<string, { content: string }>;
    settings: Record<string, unknown>;
  };
  /** `[file, name]` pairs; a name alone matches that name in any file. */
  targets: Array<{ file: string | undefined; name: string | undefined }>;
}

const outputSelection = { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } };

const standardJsonSchema = z.looseObject({
  language: z.string(),
  sources: z.record(z.string(), z.looseObject({ content: z.string() })),
  settings: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * Turns submitted sources into compiler input, or says why they cannot be compiled.
 *
 * @param submission - what the explorer received
 * @returns the compiler job and the compiler version to use, or a reason
 */
export function compilerJobOf(
  submission: SubmittedSources,
): { job: CompilerJob; compilerVersion: string } | { problem: string } {
  switch (submission.format) {
    case "standard-json": {
      const parsed = parsedJson(submission.standardJsonInput);
      if (parsed === undefined) return { problem: "The standard JSON input is not JSON." };
      const input = standardJsonSchema.safeParse(parsed);
      if (!input.success)
        return { problem: "The standard JSON input lacks language or sources with content." };
      const { language, sources, settings } = input.data;
      const contents = Object.entries(sources).map(([name, { content }]) => [name, { content }]);
      const { sourceName, contractName } = splitContractName(submission.contractName);
      return compilerJob(
        submission.compilerVersion,
        { language, sources: Object.fromEntries(contents), settings },
        { file: sourceName, name: submission.contractName === "" ? undefined : contractName },
      );
    }
    case "single-file":
    case "flattened": {
      const file = `${submission.contractName || "Contract"}.sol`;
      const settings: Record<string, unknown> = {
        optimizer: { enabled: submission.optimization ?? false, runs: submission.optimizationRuns ?? 200 },
        outputSelection,
      };
      if (submission.evmVersion && submission.evmVersion !== "default")
        settings.evmVersion = submission.evmVersion;
      const sources = { [file]: { content: submission.sourceCode ?? "" } };
      return compilerJob(
        submission.compilerVersion,
        { language: "Solidity", sources, settings },
        { file: undefined, name: submission.contractName || undefined },
      );
    }
    case "sourcify":
      return registryJob(submission.files ?? []);
    case "vyper":
      return { problem: "no Vyper compiler is available to this local explorer" };
  }
}

function registryJob(files: Array<{ name: string; content: string }>): ReturnType<typeof compilerJobOf> {
  const metadataFile = files.find((f) => f.name.endsWith(".json"));
  const metadata = compilerMetadataSchema.safeParse(parsedJson(metadataFile?.content));
  if (!metadata.success) return { problem: "Sourcify did not return metadata" };
  const found = sourcesByHash(files);
  const sources: Record<string, { content: string }> = {};
  const unmatched: string[] = [];
  for (const [name, source] of Object.entries(metadata.data.sources)) {
    const content = sourceContent(source, found);
    if (content === undefined) unmatched.push(name);
    else sources[name] = { content };
  }
  if (unmatched.length > 0) {
    return {
      problem: `Unsuccessful Sourcify verification: no file has the keccak256 that metadata.json records for ${unmatched.join(", ")} (missing, or changed since the build).`,
    };
  }
  const { compilationTarget, libraries, ...settings } = metadata.data.settings;
  const [file, name] = Object.entries(compilationTarget)[0] ?? [];
  const linked = libraries === undefined ? {} : { libraries: librariesByFile(libraries) };
  const input = { language: metadata.data.language, sources, settings: { ...settings, ...linked } };
  return compilerJob(`v${metadata.data.compiler.version}`, input, { file, name });
}

// A job asking the compiler for what matching reads.
function compilerJob(
  compilerVersion: string,
  input: Omit<CompilerJob["input"], "settings"> & { settings?: Record<string, unknown> },
  target: CompilerJob["targets"][number],
): { job: CompilerJob; compilerVersion: string } {
  const settings = { ...input.settings, outputSelection };
  return { compilerVersion, job: { input: { ...input, settings }, targets: [target] } };
}

// A source is the file whose keccak256 metadata.json records, never one that merely has its name: an edited file
// would compile to other code, and Sourcify rejects it.
function sourceContent(
  source: { keccak256?: string | undefined; content?: string | undefined },
  found: (hash: string) => string | undefined,
): string | undefined {
  if (source.keccak256 === undefined) return undefined;
  if (source.content === undefined) return found(source.keccak256);
  return hashOf(source.content) === source.keccak256.toLowerCase() ? source.content : undefined;
}

const hashOf = (content: string): string => keccak256(toBytes(content));

// Sourcify also accepts a file whose line endings or trailing whitespace differ from the build's.
const lineEndings = [
  (content: string) => content.replace(/\r?\n/g, "\r\n"),
  (content: string) => content.replace(/\r\n/g, "\n"),
];
const fileEndings = [
  (content: string) => content.trimEnd(),
  (content: string) => `${content.trimEnd()}\n`,
  (content: string) => `${content.trimEnd()}\r\n`,
  (content: string) => `${content}\n`,
  (content: string) => `${content}\r\n`,
];

// Finds an uploaded file by the keccak256 of its content, as uploaded or else in one of those variations.
function sourcesByHash(files: Array<{ content: string }>): (hash: string) => string | undefined {
  const exact = new Map(files.map((f) => [hashOf(f.content), f.content]));
  let varied: Map<string, string> | undefined;
  return (hash) => {
    const wanted = hash.toLowerCase();
    const file = exact.get(wanted);
    if (file !== undefined) return file;
    varied ??= new Map(
      files.flatMap((f) =>
        lineEndings.flatMap((lines) =>
          fileEndings.map((ending): [string, string] => {
            const content = ending(lines(f.content));
            return [hashOf(content), content];
          }),
        ),
      ),
    );
    return varied.get(wanted);
  };
}
