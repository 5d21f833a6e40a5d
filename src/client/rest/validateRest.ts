import { InvalidInputError } from "../../errors/index.js";

const blockNumberPattern = /^(?:0|[1-9][0-9]*)$/;
const hash32Pattern = /^0x[0-9a-fA-F]{64}$/;
// Blockscout's own pattern for token ids (token_id_param): negative ids pass it.
const tokenIdPattern = /^-?(?:[1-9][0-9]*|0)$/;

/** Token types `GET /addresses/{address_hash}/tokens` filters by. */
export const tokenTypes = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404", "ERC-7984"] as const;
export type TokenType = (typeof tokenTypes)[number];

/**
 * A `type` filter: one token type, several, or Blockscout's own comma-separated form (`"ERC-20,ERC-721"`), in any
 * case. Plain strings are accepted for that form and checked at run time.
 */
export type TokenTypeFilter<T extends string> = T | readonly T[] | (string & Record<never, never>);

/** Token types `GET /addresses/{address_hash}/nft/collections` filters by. */
export const nftCollectionTypes = ["ERC-721", "ERC-404", "ERC-1155"] as const;
export type NftCollectionType = (typeof nftCollectionTypes)[number];

/** Transaction types `GET /blocks/{block_number_or_hash}/transactions` filters by (`blob_transaction` on Ethereum). */
export const blockTransactionTypes = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "coin_transfer",
  "token_creation",
  "blob_transaction",
] as const;
export type BlockTransactionType = (typeof blockTransactionTypes)[number];

function shown(value: unknown): string {
  const text = typeof value === "bigint" ? `${value}n` : JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Checks a block number (a nonnegative integer, as a number, bigint or decimal string) or a block hash
 * (`0x` followed by 64 hex digits).
 *
 * @param value - the block number or hash
 * @param field - the parameter name to show in the error
 * @returns the path segment to send: the decimal number or the hash
 * @throws {InvalidInputError}
 */
export function assertBlockNumberOrHash(value: unknown, field = "blockNumberOrHash"): string {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "bigint" && value >= 0n) return value.toString();
  if (typeof value === "string" && (blockNumberPattern.test(value) || hash32Pattern.test(value)))
    return value;
  throw new InvalidInputError(
    field,
    `Invalid ${field} ${shown(value)}: expected a block number (a nonnegative integer) or a block hash (0x followed by 64 hexadecimal characters).`,
  );
}

/**
 * Checks a transaction hash: `0x` followed by 64 hex digits.
 *
 * @param value - the hash
 * @param field - the parameter name to show in the error
 * @returns the hash unchanged
 * @throws {InvalidInputError}
 */
export function assertTransactionHash(value: unknown, field = "transactionHash"): string {
  if (typeof value !== "string" || !hash32Pattern.test(value)) {
    throw new InvalidInputError(
      field,
      `Invalid ${field} ${shown(value)}: expected 0x followed by 64 hexadecimal characters.`,
    );
  }
  return value;
}

/**
 * Checks a token instance id: a decimal integer (Blockscout's pattern also admits negative ids), given as a
 * number, bigint or string.
 *
 * @param value - the token id
 * @param field - the parameter name to show in the error
 * @returns the id as a decimal string
 * @throws {InvalidInputError}
 */
export function assertTokenId(value: unknown, field = "tokenId"): string {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" && tokenIdPattern.test(value)) return value;
  throw new InvalidInputError(
    field,
    `Invalid ${field} ${shown(value)}: expected a decimal integer without leading zeros, like 42.`,
  );
}

/**
 * Checks a `type` filter: one token type or several (an array, or a comma-separated string, bare or in brackets),
 * matched without regard to case. An empty filter means no filter, as on Blockscout.
 *
 * @param value - the filter as the caller gave it
 * @param allowed - the token types this endpoint filters by
 * @param field - the parameter name to show in the error
 * @returns the canonical comma-separated list, or undefined for no filter
 * @throws {InvalidInputError}
 */
export function assertTokenTypeFilter<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field = "type",
): string | undefined {
  if (value === undefined) return undefined;
  let parts: unknown[];
  if (typeof value === "string") {
    // Blockscout also takes the list in brackets: `[ERC-20,ERC-721]`.
    const list = /^\s*\[(.*)\]\s*$/.exec(value)?.[1] ?? value;
    parts = list.trim() === "" ? [] : list.split(",");
  } else if (Array.isArray(value)) parts = value;
  else parts = [value];
  const canonical = new Set(
    parts.map((part) =>
      oneOf(part, allowed, field, (type, given) =>
        typeof given === "string" ? type.toLowerCase() === given.trim().toLowerCase() : false,
      ),
    ),
  );
  return canonical.size === 0 ? undefined : [...canonical].join(",");
}

/**
 * Checks a block transactions `type` filter: one value of Blockscout's enum, spelled as it is.
 *
 * @param value - the filter as the caller gave it
 * @param field - the parameter name to show in the error
 * @returns the value, or undefined for no filter
 * @throws {InvalidInputError}
 */
export function assertBlockTransactionType(value: unknown, field = "type"): BlockTransactionType | undefined {
  return value === undefined ? undefined : oneOf(value, blockTransactionTypes, field);
}

/** Directions `GET /addresses/{address_hash}/internal-transactions` filters by (its `filter` parameter). */
export const internalTransactionDirections = ["from", "to"] as const;
export type InternalTransactionDirection = (typeof internalTransactionDirections)[number];

/**
 * Checks the direction of an address's internal transactions.
 *
 * @param value - `from`, `to`, or undefined for both
 * @returns the direction, or undefined
 * @throws {InvalidInputError}
 */
export function assertInternalTransactionDirection(value: unknown): InternalTransactionDirection | undefined {
  return value === undefined ? undefined : oneOf(value, internalTransactionDirections, "direction");
}

// The allowed value a value is, matched as `equal` says.
function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  equal = (a: T, b: unknown) => a === b,
): T {
  const match = allowed.find((candidate) => equal(candidate, value));
  if (match !== undefined) return match;
  throw new InvalidInputError(
    field,
    `Invalid ${field} ${shown(value)}: expected one of ${allowed.join(", ")}.`,
  );
}
