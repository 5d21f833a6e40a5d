/**
 * A mistake in the command line (unknown flag, missing value, flag of a feature not in this build): printed as one
 * line, exit code 2, nothing sent.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Exit codes: 0 everything succeeded, 1 something failed, 2 the command line or its inputs are wrong. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;
