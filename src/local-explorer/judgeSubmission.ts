import { isPlainObject } from "../kernel/jsonValues.js";
import type { CompilerResolver } from "../recompile/compilerResolver.js";
import type { DeployedCode } from "../recompile/matchBytecode.js";
import { recompileAndMatch, type VerdictCode } from "../recompile/recompileAndMatch.js";
import type { ContractRecord, Submission } from "./backend.js";
import { texts } from "./responses.js";

/** The verdict on a submission, with the explorer's reason text when it failed and a plain explanation. */
export type SubmissionVerdict =
  | { ok: true; code: "perfect" | "partial"; contract: ContractRecord }
  | {
      ok: false;
      /** The recompile's verdict code. */
      code: Exclude<VerdictCode, "perfect" | "partial">;
      /** The explorer's text for it. */
      reason: string;
      explanation: string;
      /** With a constructor-arguments mismatch: what the creation transaction holds, and the ABI to read it. */
      recoveredArguments?: string;
      abi?: unknown[];
    };

/** Blockscout's text for each way a verification fails. */
const failureTexts: Record<Exclude<VerdictCode, "perfect" | "partial">, string> = {
  constructor_arguments: texts.constructorArgumentsMismatch,
  settings: texts.bytecodeMismatch,
  bytecode: texts.bytecodeMismatch,
  compile_failed: texts.compileFailed,
  no_compiler: texts.compilerVersionMismatch,
  wrong_name: texts.wrongContractName,
};

/**
 * Judges a submission for real, as the explorer does: compiles it with a local compiler and compares the result with
 * the deployed code (and the creation input, when known).
 *
 * @param submission - what the explorer received
 * @param deployed - the code at the address and its creation input
 * @param resolveCompiler - finds a local compiler for a version
 * @returns the verified contract record, or why not
 */
export async function judgeSubmission(
  submission: Submission,
  deployed: DeployedCode,
  resolveCompiler: CompilerResolver,
): Promise<SubmissionVerdict> {
  const verdict = await recompileAndMatch(
    { sources: submission, deployed, constructorArguments: submission.constructorArguments },
    resolveCompiler,
  );
  if (verdict.code !== "perfect" && verdict.code !== "partial") {
    return {
      ok: false,
      code: verdict.code,
      reason: failureTexts[verdict.code],
      explanation: verdict.diagnosis,
      ...(verdict.code === "constructor_arguments"
        ? { recoveredArguments: verdict.recoveredArguments, abi: verdict.abi }
        : {}),
    };
  }
  const { file, name, compiled, job, compilerVersion } = verdict.matched;
  const settings = job.input.settings;
  const optimizer = isPlainObject(settings.optimizer) ? settings.optimizer : {};
  const { outputSelection: _ignored, ...compilerSettings } = settings;
  return {
    ok: true,
    code: verdict.code,
    contract: {
      address: submission.address.toLowerCase(),
      contractName: name,
      compilerVersion,
      sourceCode: job.input.sources[file]?.content ?? "",
      fileName: file,
      abi: compiled.abi ?? [],
      optimizationUsed: optimizer.enabled === true,
      ...(optimizer.enabled
        ? { optimizationRuns: typeof optimizer.runs === "number" ? optimizer.runs : 200 }
        : {}),
      evmVersion: typeof settings.evmVersion === "string" ? settings.evmVersion : null,
      ...(verdict.matched.constructorArguments
        ? { constructorArguments: verdict.matched.constructorArguments }
        : {}),
      externalLibraries: Object.entries(verdict.matched.libraries).map(([libraryName, address]) => ({
        name: libraryName,
        address_hash: address,
      })),
      additionalSources: Object.entries(job.input.sources)
        .filter(([other]) => other !== file)
        .map(([Filename, source]) => ({ Filename, SourceCode: source.content })),
      compilerSettings,
      verifiedAt: Math.floor(Date.now() / 1_000),
      match: verdict.code,
      ...(submission.format === "sourcify" ? { verifiedVia: "sourcify" as const } : {}),
    },
  };
}
