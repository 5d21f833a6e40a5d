import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** How a run of the bundled Action ended. */
export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** With `interrupt`: milliseconds from the signal to the exit. */
  exitAfterSignalMs?: number;
  /** Milliseconds from the start of the process to its exit. */
  elapsedMs: number;
}

/** A signal sent to the running Action once its output says so. */
export interface ActionInterrupt {
  signal: NodeJS.Signals;
  /** Sent when this first holds for the output so far. */
  when: (stdout: string) => boolean;
}

/**
 * Runs `node dist/index.js` as the runner does: inputs as `INPUT_<NAME>` variables (dashes kept), and temporary
 * `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files.
 *
 * @param inputs - input name (as in action.yml) to value
 * @param workspace - the workflow's workspace folder
 * @param extraEnv - more environment variables (loopback stand-ins for the published list, the Blockscout API)
 * @param bundle - another bundle than dist/index.js (one built fresh from the sources)
 * @param interrupt - a signal to send mid-run (a cancelled workflow)
 * @returns exit code, output, the outputs set and the summary written
 */
export async function runAction(
  inputs: Record<string, string>,
  workspace: string,
  extraEnv: Record<string, string> = {},
  bundle?: string,
  interrupt?: ActionInterrupt,
): Promise<ActionRun> {
  const files = await mkdtemp(join(tmpdir(), "explorer-verify-action-"));
  const outputFile = join(files, "output");
  const summaryFile = join(files, "summary");
  await writeFile(outputFile, "");
  await writeFile(summaryFile, "");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: files,
    // The list's copy never lands in the home folder of whoever runs the tests.
    EXPLORER_VERIFY_CACHE_DIR: join(files, "cache"),
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  let signalledAt: number | undefined;
  const startedAt = Date.now();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [bundle ?? join(repository, "dist", "index.js")], {
        cwd: workspace,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (interrupt && signalledAt === undefined && interrupt.when(out)) {
          signalledAt = Date.now();
          child.kill(interrupt.signal);
        }
      });
      child.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.on("error", reject);
      child.on("close", (exit) => resolve({ code: exit, stdout: out, stderr: err }));
    },
  );
  const exitedAt = Date.now();
  return {
    ...(signalledAt === undefined ? {} : { exitAfterSignalMs: exitedAt - signalledAt }),
    elapsedMs: exitedAt - startedAt,
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(await readFile(outputFile, "utf8")),
    summary: await readFile(summaryFile, "utf8"),
  };
}

/**
 * Reads a GITHUB_OUTPUT file: `name<<DELIMITER\nvalue\nDELIMITER` blocks, as @actions/core writes them.
 *
 * @param text - the file's text
 * @returns output name to value
 */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1] ?? ""] = match[3] ?? "";
  return outputs;
}
