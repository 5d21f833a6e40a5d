import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";
import { isExplorerVerifyError } from "../errors/explorerVerifyError.js";
import { compileCacheFolder, keepingCompiles } from "./compileCache.js";
import {
  type Compiler,
  loadNativeCompiler,
  loadSolcJsCompiler,
  normaliseVersion,
  parseCompilerOutput,
  solcWrapperFor,
} from "./compiler.js";
import type { SolcJsWorkerPool } from "./solcJsWorkerPool.js";

const require = createRequire(import.meta.url);

/** Where local compilers are looked for. Nothing is ever downloaded. */
export interface CompilerSearch {
  /**
   * Compiler files or binaries to consider first, e.g. the ones a Hardhat build used: a path ending in `.js`
   * or `.cjs` is a solc-js file, anything else is run as a native binary with `--standard-json`.
   */
  compilers?: readonly string[];
  /** Consider a native `solc` on `PATH`. Default true. */
  searchPath?: boolean;
  /** Consider the npm `solc` package installed beside this one. Default true. */
  npmPackage?: boolean;
  /** Runs solc-js compiles in these worker threads instead of the calling thread. */
  solcJsPool?: SolcJsWorkerPool;
  /**
   * A folder where outputs are kept by the hash of the compiler's version and the input, and read back for the same
   * input (see keepingCompiles); `false` keeps none. Default: the folder named by `EXPLORER_VERIFY_COMPILE_CACHE`
   * (checked to be the user's own), else none. A compiler's version is always asked of the compiler itself.
   */
  compileCache?: string | false;
}

/** No compiler of the wanted version could be found or run; `explanation` says what was tried and what to install. */
export interface CompilerUnavailable {
  unavailable: true;
  explanation: string;
}

/** Finds a compiler for a long version, or explains why there is none. */
export type CompilerResolver = (longVersion: string) => Promise<Compiler | CompilerUnavailable>;

/**
 * Tells a found compiler from an explanation of its absence.
 * @param value - what a resolver returned
 * @returns true when it is a compiler
 */
export function isCompiler(value: Compiler | CompilerUnavailable): value is Compiler {
  return !("unavailable" in value);
}

/**
 * A resolver over the compilers the caller names, a native `solc` on `PATH` and the npm `solc` package
 * installed beside this one, in that order. A compiler that fails to load is named in the explanation, never
 * skipped silently.
 *
 * @param search - where to look
 * @returns the resolver
 * @throws {InvalidInputError} when `EXPLORER_VERIFY_COMPILE_CACHE` names a folder that is not the user's own
 * @example
 * const resolve = localCompilerResolver({ compilers: ["/usr/local/bin/solc-0.8.28"] });
 * const found = await resolve("v0.8.28+commit.7893614a");
 * if (isCompiler(found)) console.log(found.path); else console.log(found.explanation);
 */
export function localCompilerResolver(search: CompilerSearch = {}): CompilerResolver {
  const candidates = [...(search.compilers ?? [])];
  if (search.searchPath !== false) {
    const onPath = nativeSolcOnPath();
    if (onPath) candidates.push(onPath);
  }
  if (search.npmPackage !== false) {
    try {
      candidates.push(require.resolve("solc/soljson.js"));
    } catch {
      // No npm solc beside this package: the other candidates count.
    }
  }
  const unique = [...new Set(candidates)];
  const cacheFolder =
    search.compileCache === false ? undefined : (search.compileCache ?? compileCacheFolder());
  return async (longVersion) => {
    const wanted = normaliseVersion(longVersion);
    const seen: string[] = [];
    for (const path of unique) {
      try {
        const pool = search.solcJsPool;
        // A path ending in .js or .cjs is a solc-js file; anything else is a native binary.
        const compiler = !/\.c?js$/.test(path)
          ? await loadNativeCompiler(path)
          : pool
            ? await pooledSolcJsCompiler(path, pool)
            : loadSolcJsCompiler(path);
        if (compiler.longVersion === wanted)
          return cacheFolder ? keepingCompiles(compiler, cacheFolder) : compiler;
        seen.push(`Solc ${compiler.longVersion} at ${path}.`);
      } catch (error) {
        seen.push(isExplorerVerifyError(error) ? error.shortMessage : `${path}: ${String(error)}.`);
      }
    }
    return { unavailable: true, explanation: unavailableExplanation(wanted, seen) };
  };
}

// A solc-js compiler that lives in the pool's workers only: its version is asked there too, so this thread never
// loads the compiler file.
async function pooledSolcJsCompiler(path: string, pool: SolcJsWorkerPool): Promise<Compiler> {
  const wrapper = solcWrapperFor(path);
  const longVersion = normaliseVersion(await pool.version(path, wrapper));
  return {
    longVersion,
    kind: "solc-js",
    path,
    compile: async (input) =>
      parseCompilerOutput(await pool.compile(path, wrapper, JSON.stringify(input)), path),
  };
}

function unavailableExplanation(wanted: string, seen: string[]): string {
  const release = wanted.replace(/\+.*$/, "");
  const found = seen.length > 0 ? ` Tried: ${seen.join(" ")}` : " No compiler was found.";
  return `No local compiler for v${wanted}.${found} Install it: \`npm install --save-dev solc@${release}\`, or put a native solc ${release} on PATH (or name its path).`;
}

function nativeSolcOnPath(): string | undefined {
  const name = process.platform === "win32" ? "solc.exe" : "solc";
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
