// The CLI as users get it: `npm pack` of this repository, unpacked into the node_modules of a copy of
// test/fixtures/foundry-project (a project without Hardhat), whose other packages are links to the repository's.
import { execFile, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { foundryFixture, repoRoot } from "../inputs/hardhatProject.js";
import { packedTarball } from "./packedPackage.js";

const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");
/** The Node that npm pinned (22.13+ as `engines` says), whatever runs Jest. */
export const pinnedNode = join(binDir, "node");

/** A user project with the packed package installed. */
export interface CliProject {
  /** The project's folder (a copy of the Foundry fixture). */
  dir: string;
  /** The installed `explorer-verify` bin's file, as package.json names it. */
  bin: string;
}

/**
 * Makes a Foundry project that installs the packed package (test/support/packedPackage.ts).
 * @returns the project
 */
export async function prepareCliProject(): Promise<CliProject> {
  const root = await mkdtemp(join(tmpdir(), "explorer-verify-cli-"));
  const dir = join(root, "project");
  await cp(foundryFixture, dir, { recursive: true });
  return { dir, bin: await installPackedPackage(dir) };
}

/**
 * Makes an empty folder, as on a machine that has neither the project nor its build: only the packed package in its
 * node_modules, beside links to the repository's other packages, with neither Hardhat nor any npm `solc` among them.
 * @returns the folder, as a project the CLI runs in
 */
export async function prepareEmptyFolder(): Promise<CliProject> {
  const root = await mkdtemp(join(tmpdir(), "explorer-verify-empty-"));
  const dir = join(root, "elsewhere");
  await mkdir(dir);
  return { dir, bin: await installPackedPackage(dir, { withoutCompilers: true }) };
}

/**
 * Installs the packed package in a project folder: unpacked into its node_modules, beside links to the
 * repository's other packages (Hardhat left out: the CLI must run without it).
 * @param dir - the project folder
 * @param options - `withoutCompilers`: no npm `solc` (nor its aliases `solc-0.x`) among the links
 * @returns the installed `explorer-verify` bin's file, as package.json names it
 */
export async function installPackedPackage(
  dir: string,
  options: { withoutCompilers?: boolean } = {},
): Promise<string> {
  const tarball = await packedTarball();
  const modules = join(dir, "node_modules");
  const installed = join(modules, "explorer-verify");
  await mkdir(installed, { recursive: true });
  await run("tar", ["xzf", tarball, "-C", installed, "--strip-components=1"]);
  for (const entry of await readdir(join(repoRoot, "node_modules"))) {
    if (entry === "explorer-verify" || entry === "hardhat" || entry === ".bin") continue;
    if (options.withoutCompilers && /^solc(-|$)/.test(entry)) continue;
    await symlink(join(repoRoot, "node_modules", entry), join(modules, entry));
  }
  const manifest = JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  const bin = manifest.bin["explorer-verify"];
  if (!bin) throw new Error("package.json has no explorer-verify bin");
  return join(installed, bin);
}

/**
 * Removes a prepared project and its tarball.
 * @param project - the project
 */
export async function removeCliProject(project: CliProject | undefined): Promise<void> {
  if (project) await rm(join(project.dir, ".."), { recursive: true, force: true });
}

/** What a command printed, and how it ended. */
export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `explorer-verify <args>` in the project with the pinned Node, as a terminal user would (no TTY, so no
 * colours).
 * @param project - the project
 * @param args - the command line after `explorer-verify`
 * @param env - variables to set; `undefined` removes one
 * @returns exit code and output
 */
export function explorerVerify(
  project: CliProject,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const {
      EXPLORER_VERIFY_API_KEY: _key,
      NO_COLOR: _noColor,
      FORCE_COLOR: _forceColor,
      ...userEnvironment
    } = process.env;
    const environment: Record<string, string | undefined> = { ...userEnvironment, ...env };
    for (const [name, value] of Object.entries(environment))
      if (value === undefined) delete environment[name];
    const child = spawn(pinnedNode, [project.bin, ...args], {
      cwd: project.dir,
      env: environment,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
