/**
 * The defaults and limits of the options a user sets for a verification run, one home for every surface that offers
 * them: the Action's inputs (`action.yml`, checked against this module by a test), the plugin's config and task
 * options, the CLI's flags, and the engine's own defaults. Plain data: importing it costs nothing.
 */

/** The formats a user may ask for; `auto` sends the standard JSON input. */
export const requestedFormats = ["auto", "standard-json", "single-file", "flattened", "registry"] as const;

/** A format a user may ask for: one of {@link requestedFormats}. */
export type RequestedFormat = (typeof requestedFormats)[number];

/** An inclusive range of whole numbers. */
export interface WholeNumberRange {
  readonly min: number;
  readonly max: number;
}

/** The deadline per contract, in seconds: at least one second, at most a day. */
export const timeoutSecondsRange: WholeNumberRange = { min: 1, max: 86_400 };

/** Contracts worked on at once when the user gives a number. */
export const concurrencyRange: WholeNumberRange = { min: 1, max: 64 };

/** Requests started per second to each explorer, when the user sets the pace rather than the explorer's quota. */
export const requestsPerSecondRange: WholeNumberRange = { min: 1, max: 1_000 };

/** The most contracts `auto` concurrency works on at once. */
export const autoConcurrencyCeiling = 16;

/**
 * The most contracts a run works on at once over all its targets, each target under its own concurrency as well:
 * what three targets' paces add up to stays within what one machine and one chain RPC serve well. A concurrency the
 * user gives that is higher still is the run's limit instead.
 */
export const runConcurrencyCeiling = 2 * autoConcurrencyCeiling;

/**
 * What a run does when the user says nothing. Names are the Action's inputs in camelCase (`timeout-seconds` →
 * `timeoutSeconds`); the task and the CLI read the same values under their own flag names.
 */
export const verificationDefaults = {
  /** Deadline per contract, in seconds. */
  timeoutSeconds: 300,
  /** Contracts worked on at once: chosen from the explorer's stated quota and its 429s. */
  concurrency: "auto",
  format: "auto",
  /** Wait for each verdict (false: results are `pending`, with the guid). */
  wait: true,
  /** Submit even when the explorer says a contract is verified already. */
  force: false,
  /** Submit even a build the explorer's verification config does not list. */
  sendUnlisted: false,
  /** Check each submission locally against the chain before sending it. */
  preflight: false,
  /** Also verify what the deployment's transactions created. */
  includeCreated: false,
  /** Also take every deployed contract whose code is a proxy as one: its parts verified, the proxy linked. */
  includeProxies: false,
  /** Ask the explorer even about contracts the ledger records verified. */
  recheck: false,
  /** The ledger file, relative to the workspace or project. */
  ledger: ".explorer-verify/ledger.json",
  /** Hardhat's artifacts folder, where build infos are looked up. */
  artifacts: "artifacts",
  /** Fail the Action's step when a contract failed or timed out. */
  failOnError: true,
} as const satisfies {
  timeoutSeconds: number;
  concurrency: "auto" | number;
  format: RequestedFormat;
  [option: string]: string | number | boolean;
};

/** The most bytes of an answer (an explorer's, a chain's) or of a file a stranger hands over (a shard's) read: 64 MiB. */
export const maxAnswerBytes = 64 * 1_048_576;

/** The deadline per contract, in milliseconds, when neither the job nor the run sets one. */
export const defaultTimeoutMs = verificationDefaults.timeoutSeconds * 1_000;

/**
 * Reads a whole number within a range.
 *
 * @param text - the value as the user typed it
 * @param range - the allowed range
 * @returns the number, or undefined when the text is not a whole number within the range
 * @example
 * wholeNumberWithin("300", timeoutSecondsRange); // 300
 * wholeNumberWithin("0", timeoutSecondsRange); // undefined
 */
export function wholeNumberWithin(text: string, range: WholeNumberRange): number | undefined {
  const value = /^\d+(\.\d*)?$/.test(text.trim()) ? Number(text) : Number.NaN;
  return isWholeNumberWithin(value, range) ? value : undefined;
}

/**
 * Checks a number against a range of whole numbers.
 *
 * @param value - the number
 * @param range - the allowed range
 * @returns whether it is a whole number within the range
 */
export function isWholeNumberWithin(value: number, range: WholeNumberRange): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

/**
 * What a value must be, for an error message: `a whole number from 1 to 64`, or `auto or a whole number from 1 to 64`.
 *
 * @param range - the allowed range
 * @param auto - whether `auto` is allowed too
 * @returns the phrase, to follow "must be"
 */
export function wholeNumberRequirement(range: WholeNumberRange, auto = false): string {
  return `${auto ? "auto or " : ""}a whole number from ${range.min} to ${range.max}`;
}
