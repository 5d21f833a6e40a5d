/**
 * The code a failed system call gave its error (`ENOENT`, `ELOOP`, `EEXIST`, …), read without a cast.
 *
 * @param error - whatever was thrown
 * @returns the code, or undefined when the error carries none
 */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}
