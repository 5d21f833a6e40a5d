// The plugin as users get it: `npm pack` of this repository, unpacked into the node_modules of a copy of
// test/fixtures/plugin-project, whose other packages are links to the repository's.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../inputs/hardhatProject.js";
import { oncePerRun } from "./oncePerRun.js";
import { packedTarball } from "./packedPackage.js";

const run = promisify(execFile);
const pluginProjectContracts = ["Token.sol", "MathLib.sol", "Calculator.sol", "Box.sol", "SimpleProxy.sol"];
const binDir = join(repoRoot, "node_modules", ".bin");
const nodeBinary = join(binDir, "node");
const hardhatCli = join(repoRoot, "node_modules", "hardhat", "dist", "src", "cli.js");

/** Which user project to make. */
export interface PluginProjectOptions {
  /** A folder of test/fixtures; default `plugin-project`. */
  fixture?: string;
  /** Packages of this repository's node_modules the project does not get, e.g. `solc`. */
  withoutPackages?: string[];
}

/**
 * Makes a user project that installs the packed package (packed without building first: npm's prepare script builds
 * it). The project is built once per test run, with the profile deployments and the task use (`production`), and each
 * caller gets a copy whose compile cache names the copy's own paths, so that Hardhat finds the copy built.
 * @param options - which fixture project, and packages to leave out
 * @returns the project's folder
 */
export async function preparePluginProject(options: PluginProjectOptions = {}): Promise<string> {
  const fixture = options.fixture ?? "plugin-project";
  const withoutPackages = [...(options.withoutPackages ?? [])].sort();
  const template = await oncePerRun(
    ["plugin", fixture, ...withoutPackages].join("-").replace(/[^\w-]/g, "_"),
    async (folder) => {
      const project = join(folder, "project");
      await makePluginProject(project, fixture, withoutPackages);
      // A fixture that does not build as it is (a test's to edit first) is copied unbuilt.
      await hardhat(project, ["build", "--build-profile", "production"]);
      return project;
    },
  );
  const dir = await mkdtemp(join(tmpdir(), "explorer-verify-plugin-"));
  const project = join(dir, "project");
  await cp(template, project, { recursive: true, verbatimSymlinks: true });
  const compileCache = join(project, "cache", "compile-cache.json");
  if (existsSync(compileCache)) {
    const text = await readFile(compileCache, "utf8");
    await writeFile(
      compileCache,
      text.split(JSON.stringify(template).slice(1, -1)).join(JSON.stringify(project).slice(1, -1)),
    );
  }
  return project;
}

async function makePluginProject(project: string, fixture: string, withoutPackages: string[]): Promise<void> {
  const tarball = await packedTarball();
  await cp(join(repoRoot, "test", "fixtures", fixture), project, { recursive: true });
  // The project's contracts are the local-explorer fixture's, kept in one place.
  for (const name of pluginProjectContracts) {
    await cp(
      join(repoRoot, "test", "fixtures", "local-explorer", "contracts", name),
      join(project, "contracts", name),
    );
  }
  const modules = join(project, "node_modules");
  await mkdir(join(modules, "explorer-verify"), { recursive: true });
  await run("tar", ["xzf", tarball, "-C", join(modules, "explorer-verify"), "--strip-components=1"]);
  for (const entry of await readdir(join(repoRoot, "node_modules"))) {
    if (entry !== "explorer-verify" && !withoutPackages.includes(entry))
      await symlink(join(repoRoot, "node_modules", entry), join(modules, entry));
  }
}

/**
 * Removes a prepared project.
 * @param project - the project's folder
 */
export async function removePluginProject(project: string | undefined): Promise<void> {
  if (project) await rm(join(project, ".."), { recursive: true, force: true });
}

/** What a command printed, and how it ended. */
export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npx hardhat <args>` in a project, as a user would (the pinned Node first on PATH).
 * @param project - the project's folder
 * @param args - the command line after `hardhat`
 * @param env - extra environment variables
 * @returns exit code and output
 */
export function hardhat(
  project: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    // Hardhat always prints stack traces on CI servers; a user's terminal is what is tested here.
    const {
      CI: _ci,
      GITHUB_ACTIONS: _actions,
      CONTINUOUS_INTEGRATION: _continuous,
      ...userEnvironment
    } = process.env;
    const child = spawn(nodeBinary, [hardhatCli, ...args], {
      cwd: project,
      env: {
        ...userEnvironment,
        PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
        NO_COLOR: "1",
        FORCE_COLOR: "0",
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
        ...env,
      },
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
