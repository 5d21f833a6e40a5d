import { UsageError } from "./cliErrors.js";

interface PendingFeature {
  what: string;
  instead?: string;
}

/**
 * Features of the interface that are not in this build yet. The parser accepts their flags so that scripts
 * written for the full interface stop with one clear line rather than "unknown option". Wiring a feature up means
 * removing its entry here and reading the flag where the command builds its jobs.
 */
const pendingFeatures = {
  "chain-id": { what: "--chain-id (the explorer chosen by chain id)", instead: "give --explorer-url" },
} satisfies Record<string, PendingFeature>;

type PendingFlag = keyof typeof pendingFeatures;
const pendingFlags: PendingFlag[] = ["chain-id"];

/**
 * Refuses flags whose feature is not available yet.
 *
 * @param values - the parsed flags (`undefined` and `false` mean not given)
 * @throws {UsageError} naming the first such flag given
 */
export function refusePendingFlags(values: Partial<Record<PendingFlag, unknown>>): void {
  for (const flag of pendingFlags) {
    const value = values[flag];
    if (value !== undefined && value !== false) throw pendingFeature(flag);
  }
}

/**
 * The error for a feature of the interface that this build does not have yet.
 *
 * @param feature - which one
 * @returns the error to throw
 */
export function pendingFeature(feature: keyof typeof pendingFeatures): UsageError {
  const { what, instead } = pendingFeatures[feature] as PendingFeature;
  return new UsageError(`${what} is not available yet in this version${instead ? `: ${instead}` : ""}.`);
}
