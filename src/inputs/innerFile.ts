import { InvalidInputError } from "../errors/index.js";
import { assertAtMost, type JsonOrigin } from "./jsonFile.js";
import { assertOutsideGitFolder, isInside, realExisting } from "./workspacePath.js";

/**
 * Where a file found *inside* a folder the user named may be read from.
 *
 * A folder the user names (the artifacts folder, an Ignition deployment, Foundry's `out`) is trusted wherever it is:
 * a monorepo sibling or `RUNNER_TEMP` is read where it points. What is found inside it is not: build info ids,
 * artifact ids and the files of `build-info/` come from files that anyone who can push to the repository writes,
 * and what they lead to is read and sent to the explorer. So such a file is read only when, once its symbolic links
 * are followed, it lies inside the folder it was found relative to, or inside the root when there is one (the
 * Action's workspace, the project root, the current folder). That stops an id climbing out
 * (`"buildInfoId": "../../../../outside/evil"`) and a link pointing out (`build-info/x.json → ~/.ssh/id_rsa`), and
 * keeps working a named folder outside the root (its own files are inside it) and a link from one of the user's
 * folders to another inside the root (`artifacts/build-info` → a shared build in the workspace).
 */
export interface InnerFileScope {
  /** The folder the user named, that the file was found relative to. */
  folder: string;
  /** Where files may also be (the Action's workspace, the project root); unset, only `folder`. */
  root?: string;
  /** The input field to report errors on, e.g. `deployment`. */
  field: string;
}

// A name with no folder in it: what Hardhat, Ignition and Foundry write for build info and artifact ids.
const folderPart = /[/\\\0]/;

/**
 * Checks that an id a file gives (a build info id, an artifact id) is a plain file name, not a path.
 *
 * @param name - the id as the file gives it
 * @param field - the input field to report errors on
 * @param holder - what gives it, to start the message: `The Ignition artifact <path> gives the build info id`
 * @returns the name
 * @throws {InvalidInputError} naming the file that gives it, when the name holds a folder or is `.` or `..`
 */
export function plainFileName(name: string, field: string, holder: string): string {
  if (name === "" || name === "." || name === ".." || folderPart.test(name)) {
    throw new InvalidInputError(
      field,
      `${holder} ${JSON.stringify(name)}, which is not a plain file name: an id names a file, without folders or "..".`,
    );
  }
  return name;
}

/**
 * Checks that a file found inside a folder the user named stays inside it (or inside the root) once its symbolic
 * links are followed; see {@link InnerFileScope} for why.
 *
 * @param scope - the folder it was found relative to, the root, the field
 * @param path - the file, as found (e.g. `<deployment>/build-info/<id>.json`)
 * @param what - what the file is, for the message: `build info`, `Ignition artifact`
 * @returns the file's real path (a missing file is left to its reader to report)
 * @throws {InvalidInputError} naming the file when it leads outside
 */
export async function confineInnerFile(scope: InnerFileScope, path: string, what: string): Promise<string> {
  const real = realExisting(path);
  for (const folder of [scope.folder, scope.root]) {
    const realFolder = folder === undefined ? undefined : realExisting(folder);
    if (realFolder === undefined || !isInside(realFolder, real)) continue;
    assertOutsideGitFolder(realFolder, real, scope.field);
    return real;
  }
  const where = scope.root === undefined ? scope.folder : `${scope.folder} and ${scope.root}`;
  throw new InvalidInputError(
    scope.field,
    `The ${what} ${path} leads outside ${where} once its links are followed: only files inside ${scope.root === undefined ? "it" : "them"} are read.`,
  );
}

/** The most the files of one deployment folder read whole may weigh together (hardhat-deploy's, Ignition's). */
export const maxDeploymentFolderBytes = 256_000_000;

/** What is left of a deployment folder's byte budget ({@link maxDeploymentFolderBytes}); `files` names them. */
export type FolderBudget = { bytesLeft: number; files: string };

/**
 * Charges files of a deployment folder to its byte budget before any is read: each stays inside the folder once
 * links are followed and weighs at most `maxFileBytes`, and together no more than the budget left.
 *
 * @param scope - the folder, the root, the field
 * @param budget - the folder's budget, lowered by what the files weigh
 * @param origins - the files
 * @param maxFileBytes - the most one file may weigh (default: the whole budget)
 * @throws {InvalidInputError} naming a file that leads outside or is too large, or the folder over its budget
 */
export async function chargeFolderBudget(
  scope: InnerFileScope,
  budget: FolderBudget,
  origins: readonly JsonOrigin[],
  maxFileBytes = maxDeploymentFolderBytes,
): Promise<void> {
  for (const origin of origins) {
    await confineInnerFile(scope, origin.path, origin.what);
    budget.bytesLeft -= await assertAtMost(origin, maxFileBytes);
  }
  if (budget.bytesLeft < 0)
    throw new InvalidInputError(
      scope.field,
      `The deployments folder ${scope.folder} holds ${maxDeploymentFolderBytes - budget.bytesLeft} bytes of ${budget.files}, more than the ${maxDeploymentFolderBytes} this reader takes for one folder.`,
    );
}
