import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type CompilerOutput, normaliseVersion, parseCompilerOutput } from "../../src/recompile/compiler.js";
import type { StandardJsonInput } from "../../src/verify/job.js";
import { type SolcJsRelease, solcJsOf } from "./solcJsReleases.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "local-explorer");

/** A real solc build of the local-explorer fixture contracts. */
export interface FixtureBuild {
  input: StandardJsonInput;
  output: CompilerOutput;
  /** e.g. `v0.8.28+commit.7893614a`. */
  compilerVersion: string;
}

/**
 * The fixture contracts as a standard JSON input (`contracts/…` source names), with given settings.
 * @param settings - optimizer, EVM version...
 * @param edit - changes a source's text before compiling (e.g. a comment)
 * @returns the input
 */
export function fixtureInput(
  settings: Record<string, unknown>,
  edit?: (name: string, content: string) => string,
): StandardJsonInput {
  const sources: StandardJsonInput["sources"] = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(".sol")) {
        const name = relative(fixtures, path).split("\\").join("/");
        const content = readFileSync(path, "utf8");
        sources[name] = { content: edit ? edit(name, content) : content };
      }
    }
  };
  walk(join(fixtures, "contracts"));
  return {
    language: "Solidity",
    sources,
    settings: {
      ...settings,
      outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  };
}

/**
 * Compiles an input with a solc-js release, once per test run: the build is kept in the run's scratch folder under
 * the hash of the release and the input, for every test file that compiles the same input with the same release.
 * @param input - the standard JSON input
 * @param release - the compiler; default the npm `solc` (0.8.28)
 * @returns the build
 */
export function compileFixture(input: StandardJsonInput, release: SolcJsRelease = "0.8.28"): FixtureBuild {
  const run = process.env.EXPLORER_VERIFY_TEST_RUN;
  const key = createHash("sha256")
    .update(`${release}\n${JSON.stringify(input)}`)
    .digest("hex");
  const kept = run ? join(run, "solc-builds", `${key}.json`) : undefined;
  if (kept) {
    try {
      const { output, compilerVersion } = JSON.parse(readFileSync(kept, "utf8")) as Omit<
        FixtureBuild,
        "input"
      >;
      return { input, output, compilerVersion };
    } catch {}
  }
  const solc = solcJsOf(release);
  const output = parseCompilerOutput(solc.compile(JSON.stringify(input)), "solc");
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage ?? e.message).join("\n"));
  const compilerVersion = `v${normaliseVersion(solc.version())}`;
  if (kept) {
    mkdirSync(dirname(kept), { recursive: true });
    writeFileSync(`${kept}.${process.pid}`, JSON.stringify({ output, compilerVersion }));
    renameSync(`${kept}.${process.pid}`, kept);
  }
  return { input, output, compilerVersion };
}
