// Runs the real Hardhat 3 CLI on a copy of test/fixtures/hardhat-project (Jest cannot host Hardhat in-process).
// Each test file works in its own temporary copy, so parallel test files never share artifacts.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const hardhatFixture = join(repoRoot, "test", "fixtures", "hardhat-project");
export const foundryFixture = join(repoRoot, "test", "fixtures", "foundry-project");

const binDir = join(repoRoot, "node_modules", ".bin");
// Hardhat 3 needs Node 22.13+: the pinned Node from the npm `node` package, whatever runs Jest.
const nodeBinary = existsSync(join(binDir, "node")) ? join(binDir, "node") : process.execPath;
const hardhatCli = join(repoRoot, "node_modules", "hardhat", "dist", "src", "cli.js");
const generatedFolders = new Set(["artifacts", "cache", "node_modules", "deployments"]);

/**
 * Copies the fixture project to a temporary folder, with `node_modules` linked to the repository's.
 *
 * @returns the copy's folder
 */
export async function copyHardhatProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "explorer-verify-hardhat-"));
  await cp(hardhatFixture, dir, {
    recursive: true,
    filter: (source) =>
      !relative(hardhatFixture, source)
        .split(sep)
        .some((part) => generatedFolders.has(part)),
  });
  await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * Removes a temporary project copy.
 *
 * @param dir - the copy's folder
 */
export async function removeProject(dir: string | undefined): Promise<void> {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

function hardhatEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
    ...extra,
  };
}

function startHardhat(projectDir: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(nodeBinary, [hardhatCli, ...args], {
    cwd: projectDir,
    env: hardhatEnvironment(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Runs `hardhat <args>` in a project and waits for it to finish.
 *
 * @param projectDir - the project folder
 * @param args - e.g. `["build"]`
 * @param env - extra environment variables
 * @returns what the command printed
 */
export function runHardhat(
  projectDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = startHardhat(projectDir, args, env);
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`hardhat ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** A `hardhat node` serving on 127.0.0.1. */
export interface HardhatNode {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `hardhat node` on a free port of 127.0.0.1 and waits until it serves.
 *
 * @param projectDir - the project folder
 * @returns its URL and a way to stop it
 */
export async function startHardhatNode(projectDir: string): Promise<HardhatNode> {
  const port = await freePort();
  const child = startHardhat(projectDir, ["node", "--hostname", "127.0.0.1", "--port", String(port)], {});
  const exited = new Promise<void>((resolveExit) => child.on("close", () => resolveExit()));
  await new Promise<void>((resolveStart, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Started HTTP")) resolveStart();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("close", (code) => reject(new Error(`hardhat node exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
