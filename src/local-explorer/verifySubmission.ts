import type { ContractRecord, Submission } from "./backend.js";
import { type DeployedCode, type MatchOutcome, matchBytecode } from "./bytecodeMatch.js";
import { compilerJobOf } from "./compilerInput.js";
import { texts } from "./responses.js";
import type { CompiledContract, CompilerResolver } from "./solidityCompiler.js";

/** The verdict on a submission, with the explorer's reason text when it failed and a plain explanation. */
export type SubmissionVerdict =
  | { ok: true; contract: ContractRecord }
  | {
      ok: false;
      reason: string;
      explanation: string;
      /** With a constructor-arguments mismatch: what the creation transaction holds, and the ABI to read it. */
      recoveredArguments?: string;
      abi?: unknown[];
    };

/**
 * Verifies a submission for real: compiles it with a local compiler and compares the result with the deployed
 * code (and the creation input, when known).
 *
 * @param submission - what the explorer received
 * @param deployed - the code at the address and its creation input
 * @param resolveCompiler - finds a local compiler for a version
 * @returns the verified contract record, or why not
 */
export function verifySubmission(
  submission: Submission,
  deployed: DeployedCode,
  resolveCompiler: CompilerResolver,
): SubmissionVerdict {
  const prepared = compilerJobOf(submission);
  if ("problem" in prepared) {
    return { ok: false, reason: texts.compileFailed, explanation: prepared.problem };
  }
  const compiler = resolveCompiler(prepared.compilerVersion);
  if (!compiler) {
    return {
      ok: false,
      reason: texts.compilerVersionMismatch,
      explanation: `No local compiler for ${prepared.compilerVersion}.`,
    };
  }
  const output = compiler.compile(prepared.job.input);
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    return {
      ok: false,
      reason: texts.compileFailed,
      explanation: errors.map((e) => e.formattedMessage ?? e.message).join("\n"),
    };
  }
  const candidates: Array<{ file: string; name: string; compiled: CompiledContract }> = [];
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, compiled] of Object.entries(contracts)) {
      const wanted = prepared.job.targets.some(
        (t) => (t.file === undefined || t.file === file) && (t.name === undefined || t.name === name),
      );
      if (wanted) candidates.push({ file, name, compiled });
    }
  }
  if (candidates.length === 0) {
    return {
      ok: false,
      reason: texts.wrongContractName,
      explanation: `No contract ${submission.contractName} in the sources.`,
    };
  }
  let argumentsMismatch: { outcome: MatchOutcome; abi: unknown[] } | undefined;
  let best: { file: string; name: string; compiled: CompiledContract; outcome: MatchOutcome } | undefined;
  for (const candidate of candidates) {
    const outcome = matchBytecode(candidate.compiled, deployed, submission.constructorArguments);
    if (outcome.match === "perfect") {
      best = { ...candidate, outcome };
      break;
    }
    if (outcome.match === "partial" && !best) best = { ...candidate, outcome };
    if (outcome.match === "none" && outcome.reason === "constructor-arguments") {
      argumentsMismatch = { outcome, abi: candidate.compiled.abi ?? [] };
    }
  }
  if (!best || best.outcome.match === "none") {
    if (argumentsMismatch?.outcome.match === "none") {
      const recovered = argumentsMismatch.outcome.recoveredArguments ?? "";
      return {
        ok: false,
        reason: texts.constructorArgumentsMismatch,
        explanation: `The creation transaction carries constructor arguments 0x${recovered}.`,
        recoveredArguments: recovered,
        abi: argumentsMismatch.abi,
      };
    }
    return {
      ok: false,
      reason: texts.bytecodeMismatch,
      explanation: "The compiled code differs from the deployed code.",
    };
  }
  const { file, name, compiled, outcome } = best;
  const settings = prepared.job.input.settings;
  const optimizer = (settings.optimizer ?? {}) as { enabled?: boolean; runs?: number };
  const { outputSelection: _ignored, ...compilerSettings } = settings;
  return {
    ok: true,
    contract: {
      address: submission.address.toLowerCase(),
      contractName: name,
      compilerVersion: prepared.compilerVersion,
      sourceCode: prepared.job.input.sources[file]?.content ?? "",
      fileName: file,
      abi: compiled.abi ?? [],
      optimizationUsed: optimizer.enabled === true,
      ...(optimizer.enabled ? { optimizationRuns: optimizer.runs ?? 200 } : {}),
      evmVersion: typeof settings.evmVersion === "string" ? settings.evmVersion : null,
      ...(outcome.constructorArguments ? { constructorArguments: outcome.constructorArguments } : {}),
      externalLibraries: Object.entries(outcome.libraries).map(([libraryName, address]) => ({
        name: libraryName,
        address_hash: address,
      })),
      additionalSources: Object.entries(prepared.job.input.sources)
        .filter(([other]) => other !== file)
        .map(([Filename, source]) => ({ Filename, SourceCode: source.content })),
      compilerSettings,
      verifiedAt: Math.floor(Date.now() / 1_000),
      match: outcome.match,
    },
  };
}
