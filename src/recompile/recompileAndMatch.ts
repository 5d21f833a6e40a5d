import { isExplorerVerifyError, type MismatchCode } from "../errors/explorerVerifyError.js";
import { isPlainObject } from "../kernel/jsonValues.js";
import {
  type MetadataHashKind,
  metadataSolcRelease,
  trailingMetadataHash,
} from "./bytecodeTransformations.js";
import { isKeptOutput } from "./compileCache.js";
import type { Compiler, CompilerOutput, CompilerOutputContract } from "./compiler.js";
import { type CompilerJob, compilerJobOf, type SubmittedSources } from "./compilerInput.js";
import { type CompilerResolver, isCompiler } from "./compilerResolver.js";
import { type DeployedCode, type MatchOutcome, matchBytecode } from "./matchBytecode.js";
import { settingBehindPartialMatch } from "./partialMatchSetting.js";

/**
 * Why a recompile matched or not: `perfect`/`partial` match; the others do not, and say why. `settings` is
 * given only when asked to diagnose, and a setting change made the code match.
 */
export type VerdictCode = "perfect" | "partial" | MismatchCode;

/** The contract that matched, and what the deployment filled in (see {@link MatchOutcome}). */
export type MatchedContract = Omit<Extract<MatchOutcome, { match: "perfect" | "partial" }>, "match"> & {
  /** Source file and contract name in the compiler input. */
  file: string;
  name: string;
  compiled: CompilerOutputContract;
  /** The compiler job that produced it (its settings, sources and version). */
  job: CompilerJob;
  compilerVersion: string;
};

/** The verdict of a recompile, with a code to branch on and a sentence a person can act on. */
export type RecompileVerdict =
  | { code: "perfect" | "partial"; diagnosis: string; matched: MatchedContract }
  | {
      code: "constructor_arguments";
      diagnosis: string;
      /** What the creation transaction holds after the creation code, hex without `0x`. */
      recoveredArguments: string;
      /** The contract's ABI, to read the arguments. */
      abi: unknown[];
    }
  | {
      code: "settings";
      diagnosis: string;
      /** The setting change that made the code match, e.g. `runs: 1000`. */
      setting: string;
    }
  | { code: "bytecode" | "compile_failed" | "no_compiler" | "wrong_name"; diagnosis: string };

/** What to recompile and what to compare it with. */
export interface RecompileRequest {
  sources: SubmittedSources;
  deployed: DeployedCode;
  /** Constructor arguments the submission carried, hex without `0x`. */
  constructorArguments?: string | undefined;
  /**
   * On a bytecode mismatch, retry with likely setting changes (optimizer, runs, viaIR, EVM version, metadata)
   * and name the one that matches (code `settings`). Costs one compile per change tried.
   */
  diagnoseSettings?: boolean;
}

const runsTried = [1, 200, 1_000, 10_000, 1_000_000];
const evmVersionsTried = ["cancun", "prague", "shanghai", "paris", "london"];

/**
 * Compiles submitted sources with a local compiler and compares the result with the deployed code (and the
 * creation input, when known), as a block explorer does.
 *
 * @returns the verdict; never throws for a mismatch, a compile error or a missing compiler
 * @example
 * const verdict = await recompileAndMatch({ sources, deployed: { runtimeCode } }, localCompilerResolver());
 * if (verdict.code !== "perfect") console.log(verdict.diagnosis);
 */
export async function recompileAndMatch(
  request: RecompileRequest,
  resolveCompiler: CompilerResolver,
): Promise<RecompileVerdict> {
  const prepared = compilerJobOf(request.sources);
  if ("problem" in prepared) return { code: "compile_failed", diagnosis: prepared.problem };
  const compiler = await resolveCompiler(prepared.compilerVersion);
  if (!isCompiler(compiler)) return { code: "no_compiler", diagnosis: compiler.explanation };
  // The same sources compiled with other settings (and, where given, for some contracts only).
  const compileWith = (settings: Record<string, unknown>, targets = prepared.job.targets) =>
    compileAndMatch(
      compiler,
      { input: { ...prepared.job.input, settings }, targets },
      prepared.compilerVersion,
      request,
    );
  const verdict = await compileWith(prepared.job.input.settings);
  if (!request.diagnoseSettings) return verdict;
  const deployedHash = trailingMetadataHash(request.deployed.runtimeCode)?.kind;
  // A partial match is first put down to a setting the deployed metadata records, and only then to the sources.
  if (verdict.code === "partial") {
    const { file, name } = verdict.matched;
    // Only the matched contract's code is generated: the variants cost one contract's compile each.
    const onlyMatched = { [file]: { [name]: ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } };
    const setting = await settingBehindPartialMatch(
      prepared.job.input.settings,
      deployedHash,
      async (settings) =>
        (await compileWith({ ...settings, outputSelection: onlyMatched }, [{ file, name }])).code ===
        "perfect",
    );
    return setting ? { ...verdict, diagnosis: setting } : verdict;
  }
  if (verdict.code !== "bytecode") return verdict;
  const { settings } = prepared.job.input;
  for (const [label, change] of settingVariants(settings, request.sources.format, deployedHash)) {
    const attempt = await compileWith({ ...settings, ...change });
    if (attempt.code === "perfect" || attempt.code === "partial") {
      return {
        code: "settings",
        setting: label,
        diagnosis: `The executable code differs from the deployed code, and matches with ${label}.`,
      };
    }
  }
  return verdict;
}

async function compileAndMatch(
  compiler: Compiler,
  job: CompilerJob,
  compilerVersion: string,
  request: RecompileRequest,
): Promise<RecompileVerdict> {
  const verdictOf = async (compile: (input: object) => Promise<CompilerOutput>) => {
    try {
      const output = await compile(job.input);
      return { output, verdict: judged(output, job, compilerVersion, request) };
    } catch (error) {
      // Only the compiler failing is this input's verdict; anything else (a refused compile cache) is the run's.
      if (!isExplorerVerifyError(error) || error.code !== "compiler_error") throw error;
      return { verdict: { code: "compile_failed", diagnosis: error.shortMessage } as const };
    }
  };
  const first = await verdictOf((input) => compiler.compile(input));
  const { compileAfresh } = compiler;
  // A kept output carries a perfect match alone (the deployed code ends with the hash of its metadata, which names
  // this input's sources and settings): any other verdict is judged again on a fresh compile.
  if (first.verdict.code === "perfect" || !compileAfresh || !first.output || !isKeptOutput(first.output))
    return first.verdict;
  return (await verdictOf((input) => compileAfresh.call(compiler, input))).verdict;
}

function judged(
  output: CompilerOutput,
  job: CompilerJob,
  compilerVersion: string,
  request: RecompileRequest,
): RecompileVerdict {
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    return {
      code: "compile_failed",
      diagnosis: errors.map((e) => e.formattedMessage ?? e.message).join("\n"),
    };
  }
  const candidates: Array<{ file: string; name: string; compiled: CompilerOutputContract }> = [];
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, compiled] of Object.entries(contracts)) {
      const wanted = job.targets.some(
        (t) => (t.file === undefined || t.file === file) && (t.name === undefined || t.name === name),
      );
      if (wanted) candidates.push({ file, name, compiled });
    }
  }
  if (candidates.length === 0) {
    return { code: "wrong_name", diagnosis: `No contract ${request.sources.contractName} in the sources.` };
  }
  let argumentsMismatch: { recovered: string; abi: unknown[] } | undefined;
  let best: ((typeof candidates)[number] & { outcome: MatchOutcome }) | undefined;
  for (const candidate of candidates) {
    const outcome = matchBytecode(candidate.compiled, request.deployed, request.constructorArguments);
    if (outcome.match === "perfect") {
      best = { ...candidate, outcome };
      break;
    }
    if (outcome.match === "partial" && !best) best = { ...candidate, outcome };
    if (outcome.match === "none" && outcome.reason === "constructor_arguments") {
      argumentsMismatch = { recovered: outcome.recoveredArguments ?? "", abi: candidate.compiled.abi ?? [] };
    }
  }
  if (!best || best.outcome.match === "none") {
    if (argumentsMismatch) {
      return {
        code: "constructor_arguments",
        diagnosis: `The creation transaction carries constructor arguments 0x${argumentsMismatch.recovered}.`,
        recoveredArguments: argumentsMismatch.recovered,
        abi: argumentsMismatch.abi,
      };
    }
    return { code: "bytecode", diagnosis: "The compiled code differs from the deployed code." };
  }
  const { file, name, compiled, outcome } = best;
  const misnamed = releaseOtherThanClaimed(compiled, request.deployed.runtimeCode, compilerVersion);
  if (misnamed) return { code: "bytecode", diagnosis: misnamed };
  const { match, ...filled } = outcome;
  const matched: MatchedContract = { file, name, compiled, job, compilerVersion, ...filled };
  // Without a source hash in the metadata, identical code does not prove identical sources.
  const partly =
    match === "partial"
      ? "The executable code is the same, but the metadata hash differs: the sources (or their comments) changed since the deployment."
      : metadataHashesSources(job.input.settings)
        ? undefined
        : "The code is identical, but its metadata carries no hash of the sources (bytecodeHash none, or no CBOR appended), so edited sources cannot be told apart.";
  if (partly) return { code: "partial", diagnosis: partly, matched };
  return { code: "perfect", diagnosis: "The compiled code is the deployed code.", matched };
}

// The verdict never rests on what compiled (a kept output may say anything) alone: the matched code's metadata, and
// the deployed code's, must name the claimed release where they name one.
function releaseOtherThanClaimed(
  compiled: CompilerOutputContract,
  deployedCode: string,
  compilerVersion: string,
): string | undefined {
  const claimed = /\d+\.\d+\.\d+/.exec(compilerVersion)?.[0];
  const codes = [compiled.evm?.deployedBytecode?.object ?? "", deployedCode];
  const named = codes.map(metadataSolcRelease).find((release) => release && release !== claimed);
  return named && claimed
    ? `The code's metadata names solc ${named}, not the claimed ${claimed}: it was not built by the compiler claimed.`
    : undefined;
}

function metadataHashesSources(settings: Record<string, unknown>): boolean {
  const metadata = isPlainObject(settings.metadata) ? settings.metadata : {};
  return metadata.bytecodeHash !== "none" && metadata.appendCBOR !== false;
}

// Each a label and the settings it changes.
type SettingVariant = [label: string, change: Record<string, unknown>];

function settingVariants(
  settings: Record<string, unknown>,
  format: SubmittedSources["format"],
  deployedHash: MetadataHashKind | undefined,
): SettingVariant[] {
  const optimizer = isPlainObject(settings.optimizer) ? settings.optimizer : {};
  const enabled = optimizer.enabled === true;
  const variants: SettingVariant[] = [
    [
      enabled ? "the optimizer disabled" : "the optimizer enabled (runs: 200)",
      { optimizer: { enabled: !enabled, runs: optimizer.runs ?? 200 } },
    ],
  ];
  for (const runs of runsTried) {
    if (enabled && runs === (optimizer.runs ?? 200)) continue;
    variants.push([
      `runs: ${runs}${enabled ? "" : " (optimizer enabled)"}`,
      { optimizer: { enabled: true, runs } },
    ]);
  }
  if (fullSettings(format)) variants.push([`viaIR: ${!settings.viaIR}`, { viaIR: !settings.viaIR }]);
  for (const evmVersion of evmVersionsTried) {
    if (evmVersion !== settings.evmVersion) variants.push([`evmVersion: ${evmVersion}`, { evmVersion }]);
  }
  if (fullSettings(format)) {
    const metadata = isPlainObject(settings.metadata) ? settings.metadata : {};
    const withMetadata = (change: Record<string, unknown>) => ({ metadata: { ...metadata, ...change } });
    if (metadata.appendCBOR !== false)
      variants.push(["metadata.appendCBOR: false", withMetadata({ appendCBOR: false })]);
    // The deployed code names the hash it was built with: another one gives code of another length.
    const builtWith = metadata.bytecodeHash ?? "ipfs";
    if ((deployedHash === "ipfs" || deployedHash === "bzzr1") && builtWith !== deployedHash)
      variants.push([
        `metadata.bytecodeHash: "${deployedHash}"`,
        withMetadata({ bytecodeHash: deployedHash }),
      ]);
    if (metadata.bytecodeHash !== "none")
      variants.push(['metadata.bytecodeHash: "none"', withMetadata({ bytecodeHash: "none" })]);
  }
  return variants;
}

// The single-file and flattened formats cannot carry viaIR or metadata settings.
function fullSettings(format: SubmittedSources["format"]): boolean {
  return format === "standard-json" || format === "sourcify";
}
