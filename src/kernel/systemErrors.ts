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

/**
 * A file-system failure in words a person can act on, from an error of any realm (a test's VM too).
 * @param cause - whatever the file system threw
 * @returns e.g. `no such file`, `permission denied`, else the error's own message
 */
export function fileProblem(cause: unknown): string {
  const code = errnoCode(cause);
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a folder, not a file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (typeof cause !== "object" || cause === null || !("message" in cause)) return String(cause);
  return typeof cause.message === "string" ? cause.message : String(cause);
}
