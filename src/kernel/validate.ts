import { InvalidInputError } from "../errors/index.js";

/** An address, a transaction hash, hex bytes (0x optional): the one spelling of each, for schemas too. */
export const addressPattern = /^0x[0-9a-fA-F]{40}$/;
export const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/;
const guidPattern = /^[0-9A-Za-z]{20,100}$/;
const compilerVersionPattern = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?\+commit\.[0-9a-f]{8}$/;
export const hexPattern = /^(?:0x)?(?:[0-9a-fA-F]{2})*$/;

/** Blockscout refuses request bodies above this size. */
export const maxBodyBytes = 20_000_000;

function shown(value: unknown): string {
  const text = JSON.stringify(
    typeof value === "string" && value.length > 80 ? `${value.slice(0, 77)}...` : value,
  );
  return text === undefined ? String(value) : text;
}

// The value unchanged when it is text the pattern takes; else an input error saying what was expected.
function matching(value: unknown, pattern: RegExp, field: string, expected: string, label = field): string {
  if (typeof value !== "string" || !pattern.test(value))
    throw new InvalidInputError(field, `Invalid ${label} ${shown(value)}: expected ${expected}.`);
  return value;
}

/**
 * Checks an address: `0x` followed by 40 hex digits (any case).
 *
 * @param value - the address
 * @param field - the parameter name to show in the error
 * @returns the address unchanged
 * @throws {InvalidInputError}
 */
export function assertAddress(value: unknown, field = "address"): string {
  return matching(value, addressPattern, field, "0x followed by 40 hexadecimal characters");
}

/**
 * Whether a value is a guid as a submission returns it: 20 to 100 letters and digits.
 *
 * @param value - the value, as read
 * @returns true for a guid
 */
export function isGuid(value: unknown): value is string {
  return typeof value === "string" && guidPattern.test(value);
}

/**
 * Whether a value is a transaction hash: `0x` followed by 64 hex digits (any case).
 *
 * @param value - the value, as read
 * @returns true for a transaction hash
 */
export function isTransactionHash(value: unknown): value is string {
  return typeof value === "string" && transactionHashPattern.test(value);
}

/**
 * Whether a value is an address: `0x` followed by 40 hex digits (any case).
 * @param value - the value, as read
 * @returns true for an address
 */
export function isAddress(value: unknown): value is string {
  return typeof value === "string" && addressPattern.test(value);
}

/**
 * Checks a transaction hash: `0x` followed by 64 hex digits (any case).
 *
 * @param value - the hash
 * @param field - the parameter name to show in the error
 * @returns the hash unchanged
 * @throws {InvalidInputError}
 */
export function assertTransactionHash(value: unknown, field: string): string {
  return matching(
    value,
    transactionHashPattern,
    field,
    "a transaction hash, 0x followed by 64 hexadecimal characters",
  );
}

/**
 * Checks a verification receipt (guid) as explorers hand them out: letters and digits only.
 *
 * @param value - the guid
 * @returns the guid unchanged
 * @throws {InvalidInputError}
 */
export function assertGuid(value: unknown): string {
  return matching(
    value,
    guidPattern,
    "guid",
    "the receipt a submission returned (20 to 100 letters and digits)",
  );
}

/**
 * Checks a compiler version in the long form explorers expect, e.g. `v0.8.28+commit.7893614a`.
 *
 * @param value - the version
 * @returns the version unchanged
 * @throws {InvalidInputError}
 */
export function assertCompilerVersion(value: unknown): string {
  return matching(
    value,
    compilerVersionPattern,
    "compilerVersion",
    "the long form, like v0.8.28+commit.7893614a",
    "compiler version",
  );
}

/**
 * Checks hex data such as ABI-encoded constructor arguments, with or without `0x`.
 *
 * @param value - the data
 * @param field - the parameter name to show in the error
 * @returns the data without `0x`, lower-cased
 * @throws {InvalidInputError}
 */
export function assertHexData(value: unknown, field: string): string {
  return matching(value, hexPattern, field, "hex bytes (an even number of hex digits, 0x optional)")
    .replace(/^0x/, "")
    .toLowerCase();
}

/**
 * Checks `page` and `offset`: both or neither, each a nonnegative integer.
 *
 * @param page - page number
 * @param offset - page size
 * @throws {InvalidInputError}
 */
export function assertPagination(page: unknown, offset: unknown): void {
  if ((page === undefined) !== (offset === undefined)) {
    throw new InvalidInputError(
      page === undefined ? "page" : "offset",
      "page and offset go together: give both or neither.",
    );
  }
  if (page !== undefined) assertNonNegativeInteger(page, "page");
  if (offset !== undefined) assertNonNegativeInteger(offset, "offset");
}

/**
 * Checks a nonnegative integer parameter.
 *
 * @param value - the number
 * @param field - the parameter name to show in the error
 * @returns the number
 * @throws {InvalidInputError}
 */
export function assertNonNegativeInteger(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new InvalidInputError(field, `Invalid ${field} ${shown(value)}: expected a nonnegative integer.`);
  }
  return value as number;
}

/**
 * Checks that a string parameter is present and not empty.
 *
 * @param value - the value
 * @param field - the parameter name to show in the error
 * @returns the string
 * @throws {InvalidInputError}
 */
export function assertNonEmpty(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidInputError(field, `${field} is required and must be a non-empty string.`);
  }
  return value;
}

/**
 * Refuses a body the explorer would refuse for its size.
 *
 * @param bytes - the encoded body's size
 * @param what - what the body carries, for the message
 * @throws {InvalidInputError}
 */
export function assertBodySize(bytes: number, what: string): void {
  if (bytes > maxBodyBytes) {
    throw new InvalidInputError(
      "sourceCode",
      `The ${what} is ${(bytes / 1_000_000).toFixed(1)} MB; explorers accept at most ${maxBodyBytes / 1_000_000} MB per request.`,
    );
  }
}
