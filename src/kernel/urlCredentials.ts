import { InvalidInputError } from "../errors/index.js";

const secretParameter = /key|token|secret|pass|auth|sig/i;
// Found without parsing, so text that is no URL (port 99999, `htps:`) is stripped too: everything after the first
// scheme up to the last `@` (a password typed with a `/`, `?`, `#`, `,` or space in it included; in a list
// `1=URL,10=URL`, the entries between go too), and the value of every query parameter, whatever its name's spelling
// (`api%6Bey`).
const userInfo = /^([^/?#\s,]*?\/\/)?[\s\S]*@/;
const queryValue = /([?&;#][^=&;#\s]*=)[^&;#\s]*/g;

/**
 * A URL as a message may quote it: its `user:password@` part and every query value replaced with `***`, by a
 * pattern that needs no parse, so a URL that does not parse is quoted safely too.
 *
 * @param text - the URL as given
 * @returns the text with those parts masked
 * @example
 * shownUrl("htps://me:pw@host:99999/rpc?apikey=K") // "htps://***@host:99999/rpc?apikey=***"
 */
export function shownUrl(text: string): string {
  return text.replace(userInfo, "$1***@").replace(queryValue, "$1***");
}

/**
 * The secrets written into a URL: its `user:password@` part and query parameters named like keys or tokens.
 *
 * @param url - the URL as given
 * @returns the secret values found (empty when none, or when the text is not a URL)
 */
export function credentialsInUrl(url: string): string[] {
  const parsed = URL.parse(url.trim());
  if (!parsed) return [];
  const found = [parsed.username, parsed.password].filter((part) => part !== "");
  for (const [name, value] of parsed.searchParams) if (secretParameter.test(name) && value) found.push(value);
  return found.flatMap((value) => [value, safeDecode(value)]).filter((v, i, all) => all.indexOf(v) === i);
}

/**
 * Refuses an explorer URL that carries credentials: they would not be sent (requests go to the explorer's base
 * URL, with the key as a parameter and a header), and a URL is printed in progress lines and errors.
 *
 * @param url - the explorer URL as given
 * @param field - the input that gave it, for the error
 * @throws {InvalidInputError} when the URL has a `user:password@` part or a key-like query parameter
 */
export function assertNoCredentialsInUrl(url: string, field = "explorerUrl"): void {
  if (credentialsInUrl(url).length === 0) return;
  throw new InvalidInputError(
    field,
    "The explorer URL carries credentials (user:password@ or a key in its query); give the explorer's address alone, and the key as the API key, which is kept out of every log.",
  );
}

/**
 * @param value - a URL's percent-encoded part
 * @returns it decoded, or as it is when it does not decode
 */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
