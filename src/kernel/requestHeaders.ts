import { InvalidInputError } from "../errors/index.js";
import { isPlainObject, parsedJson } from "./jsonValues.js";

// RFC 9110 field names are tokens; values may not hold line breaks (they would start another header).
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const lineBreak = /[\r\n\0]/;
// Set by the client itself: a custom value would change the request's framing or meaning.
const reservedHeaders = new Set([
  "content-length",
  "content-type",
  "host",
  "transfer-encoding",
  "connection",
]);

/** What Node's HTTP client accepts in a header value: tab, printable ASCII and Latin-1 (no line breaks or controls). */
export const headerValueText = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Shorter header values (`X-Debug: 1`, `X-Env: prod`) are settings, not secrets: hiding them would hide every `1`. */
export const shortestSecretHeaderValue = 8;

/**
 * The custom header values kept out of what is printed: those of {@link shortestSecretHeaderValue} characters or
 * more. They are sent as given and never taken out of the explorer's answers, which are read as they came.
 *
 * @param headers - the checked headers
 * @returns the values to redact from printed text
 * @example
 * secretHeaderValues({ "x-debug": "1", "x-gateway-token": "gw-7f3a9c-secret" }) // ["gw-7f3a9c-secret"]
 */
export function secretHeaderValues(headers: Record<string, string>): string[] {
  return Object.values(headers).filter((value) => value.length >= shortestSecretHeaderValue);
}

/**
 * Checks custom request headers and lower-cases their names, so that one given twice in two spellings is one.
 *
 * @param headers - name to value, as the user gave them
 * @param field - the option or input they came from, for the message
 * @returns the headers with lower-case names
 * @throws {InvalidInputError} for a name that is not a header name, a value with a line break, or a header the
 *   client sets itself
 */
export function checkedHeaders(headers: Record<string, unknown>, field = "headers"): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!headerName.test(name)) {
      throw new InvalidInputError(field, `${field}: "${name}" is not a valid HTTP header name.`);
    }
    if (typeof value !== "string" || lineBreak.test(value)) {
      // The value is not shown: it may be a secret.
      throw new InvalidInputError(field, `${field}: the value of ${name} must be text on one line.`);
    }
    if (reservedHeaders.has(name.toLowerCase())) {
      throw new InvalidInputError(
        field,
        `${field}: ${name} is set by explorer-verify itself and cannot be given.`,
      );
    }
    checked[name.toLowerCase()] = value.trim();
  }
  return checked;
}

/**
 * Reads headers written as a JSON object (`{"X-Gateway-Token": "…"}`) or as `Name: value` lines (blank lines
 * and lines starting with `#` are skipped).
 *
 * @param text - the text
 * @param field - the option or input it came from, for the message
 * @returns the headers with lower-case names
 * @throws {InvalidInputError} for text that is neither form, or a header {@link checkedHeaders} refuses
 */
export function parseHeaderText(text: string, field = "headers"): Record<string, string> {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  if (trimmed.startsWith("{")) {
    const json = parsedJson(trimmed);
    if (!isPlainObject(json)) {
      throw new InvalidInputError(
        field,
        `${field}: ${json === undefined ? "not valid JSON; " : ""}give an object of header names to values, or Name: value lines.`,
      );
    }
    return checkedHeaders(json, field);
  }
  const headers: Record<string, string> = {};
  for (const [index, line] of trimmed.split(/\r?\n/).entries()) {
    const content = line.trim();
    if (content === "" || content.startsWith("#")) continue;
    const colon = content.indexOf(":");
    if (colon <= 0) {
      throw new InvalidInputError(field, `${field}: line ${index + 1} is not "Name: value".`);
    }
    headers[content.slice(0, colon).trim()] = content.slice(colon + 1).trim();
  }
  return checkedHeaders(headers, field);
}

/**
 * Headers with the User-Agent a run's `user-agent` setting names, which wins over one given among the headers.
 *
 * @param headers - the checked headers (lower-case names)
 * @param userAgent - the setting's value, or undefined to keep the headers as they are
 * @returns the headers to send
 * @example
 * withUserAgent({ "x-gateway-token": "…" }, "Mozilla/5.0 (X11; Linux x86_64)") // { "x-gateway-token": "…", "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" }
 */
export function withUserAgent(
  headers: Record<string, string>,
  userAgent: string | undefined,
): Record<string, string> {
  return userAgent ? { ...headers, "user-agent": userAgent } : headers;
}
