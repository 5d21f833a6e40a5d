/**
 * A distinct, valid address for tests.
 * @param n - any small number
 * @returns `0x000…0n` in lower case hex
 */
export function testAddress(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

/** The API key tests use to check that it never shows. */
export const secretApiKey = "sk_live_SECRET-key/with+odd=chars";
