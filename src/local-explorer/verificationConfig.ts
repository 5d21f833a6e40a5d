import { parsedJson } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import { newerThanCancun, solcDefaultEvmTarget } from "../recompile/evmTargets.js";
import type { Submission } from "./backend.js";
import type { RestHandler } from "./httpServer.js";
import { restObject, texts } from "./responses.js";

/**
 * What the explorer says it can build, and what it cannot build although it says so: served at
 * `GET /api/v2/smart-contracts/verification/config`, and applied to every submission (a compiler or EVM target left
 * out of a list, or one it cannot build, fails as on Blockscout: `Fail - Unable to verify`).
 */
export interface ServedVerificationConfig {
  /** Long versions, e.g. `v0.8.28+commit.7893614a`. Unset: none listed, and any is built. */
  solidityCompilerVersions?: string[];
  /** Unset: none listed, and any is built. */
  solidityEvmVersions?: string[];
  vyperCompilerVersions?: string[];
  vyperEvmVersions?: string[];
  /**
   * EVM targets whose builds it fails although it may list them, as an instance whose verifier lags the compiler
   * (`osaka`); `newer-than-cancun` names every target after cancun.
   */
  cannotBuild?: string[];
}

const configPath = "/smart-contracts/verification/config";

/**
 * Serves the verification config in front of the explorer's other REST answers.
 * @param rest - the explorer's REST handler
 * @param config - what to serve; unset: nothing is added (the endpoint is then unknown, as on older explorers)
 * @returns the handler
 */
export function servingVerificationConfig(
  rest: RestHandler,
  config: ServedVerificationConfig | undefined,
): RestHandler {
  if (!config) return rest;
  const body = {
    solidity_compiler_versions: config.solidityCompilerVersions ?? [],
    solidity_evm_versions: config.solidityEvmVersions ?? [],
    vyper_compiler_versions: config.vyperCompilerVersions ?? [],
    vyper_evm_versions: config.vyperEvmVersions ?? [],
    verification_options: ["flattened-code", "standard-input", "vyper-code", "multi-part"],
    is_rust_verifier_microservice_enabled: true,
    license_types: { none: 1, unlicense: 2, mit: 3 },
  };
  return async (path, query) => (path === configPath ? restObject(body) : rest(path, query));
}

/**
 * The refusal of a submission the config says the explorer cannot build.
 * @param config - the served config
 * @returns for a submission, the explorer's failure text, or undefined to judge it
 */
export function buildRefusal(
  config: ServedVerificationConfig | undefined,
): ((submission: Submission) => string | undefined) | undefined {
  if (!config) return undefined;
  return (submission) => {
    const input = submittedInputSchema.safeParse(parsedJson(submission.standardJsonInput)).data;
    const vyper = submission.format === "vyper" || input?.language?.toLowerCase() === "vyper";
    const compilers = vyper ? config.vyperCompilerVersions : config.solidityCompilerVersions;
    if (compilers && !compilers.some((listed) => sameVersion(listed, submission.compilerVersion)))
      return texts.compilerVersionMismatch;
    const given = input?.settings?.evmVersion ?? submission.evmVersion;
    const named = given && given !== "default" ? given : undefined;
    const target = named ?? (vyper ? undefined : solcDefaultEvmTarget(submission.compilerVersion));
    if (!target) return undefined;
    const targets = vyper ? config.vyperEvmVersions : config.solidityEvmVersions;
    // `default` lists the compiler's own target, which a submission naming none is built for.
    const listed = targets?.includes(target) || (named === undefined && targets?.includes("default"));
    if (targets && !listed) return texts.bytecodeMismatch;
    const cannot = config.cannotBuild ?? [];
    if (cannot.includes(target) || (cannot.includes("newer-than-cancun") && newerThanCancun(target)))
      return texts.bytecodeMismatch;
    return undefined;
  };
}

function sameVersion(listed: string, given: string): boolean {
  return listed.replace(/^v/, "") === given.trim().replace(/^v/, "");
}

const submittedInputSchema = z.looseObject({
  language: z.optional(z.string()),
  settings: z.optional(z.looseObject({ evmVersion: z.optional(z.string()) })),
});
