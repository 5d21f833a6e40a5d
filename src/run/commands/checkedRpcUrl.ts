import { InvalidInputError } from "../../errors/index.js";
import { httpUrlOf } from "../../kernel/httpUrl.js";
import { shownUrl } from "../../kernel/urlCredentials.js";

/**
 * Checks a chain's JSON-RPC URL before anything is opened.
 *
 * @param text - the URL as given, or undefined
 * @param field - the flag or input that gave it, for messages
 * @returns the URL unchanged, or undefined
 * @throws {InvalidInputError} when it is not an http(s) URL
 */
export function checkedRpcUrl(text: string | undefined, field: string): string | undefined {
  if (text === undefined) return undefined;
  if (!httpUrlOf(text))
    throw new InvalidInputError(
      field,
      `${field} must be the chain's http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "${shownUrl(text)}".`,
    );
  return text;
}
