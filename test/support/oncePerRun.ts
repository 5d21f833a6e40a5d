// Work done once per test run and shared by every test file that needs it (test files run in parallel worker
// processes): the first to ask does it, the others wait for its answer, kept in the run's scratch folder
// (test/support/globalSetup.mjs). Outside Jest, each caller does the work itself.
import { mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const waitStepMs = 100;
const waitLimitMs = 10 * 60_000;

type Outcome<T> = { value: T } | { error: string };

async function readOutcome<T>(path: string): Promise<Outcome<T> | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as Outcome<T>;
  } catch {
    return undefined;
  }
}

/**
 * Does a piece of work once per test run.
 * @param name - the work's name, unique in the run (a file name: letters, digits, dashes)
 * @param work - does it, given a folder of its own to write in; its answer must be JSON
 * @returns the answer of the one call that did the work
 * @throws with the first call's error when the work failed
 */
export async function oncePerRun<T>(name: string, work: (folder: string) => Promise<T>): Promise<T> {
  const run = process.env.EXPLORER_VERIFY_TEST_RUN;
  const folder = join(run ?? (await mkdtemp(join(tmpdir(), "explorer-verify-once-"))), name);
  const answer = `${folder}.json`;
  let outcome: Outcome<T> | undefined;
  try {
    await mkdir(folder);
    try {
      outcome = { value: await work(folder) };
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    await writeFile(`${answer}.tmp`, JSON.stringify(outcome));
    await rename(`${answer}.tmp`, answer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    for (let waited = 0; !outcome && waited < waitLimitMs; waited += waitStepMs) {
      outcome = await readOutcome<T>(answer);
      if (!outcome) await new Promise((resolve) => setTimeout(resolve, waitStepMs));
    }
  }
  if (!outcome) throw new Error(`${name}: no answer from the test file doing it`);
  if ("error" in outcome) throw new Error(`${name} failed: ${outcome.error}`);
  return outcome.value;
}
