import type { Stats } from "node:fs";

/**
 * Why a kept file or folder may hold what a stranger wrote, as ssh judges its keys: another user owns it, or its
 * group or others may write to it. Windows has no such modes or owners.
 *
 * @param stats - the file's or folder's stats
 * @returns the reason (`is writable by others (mode 666)`), or nothing when it is the user's own
 */
export function strangersHold(stats: Stats): string | undefined {
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `is owned by another user (uid ${stats.uid})`;
  if (process.platform === "win32" || (stats.mode & 0o022) === 0) return undefined;
  const by = stats.mode & 0o002 ? "others" : "its group";
  return `is writable by ${by} (mode ${(stats.mode & 0o777).toString(8)})`;
}
