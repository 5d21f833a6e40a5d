// The package as users get it: `npm pack` of this checkout, where npm's prepare script builds lib/ first.
// It is packed once per test run and shared by every test file that needs it: the first to ask packs,
// the others wait for its answer (test files run in parallel worker processes).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../inputs/hardhatProject.js";

const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");
const waitStepMs = 250;
const waitLimitMs = 10 * 60_000;

interface PackOutcome {
  tarball?: string;
  error?: string;
}

async function pack(folder: string): Promise<PackOutcome> {
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` };
  try {
    const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", folder], {
      cwd: repoRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { tarball: join(folder, stdout.trim().split("\n").pop() ?? "") };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function readOutcome(path: string): Promise<PackOutcome | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as PackOutcome;
  } catch {
    return undefined;
  }
}

/**
 * The tarball `npm pack` makes of this checkout, made once per test run.
 * @returns the tarball's path
 * @throws when packing failed
 */
export async function packedTarball(): Promise<string> {
  const folder =
    process.env.EXPLORER_VERIFY_TEST_RUN ?? (await mkdtemp(join(tmpdir(), "explorer-verify-pack-")));
  const answer = join(folder, "pack.json");
  let outcome: PackOutcome | undefined;
  try {
    await mkdir(join(folder, "pack.lock"));
    outcome = await pack(folder);
    await writeFile(`${answer}.tmp`, JSON.stringify(outcome));
    await rename(`${answer}.tmp`, answer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    for (let waited = 0; !outcome && waited < waitLimitMs; waited += waitStepMs) {
      outcome = await readOutcome(answer);
      if (!outcome) await new Promise((resolve) => setTimeout(resolve, waitStepMs));
    }
  }
  if (!outcome?.tarball)
    throw new Error(`npm pack failed: ${outcome?.error ?? "no answer from the packing test"}`);
  return outcome.tarball;
}
