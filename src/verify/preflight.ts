import { decodeAbiParameters } from "viem";
import { constructorParameters } from "../kernel/abiParameters.js";
import { isPlainObject, parsedJson } from "../kernel/jsonValues.js";
import type { SubmittedSources } from "../recompile/compilerInput.js";
import { localCompilerResolver } from "../recompile/compilerResolver.js";
import {
  type RecompileVerdict,
  recompileAndMatch,
  type VerdictCode,
} from "../recompile/recompileAndMatch.js";
import { longCompilerVersion } from "./compilerVersion.js";
import type { VerificationJob } from "./job.js";

/** Reads the code deployed at an address on a job's chain. */
export type DeployedCodeReader = (address: string) => Promise<string>;

/**
 * Where preflight looks: the target chain, read through what the hall opened, and compilers besides a native `solc`
 * on PATH and the npm `solc` package.
 */
export interface PreflightOptions {
  /** The chain's deployed code. */
  readCode: DeployedCodeReader;
  /** Compiler files or binaries: `.js` files are solc-js, anything else a native solc. */
  compilers?: string[];
}

/** What preflight found, with a paragraph a person can act on. */
export interface PreflightResult {
  outcome: "perfect" | "partial" | "mismatch" | "skipped";
  /** The recompile's verdict code, when it ran. */
  code?: VerdictCode;
  diagnosis: string;
}

/**
 * Runs a job's submission locally against the target chain's deployed code, read through `options.readCode`, before anything is sent: compiles
 * it with a local compiler, compares, and explains a mismatch. A mismatch of executable code is retried with
 * the likely setting changes (optimizer on/off, runs, viaIR, EVM version, metadata) to name the one that matches.
 *
 * @param creationInput - the creation transaction's input, when known (from the explorer's creation data)
 * @throws {ChainError} when the chain cannot be read
 */
export async function preflightAgainst(
  job: VerificationJob,
  constructorArguments: string | undefined,
  creationInput: string | undefined,
  options: PreflightOptions,
): Promise<PreflightResult> {
  const sources = sourcesOf(job);
  if (!sources)
    return {
      outcome: "skipped",
      diagnosis: "Preflight skipped: there is no local compiler for this format.",
    };
  const resolveCompiler = localCompilerResolver({ compilers: options.compilers ?? [] });
  const runtimeCode = await options.readCode(job.address);
  if (runtimeCode === "0x") {
    return {
      outcome: "mismatch",
      diagnosis: `Preflight: there is no contract at ${job.address} on the chain at the RPC URL.`,
    };
  }
  const verdict = await recompileAndMatch(
    {
      sources,
      deployed: { runtimeCode, creationInput },
      // A registry upload carries no constructor arguments: the explorer reads them from the creation input.
      constructorArguments: sources.format === "sourcify" ? undefined : constructorArguments,
      diagnoseSettings: true,
    },
    resolveCompiler,
  );
  const unchecked =
    Boolean(constructorArguments) && creationInput === undefined && sources.format !== "sourcify";
  const { code } = verdict;
  // A match is what it is; a missing compiler decides nothing; every other verdict names why the code differs.
  const outcome =
    code === "perfect" || code === "partial" ? code : code === "no_compiler" ? "skipped" : "mismatch";
  return { outcome, diagnosis: diagnosisOf(verdict, constructorArguments ?? "", unchecked), code };
}

function diagnosisOf(
  verdict: RecompileVerdict,
  submittedArguments: string,
  argumentsUnchecked: boolean,
): string {
  switch (verdict.code) {
    case "perfect":
      return argumentsUnchecked
        ? "Preflight: perfect match of the deployed code; the constructor arguments were not checked (no creation input)."
        : "Preflight: perfect match.";
    case "partial":
      return `Preflight: only a partial match. ${verdict.diagnosis} The explorer will mark it partially verified.`;
    case "no_compiler":
      return `Preflight skipped: ${verdict.diagnosis}`;
    case "constructor_arguments": {
      const submitted = describeArguments(verdict.abi, submittedArguments);
      const onChain = describeArguments(verdict.abi, verdict.recoveredArguments);
      return `Preflight: the constructor arguments differ. Submitted: ${submitted}. The creation transaction holds: ${onChain}. Give the arguments the contract was deployed with.`;
    }
    case "settings":
      return `Preflight: ${verdict.diagnosis} The contract was deployed with other compiler settings than these (check the build profile: Hardhat's production profile enables the optimizer; forge builds with FOUNDRY_PROFILE).`;
    case "bytecode":
      return "Preflight: the executable code differs from the deployed code, and no common setting change (optimizer, runs, viaIR, EVM version, metadata) makes it match. The sources differ from those deployed, or the compiler version does.";
    case "compile_failed":
      return `Preflight: the sources do not compile here. ${verdict.diagnosis}`;
    case "wrong_name":
      return `Preflight: ${verdict.diagnosis}`;
  }
}

function describeArguments(abi: unknown[], hex: string): string {
  const inputs = constructorParameters(abi);
  if (hex === "") return "(none)";
  try {
    const values = decodeAbiParameters(inputs, `0x${hex}`);
    return `(${inputs.map((input, i) => `${input.name || `arg${i}`}: ${JSON.stringify(values[i], (_key, value) => (typeof value === "bigint" ? value.toString() : value))}`).join(", ")})`;
  } catch {
    return `0x${hex}`;
  }
}

function sourcesOf(job: VerificationJob): SubmittedSources | undefined {
  const { source } = job;
  switch (source.format) {
    case "standard-json":
      return {
        format: "standard-json",
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        standardJsonInput: JSON.stringify(source.input),
      };
    case "single-file":
    case "flattened":
      return {
        format: source.format,
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        sourceCode: source.sourceCode,
        optimization: source.optimizer.enabled,
        optimizationRuns: source.optimizer.runs ?? 200,
        ...(source.evmVersion ? { evmVersion: source.evmVersion } : {}),
      };
    case "registry":
      return {
        format: "sourcify",
        contractName: "",
        compilerVersion: registryCompilerVersion(source.metadata),
        files: [{ name: "metadata.json", content: source.metadata }, ...source.sources],
      };
    case "vyper":
      return undefined;
  }
}

function registryCompilerVersion(metadata: string): string {
  const parsed = parsedJson(metadata);
  const version =
    isPlainObject(parsed) && isPlainObject(parsed.compiler) ? parsed.compiler.version : undefined;
  return typeof version === "string" ? `v${version}` : "";
}
