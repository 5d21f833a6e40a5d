/** Why a local recompile says a submission does not match the deployed code (a verdict's code). */
export const mismatchCodes = [
  "constructor_arguments",
  "settings",
  "bytecode",
  "compile_failed",
  "no_compiler",
  "wrong_name",
] as const;

/**
 * Every code a program may branch on, in one union, snake_case: an error's `code` and a failed record's
 * `error.code`.
 */
export const errorCodes = [
  "invalid_input",
  "ledger_locked",
  "interrupted",
  "not_run",
  "timeout",
  "network_error",
  "rate_limited",
  "http_error",
  "invalid_response",
  "response_too_large",
  "explorer_error",
  "invalid_parameters",
  "not_a_contract",
  "not_found",
  "unknown_action",
  "chain_error",
  "compiler_error",
  "verification_failed",
  "quota_exhausted",
  "plan_required",
  "invalid_api_key",
  "bot_protection",
  "payment_required",
  "not_supported",
  "not_verified",
  "implementation_mismatch",
  "compiler_not_listed",
  "evm_version_not_listed",
  "evm_version_not_built",
  ...mismatchCodes,
] as const;

/** Why a recompile found no match: one of {@link mismatchCodes}. */
export type MismatchCode = (typeof mismatchCodes)[number];

/** Stable machine-readable codes; the union member of {@link ExplorerVerifyError} tells which data it carries. */
export type ErrorCode = (typeof errorCodes)[number];

export interface ExplorerVerifyErrorOptions {
  /** Lines of context: the redacted URL, HTTP status, guid, address. */
  metaMessages?: string[];
  /** Free text that explains more than the short message. */
  details?: string;
  cause?: unknown;
}

const marker = Symbol.for("explorer-verify.error");

/**
 * Base of every error this package throws. `shortMessage` is what a user can act on; `message` adds the
 * context lines. Messages are redacted by whoever builds them: no API key ever reaches this class.
 */
export abstract class ExplorerVerifyError extends Error {
  abstract readonly code: ErrorCode;
  readonly shortMessage: string;
  readonly metaMessages: string[];
  readonly details: string | undefined;
  readonly [marker] = true;

  constructor(shortMessage: string, options: ExplorerVerifyErrorOptions = {}) {
    const metaMessages = options.metaMessages ?? [];
    const lines = [shortMessage];
    if (metaMessages.length > 0) lines.push("", ...metaMessages);
    if (options.details) lines.push("", `Details: ${options.details}`);
    super(lines.join("\n"), options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.metaMessages = metaMessages;
    this.details = options.details;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/**
 * Tells whether a value is an error of this package, also across duplicate installs (where `instanceof` fails).
 *
 * @param value - anything caught
 * @returns true when `value` carries this package's error marker
 * @example
 * try { await client.getAbi({ address: address }) } catch (error) { if (isExplorerVerifyError(error)) console.error(error.shortMessage) }
 */
export function isExplorerVerifyError(value: unknown): value is ExplorerVerifyError {
  return typeof value === "object" && value !== null && marker in value && value[marker] === true;
}
