import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type CompilerOutput, normaliseVersion, parseCompilerOutput } from "../../src/recompile/compiler.js";
import type { StandardJsonInput } from "../../src/verify/job.js";

const require = createRequire(import.meta.url);
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
 * Compiles an input with the npm solc package.
 * @param input - the standard JSON input
 * @returns the build
 */
export function compileFixture(input: StandardJsonInput): FixtureBuild {
  const solc = require("solc") as { version(): string; compile(input: string): string };
  const output = parseCompilerOutput(solc.compile(JSON.stringify(input)), "solc");
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage ?? e.message).join("\n"));
  return { input, output, compilerVersion: `v${normaliseVersion(solc.version())}` };
}
