import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { InvalidInputError } from "../errors/index.js";

/**
 * Resolves a path an input names (a manifest entry's `source`, `standardJsonInput`, `metadata`, `sources`, a
 * deployment file) and checks that it lies inside the root after symbolic links are followed: such files are read
 * and sent to the explorer, so a path must not reach the workspace's neighbours (`../../etc/passwd`,
 * `/proc/self/environ`, a link pointing out).
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
  return real;
}

/**
 * Resolves a file a workflow names by a relative path (the Action's `bundle`, `contracts`): read where it points
 * when it names a place outside the workspace (a sibling checkout), but a path that names a place inside the
 * workspace must stay there once links are followed. The workspace holds what a pull request wrote, links included,
 * and a link to the runner's own files (a token, a key) would otherwise be read, or shown in an error. An absolute
 * path is the workflow's own choice (`${{ runner.temp }}/bundle.json`) and is read as given.
 */
export async function resolveWorkspaceInput(root: string, path: string, field: string): Promise<string> {
  const absolute = resolve(root, path);
  if (isAbsolute(path) || !isInside(resolve(root), absolute)) return absolute;
  const real = realExisting(absolute);
  if (!isInside(realExisting(resolve(root)), real))
    throw new InvalidInputError(
      field,
      `Input ${field} names ${path}, a link that leads outside the workspace ${root}: it is not read. Name a file outside the workspace by its absolute path.`,
    );
  return real;
}

/** Whether a path (already resolved) lies inside a folder. */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`));
}

/**
 * The real path of the deepest part of a path that exists, with the rest appended: a missing file is reported by
 * its reader, not here.
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
