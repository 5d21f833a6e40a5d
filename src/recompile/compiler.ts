import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CompilerError } from "../errors/recompileErrors.js";
import { bytecodeWithReferencesSchema } from "../inputs/compilerJson.js";
import * as z from "../kernel/zod.js";

const require = createRequire(import.meta.url);

/** A Solidity compiler that takes standard JSON input: a solc-js file or a native binary. */
export interface Compiler {
  /** e.g. `0.8.28+commit.7893614a`. */
  longVersion: string;
  /** `solc-js` (a `soljson.js` loaded in this process) or `native` (run as `<path> --standard-json`). */
  kind: "solc-js" | "native";
  /** The compiler file or binary. */
  path: string;
  /**
   * Compiles a standard JSON input.
   * @throws {CompilerError} when the compiler cannot run or answers something that is not compiler output
   */
  compile(input: object): Promise<CompilerOutput>;
  /** Compiles without reading a kept output back, where `compile` may (see `keepingCompiles`). */
  compileAfresh?(input: object): Promise<CompilerOutput>;
}

const contractOutputSchema = z.looseObject({
  abi: z.optional(z.array(z.unknown())),
  metadata: z.optional(z.string()),
  evm: z.optional(
    z.looseObject({
      bytecode: z.optional(bytecodeWithReferencesSchema),
      deployedBytecode: z.optional(bytecodeWithReferencesSchema),
    }),
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
/** One contract of a compiler's output. */
export type CompilerOutputContract = z.infer<typeof contractOutputSchema>;

/**
 * `v0.8.28+commit.7893614a` and `0.8.28+commit.7893614a.Emscripten.clang` name the same compiler.
 * @returns `0.8.28+commit.7893614a`
 */
export function normaliseVersion(version: string): string {
  const match = /(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+?)?\+commit\.[0-9a-f]{8})/.exec(version);
  return match?.[1] ?? version.trim().replace(/^v/, "");
}

/**
 * Parses compiler output text, or says which compiler gave something else.
 * @param text - what the compiler printed
 * @param path - the compiler, for the message
 * @returns the output
 * @throws {CompilerError} when the text is not compiler output
 */
export function parseCompilerOutput(text: string, path: string): CompilerOutput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new CompilerError(path, `The compiler ${path} did not answer with JSON.`, {
      details: text.slice(0, 200),
      cause,
    });
  }
  const output = compilerOutputSchema.safeParse(parsed);
  if (!output.success) {
    throw new CompilerError(
      path,
      `The compiler ${path} answered something that is not standard JSON output.`,
    );
  }
  return output.data;
}

interface SolcWrapper {
  version(): string;
  compile(input: string): string;
  /** solc-js 0.4 wrappers: their compile() takes legacy input, this takes standard JSON. */
  compileStandardWrapper?: (input: string) => string;
}

function isSolcWrapper(value: unknown): value is SolcWrapper {
  const solc = typeof value === "object" ? (value as Partial<SolcWrapper> | null) : undefined;
  return typeof solc?.version === "function" && typeof solc.compile === "function";
}

/**
 * The solc wrapper a compiler file is loaded with: its own package's when it has one, else the npm `solc`'s.
 * @param soljsonPath - the compiler file
 * @returns the wrapper's path
 */
export function solcWrapperFor(soljsonPath: string): string {
  const besideIt = join(dirname(soljsonPath), "wrapper.js");
  return existsSync(besideIt) ? besideIt : require.resolve("solc/wrapper.js");
}

/**
 * What a compile that crashed its solc-js compiler fails with.
 * @param reason - what the compiler threw, e.g. `memory access out of bounds`
 */
export function solcJsCrashText(soljsonPath: string, reason: string | undefined): string {
  return `The solc-js compiler ${soljsonPath} crashed on this input: ${(reason ?? "no reason given").replace(/\.$/, "")}. A native solc (on PATH, or named as a compiler) may compile it.`;
}

const loadedSolcJs = new Map<string, { longVersion: string; solc: SolcWrapper }>();
/** solc-js files loaded in this thread whose instance crashed, with what it threw. */
const crashes = new Map<string, string>();

/**
 * Loads a solc-js compiler file (a `soljson.js`) into this process, once per path.
 *
 * @param soljsonPath - absolute path of the compiler file
 * @throws {CompilerError} when the file cannot be loaded as a solc-js compiler
 */
export function loadSolcJsCompiler(soljsonPath: string): Compiler {
  let loaded = loadedSolcJs.get(soljsonPath);
  if (!loaded) {
    try {
      const wrap: unknown = require(solcWrapperFor(soljsonPath));
      if (typeof wrap !== "function") throw new Error("its solc wrapper.js did not export a function");
      const solc: unknown = wrap(require(soljsonPath));
      if (!isSolcWrapper(solc)) throw new Error("it has no version() and compile()");
      loaded = { longVersion: normaliseVersion(String(solc.version())), solc };
    } catch (cause) {
      throw new CompilerError(
        soljsonPath,
        `The compiler file ${soljsonPath} could not be loaded as solc-js: ${messageOf(cause)}.`,
        { cause },
      );
    }
    loadedSolcJs.set(soljsonPath, loaded);
  }
  const { longVersion, solc } = loaded;
  return {
    longVersion,
    kind: "solc-js",
    path: soljsonPath,
    async compile(input) {
      const crashed = crashes.get(soljsonPath);
      if (crashed !== undefined) {
        throw new CompilerError(
          soljsonPath,
          `The solc-js compiler ${soljsonPath} crashed on an earlier input (${crashed}) and cannot compile again in this process: restart it, or compile in worker threads, which replace a crashed compiler.`,
        );
      }
      let text: string;
      try {
        const json = JSON.stringify(input);
        text = String(
          typeof solc.compileStandardWrapper === "function"
            ? solc.compileStandardWrapper(json)
            : solc.compile(json),
        );
      } catch (cause) {
        // solc answers compile errors in its output; a throw is its runtime failing (a WebAssembly trap), after
        // which this instance is broken and a fresh one cannot be loaded in the same thread (worker threads can).
        crashes.set(soljsonPath, messageOf(cause));
        throw new CompilerError(soljsonPath, solcJsCrashText(soljsonPath, messageOf(cause)), { cause });
      }
      return parseCompilerOutput(text, soljsonPath);
    },
  };
}

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

// A compiler may be named by a file of the repository (foundry.toml's `solc`): a stranger's program, given no
// variable whose name says it may hold a secret (a key, a token, a password, the Action's inputs).
const secretVariable =
  /key|token|secret|pass|auth|credential|private|cookie|session|^input_|^actions_|^github_/i;

function compilerEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !secretVariable.test(name)));
}

// A compiler that cannot be started fails as the compiler.
function runProcess(path: string, args: string[], stdin: string | undefined): Promise<ProcessResult> {
  return new Promise<ProcessResult>((resolve, reject) => {
    const child = spawn(path, args, { stdio: ["pipe", "pipe", "pipe"], env: compilerEnvironment() });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
    // A compiler that exits before reading its input closes the pipe: its exit code tells the story.
    child.stdin.on("error", () => {});
    child.stdin.end(stdin ?? "");
  }).catch((cause: unknown) => {
    throw new CompilerError(path, `The compiler ${path} could not be run: ${messageOf(cause)}.`, { cause });
  });
}

const loadedNative = new Map<string, Promise<Compiler>>();

/**
 * A native solc binary (or anything that behaves like one): `<path> --version` tells its version, and
 * `<path> --standard-json` reads standard JSON on stdin and prints the output on stdout.
 *
 * @param binaryPath - the executable
 * @returns the compiler
 * @throws {CompilerError} when it cannot be run or does not print a solc version
 */
export function loadNativeCompiler(binaryPath: string): Promise<Compiler> {
  let loading = loadedNative.get(binaryPath);
  if (!loading) {
    loading = nativeCompiler(binaryPath);
    loadedNative.set(binaryPath, loading);
    // A failure is not cached: the binary may be installed or fixed while a long-lived explorer runs.
    loading.catch(() => loadedNative.delete(binaryPath));
  }
  return loading;
}

async function nativeCompiler(binaryPath: string): Promise<Compiler> {
  const versionRun = await runProcess(binaryPath, ["--version"], undefined);
  const version = /\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+?)?\+commit\.[0-9a-f]{8}/.exec(versionRun.stdout)?.[0];
  if (versionRun.code !== 0 || !version) {
    throw new CompilerError(
      binaryPath,
      `The compiler ${binaryPath} did not print a solc version for --version.`,
      { details: (versionRun.stderr || versionRun.stdout).slice(0, 200) },
    );
  }
  return {
    longVersion: version,
    kind: "native",
    path: binaryPath,
    async compile(input) {
      const run = await runProcess(binaryPath, ["--standard-json"], JSON.stringify(input));
      if (run.stdout.trim() === "") {
        throw new CompilerError(
          binaryPath,
          `The compiler ${binaryPath} printed nothing (exit code ${run.code}).`,
          { details: run.stderr.slice(0, 200) },
        );
      }
      return parseCompilerOutput(run.stdout, binaryPath);
    },
  };
}

// Errors may come from another realm (a VM context, a worker), where `instanceof Error` fails.
function messageOf(cause: unknown): string {
  const message =
    typeof cause === "object" && cause !== null && "message" in cause ? cause.message : undefined;
  return (typeof message === "string" ? message : String(cause)).replace(/\.$/, "");
}
