import { type AbiParameter, decodeAbiParameters } from "viem";
import type { Submission } from "../local-explorer/backend.js";
import { JsonRpcChain } from "../local-explorer/jsonRpcChain.js";
import { localCompilerResolver } from "../local-explorer/solidityCompiler.js";
import { type SubmissionVerdict, verifySubmission } from "../local-explorer/verifySubmission.js";
import { longCompilerVersion } from "./compilerVersion.js";
import type { VerificationJob } from "./job.js";

/** Where preflight looks: the target chain, and compiler files besides the npm `solc` package. */
export interface PreflightOptions {
  rpcUrl: string;
  compilers?: string[];
}

/** What preflight found, with a paragraph a person can act on. */
export interface PreflightResult {
  outcome: "perfect" | "partial" | "mismatch" | "skipped";
  diagnosis: string;
}

interface SettingVariant {
  label: string;
  apply(settings: Record<string, unknown>): Record<string, unknown>;
}

const runsTried = [1, 200, 1_000, 10_000, 1_000_000];
const evmVersionsTried = ["cancun", "prague", "shanghai", "paris", "london"];

/**
 * Runs a job's submission locally against the target chain's deployed code before anything is sent: compiles
 * it with a local compiler, compares, and explains a mismatch. A mismatch of executable code is retried with
 * the likely setting changes (optimizer on/off, runs, viaIR, EVM version) to name the one that matches.
 *
 * @param job - the job, with its constructor arguments already encoded (hex) when known
 * @param constructorArguments - ABI-encoded arguments, hex without `0x`, or undefined
 * @param creationInput - the creation transaction's input, when known (from the explorer's creation data)
 * @param options - chain and compilers
 * @returns the outcome and its diagnosis
 */
export async function preflight(
  job: VerificationJob,
  constructorArguments: string | undefined,
  creationInput: string | undefined,
  options: PreflightOptions,
): Promise<PreflightResult> {
  const submission = submissionOf(job, constructorArguments);
  if (!submission)
    return {
      outcome: "skipped",
      diagnosis: "Preflight skipped: there is no local compiler for this format.",
    };
  const resolveCompiler = localCompilerResolver(options.compilers);
  if (!resolveCompiler(submission.compilerVersion)) {
    return {
      outcome: "skipped",
      diagnosis: `Preflight skipped: no local compiler for ${submission.compilerVersion} (install it from npm, e.g. solc@${submission.compilerVersion.replace(/^v|\+.*$/g, "")}, or name its soljson.js).`,
    };
  }
  const runtimeCode = await new JsonRpcChain(options.rpcUrl).getCode(job.address);
  if (runtimeCode === "0x") {
    return {
      outcome: "mismatch",
      diagnosis: `Preflight: there is no contract at ${job.address} on the chain at the RPC URL.`,
    };
  }
  const deployed = { runtimeCode, creationInput };
  const verdict = verifySubmission(submission, deployed, resolveCompiler);
  if (verdict.ok) {
    return verdict.contract.match === "partial"
      ? {
          outcome: "partial",
          diagnosis:
            "Preflight: only a partial match. The executable code is the same, but the metadata hash differs: the sources (or their comments) changed since the deployment. The explorer will mark it partially verified.",
        }
      : { outcome: "perfect", diagnosis: "Preflight: perfect match." };
  }
  return { outcome: "mismatch", diagnosis: diagnose(verdict, submission, deployed, resolveCompiler) };
}

function diagnose(
  verdict: Extract<SubmissionVerdict, { ok: false }>,
  submission: Submission,
  deployed: { runtimeCode: string; creationInput: string | undefined },
  resolveCompiler: ReturnType<typeof localCompilerResolver>,
): string {
  if (verdict.recoveredArguments !== undefined) {
    const submitted = describeArguments(verdict.abi ?? [], submission.constructorArguments ?? "");
    const onChain = describeArguments(verdict.abi ?? [], verdict.recoveredArguments);
    return `Preflight: the constructor arguments differ. Submitted: ${submitted}. The creation transaction holds: ${onChain}. Give the arguments the contract was deployed with.`;
  }
  if (verdict.reason !== "Bytecode does not match, please try again.") {
    return `Preflight: ${verdict.reason} ${verdict.explanation}`;
  }
  for (const variant of settingVariants(submission)) {
    const changed = withSettings(submission, variant);
    if (!changed) continue;
    const attempt = verifySubmission(changed, deployed, resolveCompiler);
    if (attempt.ok) {
      return `Preflight: the executable code differs from the deployed code, and matches with ${variant.label}. The contract was deployed with other compiler settings than these (check the build profile: Hardhat's production profile enables the optimizer).`;
    }
  }
  return "Preflight: the executable code differs from the deployed code, and no common setting change (optimizer, runs, viaIR, EVM version) makes it match. The sources differ from those deployed, or the compiler version does.";
}

function settingVariants(submission: Submission): SettingVariant[] {
  const settings = currentSettings(submission);
  const optimizer = (settings.optimizer ?? {}) as { enabled?: boolean; runs?: number };
  const variants: SettingVariant[] = [];
  const enabled = optimizer.enabled === true;
  variants.push({
    label: enabled ? "the optimizer disabled" : "the optimizer enabled (runs: 200)",
    apply: (s) => ({ ...s, optimizer: { enabled: !enabled, runs: optimizer.runs ?? 200 } }),
  });
  for (const runs of runsTried) {
    if (enabled && runs === (optimizer.runs ?? 200)) continue;
    variants.push({
      label: `runs: ${runs}${enabled ? "" : " (optimizer enabled)"}`,
      apply: (s) => ({ ...s, optimizer: { enabled: true, runs } }),
    });
  }
  variants.push({
    label: settings.viaIR ? "viaIR: false" : "viaIR: true",
    apply: (s) => ({ ...s, viaIR: !s.viaIR }),
  });
  for (const evmVersion of evmVersionsTried) {
    if (evmVersion === settings.evmVersion) continue;
    variants.push({ label: `evmVersion: ${evmVersion}`, apply: (s) => ({ ...s, evmVersion }) });
  }
  return variants;
}

function currentSettings(submission: Submission): Record<string, unknown> {
  if (submission.format === "standard-json") {
    const input = JSON.parse(submission.standardJsonInput ?? "{}") as { settings?: Record<string, unknown> };
    return input.settings ?? {};
  }
  return {
    optimizer: { enabled: submission.optimization ?? false, runs: submission.optimizationRuns ?? 200 },
    ...(submission.evmVersion ? { evmVersion: submission.evmVersion } : {}),
  };
}

function withSettings(submission: Submission, variant: SettingVariant): Submission | undefined {
  if (submission.format === "standard-json") {
    const input = JSON.parse(submission.standardJsonInput ?? "{}") as { settings?: Record<string, unknown> };
    return {
      ...submission,
      standardJsonInput: JSON.stringify({ ...input, settings: variant.apply(input.settings ?? {}) }),
    };
  }
  if (submission.format === "single-file" || submission.format === "flattened") {
    const settings = variant.apply(currentSettings(submission));
    if (settings.viaIR) return undefined;
    const optimizer = settings.optimizer as { enabled: boolean; runs: number };
    return {
      ...submission,
      optimization: optimizer.enabled,
      optimizationRuns: optimizer.runs,
      ...(typeof settings.evmVersion === "string" ? { evmVersion: settings.evmVersion } : {}),
    };
  }
  return undefined;
}

function describeArguments(abi: unknown[], hex: string): string {
  const constructorItem = abi.find(
    (item): item is { type: "constructor"; inputs: AbiParameter[] } =>
      typeof item === "object" && item !== null && (item as { type?: unknown }).type === "constructor",
  );
  const inputs = constructorItem?.inputs ?? [];
  if (hex === "") return "(none)";
  try {
    const values = decodeAbiParameters(inputs, `0x${hex}`);
    return `(${inputs.map((input, i) => `${input.name || `arg${i}`}: ${JSON.stringify(values[i], (_key, value) => (typeof value === "bigint" ? value.toString() : value))}`).join(", ")})`;
  } catch {
    return `0x${hex}`;
  }
}

function submissionOf(
  job: VerificationJob,
  constructorArguments: string | undefined,
): Submission | undefined {
  const { source, address } = job;
  const args = constructorArguments === undefined ? {} : { constructorArguments };
  switch (source.format) {
    case "standard-json":
      return {
        format: "standard-json",
        address,
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        standardJsonInput: JSON.stringify(source.input),
        ...args,
      };
    case "single-file":
    case "flattened":
      return {
        format: source.format,
        address,
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        sourceCode: source.sourceCode,
        optimization: source.optimizer.enabled,
        optimizationRuns: source.optimizer.runs ?? 200,
        ...(source.evmVersion ? { evmVersion: source.evmVersion } : {}),
        ...args,
      };
    case "registry":
      return {
        format: "sourcify",
        address,
        contractName: "",
        compilerVersion: registryCompilerVersion(source.metadata),
        files: [{ name: "metadata.json", content: source.metadata }, ...source.sources],
      };
    case "vyper":
      return undefined;
  }
}

function registryCompilerVersion(metadata: string): string {
  try {
    const version = (JSON.parse(metadata) as { compiler?: { version?: unknown } }).compiler?.version;
    return typeof version === "string" ? `v${version}` : "";
  } catch {
    return "";
  }
}
