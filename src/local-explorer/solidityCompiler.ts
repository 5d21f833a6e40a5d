import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as z from "../schemas/zod.js";

const require = createRequire(import.meta.url);

/** A loaded Solidity compiler (solc-js). */
export interface SolidityCompiler {
  /** e.g. `0.8.28+commit.7893614a.Emscripten.clang`. */
  version: string;
  /** Compiles a standard JSON input. */
  compile(input: object): CompilerOutput;
}

const bytecodeSchema = z.looseObject({
  object: z.string(),
  linkReferences: z.optional(
    z.record(z.string(), z.record(z.string(), z.array(z.object({ start: z.number(), length: z.number() })))),
  ),
  immutableReferences: z.optional(
    z.record(z.string(), z.array(z.object({ start: z.number(), length: z.number() }))),
  ),
});

const contractOutputSchema = z.looseObject({
  abi: z.optional(z.array(z.unknown())),
  metadata: z.optional(z.string()),
  evm: z.optional(
    z.looseObject({ bytecode: z.optional(bytecodeSchema), deployedBytecode: z.optional(bytecodeSchema) }),
  ),
});

export const compilerOutputSchema = z.looseObject({
  errors: z.optional(
    z.array(
      z.looseObject({ severity: z.string(), formattedMessage: z.optional(z.string()), message: z.string() }),
    ),
  ),
  contracts: z.optional(z.record(z.string(), z.record(z.string(), contractOutputSchema))),
});

export type CompilerOutput = z.infer<typeof compilerOutputSchema>;
export type CompiledContract = z.infer<typeof contractOutputSchema>;

interface SolcWrapper {
  version(): string;
  compile(input: string): string;
}

function isSolcWrapper(value: unknown): value is SolcWrapper {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.version === "function" && typeof candidate.compile === "function";
}

const loaded = new Map<string, SolidityCompiler>();

/**
 * Loads a solc-js compiler file (a `soljson.js`), once per path.
 *
 * @param soljsonPath - absolute path of the compiler file
 * @returns the compiler
 */
export function loadSolidityCompiler(soljsonPath: string): SolidityCompiler {
  const cached = loaded.get(soljsonPath);
  if (cached) return cached;
  // A compiler file from another solc package is wrapped by that package's own wrapper when it has one.
  const besideIt = join(dirname(soljsonPath), "wrapper.js");
  const wrap: unknown = require(existsSync(besideIt) ? besideIt : "solc/wrapper.js");
  if (typeof wrap !== "function") throw new Error("solc/wrapper.js did not export a function");
  const solc: unknown = wrap(require(soljsonPath));
  if (!isSolcWrapper(solc)) throw new Error(`${soljsonPath} is not a solc-js compiler`);
  const version = String(solc.version());
  const compiler: SolidityCompiler = {
    version,
    compile(input) {
      const output: unknown = JSON.parse(String(solc.compile(JSON.stringify(input))));
      return compilerOutputSchema.parse(output);
    },
  };
  loaded.set(soljsonPath, compiler);
  return compiler;
}

/** Finds a compiler for a long version, or says there is none. */
export type CompilerResolver = (longVersion: string) => SolidityCompiler | undefined;

/**
 * A resolver over the npm `solc` package installed beside this one, plus compiler files the caller names
 * (e.g. the one a Hardhat config points to). Nothing is downloaded.
 *
 * @param extraCompilers - soljson paths to consider besides the npm package
 * @returns the resolver
 */
export function localCompilerResolver(extraCompilers: string[] = []): CompilerResolver {
  const candidates = [...extraCompilers];
  try {
    candidates.push(require.resolve("solc/soljson.js"));
  } catch {
    // No npm solc beside this package: only the named files count.
  }
  return (longVersion) => {
    const wanted = normaliseVersion(longVersion);
    for (const path of candidates) {
      try {
        const compiler = loadSolidityCompiler(path);
        if (normaliseVersion(compiler.version) === wanted) return compiler;
      } catch {
        // A file that is not a compiler is skipped.
      }
    }
    return undefined;
  };
}

/**
 * `v0.8.28+commit.7893614a` and `0.8.28+commit.7893614a.Emscripten.clang` name the same compiler.
 * @param version - any form
 * @returns `0.8.28+commit.7893614a`
 */
export function normaliseVersion(version: string): string {
  const match = /(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+?)?\+commit\.[0-9a-f]{8})/.exec(version);
  return match?.[1] ?? version.replace(/^v/, "");
}
