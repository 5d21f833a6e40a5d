// Readers of JSON text and of the values parsed from it.

/**
 * @param text - JSON text, or none
 * @returns its value, or undefined when there is none or it is not JSON
 */
export function parsedJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * @param value - a parsed value
 * @returns whether it is an object, not null nor an array
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads a flag sent as `"1"`, `"true"`, `1` or `true`.
 *
 * @param value - the wire value
 * @returns true for the true forms
 */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/**
 * JSON with every object's keys sorted and no spaces: the text a bundle's input keys and the ledger's input hashes
 * hash, the same for the same value whoever writes it.
 *
 * @param value - a JSON value (keys whose value is undefined are left out; a bigint is written as `"123n"`)
 * @returns its canonical text
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(`${value}n`);
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  const fields = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`);
  return `{${fields.join(",")}}`;
}
