/**
 * An instant as ISO 8601 to the second (`2026-01-02T03:04:05Z`), as a report shows a reset.
 *
 * @param ms - milliseconds since the epoch
 * @returns the text, or undefined for a number no date holds (past ±8.64e15 ms, or not finite)
 */
export function isoSeconds(ms: number): string | undefined {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d+Z$/, "Z");
}
