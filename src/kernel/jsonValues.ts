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
