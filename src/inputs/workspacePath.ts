import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { InvalidInputError } from "../errors/index.js";

/**
 * Resolves a path an input names (a manifest entry's `source`, `standardJsonInput`, `metadata`, `sources`, a
 * deployment file) and checks that it lies inside the root after symbolic links are followed: such files are read
 * and sent to the explorer, so a path must not reach the workspace's neighbours (`../../etc/passwd`,
 * `/proc/self/environ`, a link pointing out).
 *
 * @param root - the folder every file must be inside (the Action's workspace, the project root)
 * @param baseDir - where a relative path starts
 * @param path - the path as the input gives it
 * @param field - the input that names it, e.g. `contracts[2].source`
 * @returns the absolute path (symbolic links followed when the file exists)
 * @throws {InvalidInputError} naming the entry when the path leads outside the root
 * @example
 * const source = await resolveInsideRoot(workspace, workspace, "flat/Box.sol", "contracts[0].source");
 */
export async function resolveInsideRoot(
  root: string,
  baseDir: string,
  path: string,
  field: string,
): Promise<string> {
  const absolute = resolve(baseDir, path);
  const realRoot = realExisting(resolve(root));
  const real = realExisting(absolute);
  if (!isInside(realRoot, real)) {
    const throughLinks = isInside(resolve(root), absolute) || isInside(realRoot, absolute);
    throw new InvalidInputError(
      field,
      `${field} names ${path}, which is outside the workspace ${root}${throughLinks ? " once its links are followed" : ""}: only files inside it are read.`,
    );
  }
  assertOutsideGitFolder(realRoot, real, field);
  return real;
}

/**
 * Refuses a file inside a `.git` folder of the root: what is read may be sent to an explorer, and a checkout's
 * `.git/config` holds its credentials (actions/checkout keeps the job's token there).
 *
 * @param root - the real root
 * @param real - the file's real path, inside the root
 * @param field - the input that led to it
 * @throws {InvalidInputError} naming the file when a `.git` folder holds it
 */
export function assertOutsideGitFolder(root: string, real: string, field: string): void {
  // Named in any case: macOS and Windows runners find `.GIT/config` at `.git/config`.
  if (
    relative(root, real)
      .split(sep)
      .some((part) => part.toLowerCase() === ".git")
  )
    throw new InvalidInputError(
      field,
      `${real} is inside a .git folder, which holds the checkout's credentials: it is not read.`,
    );
}

/**
 * Resolves a file a workflow names by a relative path (the Action's `bundle`, `contracts`): read where it points
 * when it names a place outside the workspace (a sibling checkout), but a path that names a place inside the
 * workspace must stay there once links are followed. The workspace holds what a pull request wrote, links included,
 * and a link to the runner's own files (a token, a key) would otherwise be read, or shown in an error. An absolute
 * path is the workflow's own choice (`${{ runner.temp }}/bundle.json`) and is read as given.
 *
 * @param root - the workspace
 * @param path - the path as the input gives it
 * @param field - the input that names it (`ledger`), or the flag (`--ledger`)
 * @returns the absolute path (symbolic links followed when it lies inside the workspace)
 * @throws {InvalidInputError} naming the input when a link leads outside the workspace
 * @example
 * const bundle = resolveWorkspaceInput(process.env.GITHUB_WORKSPACE, "verification.json", "bundle");
 */
export function resolveWorkspaceInput(root: string, path: string, field: string): string {
  const absolute = resolve(root, path);
  if (isAbsolute(path) || !isInside(resolve(root), absolute)) return absolute;
  const real = realExisting(absolute);
  const realRoot = realExisting(resolve(root));
  if (!isInside(realRoot, real))
    throw new InvalidInputError(
      field,
      `${field.startsWith("--") ? field : `Input ${field}`} names ${path}, a link that leads outside the workspace ${root}: it is not read. Name a file outside the workspace by its absolute path.`,
    );
  assertOutsideGitFolder(realRoot, real, field);
  return real;
}

/**
 * Whether a path (already resolved) lies inside a folder.
 *
 * @param folder - an absolute folder
 * @param path - an absolute path
 * @returns true for the folder itself and anything below it
 */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`));
}

/**
 * The real path of the deepest part of a path that exists, with the rest appended: a missing file is reported by
 * its reader, not here.
 *
 * @param path - an absolute path
 * @returns the path with every symbolic link of its existing part followed
 */
export function realExisting(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(realExisting(parent), relative(parent, path));
  }
}
