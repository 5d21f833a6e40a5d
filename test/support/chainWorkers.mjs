// Where each Jest worker keeps the record of its `hardhat node` (test/support/hardhatChain.ts), and how
// globalTeardown stops them all.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The record file of this worker's chain, in the run's scratch folder (test/support/globalSetup.mjs).
 * @returns {string}
 */
export function chainRecordFile() {
  const run = process.env.EXPLORER_VERIFY_TEST_RUN;
  if (!run) throw new Error("EXPLORER_VERIFY_TEST_RUN is not set: run the tests through Jest's globalSetup");
  return join(run, `chain-worker-${process.env.JEST_WORKER_ID ?? "1"}.json`);
}

/**
 * Stops every worker's chain of a run.
 * @param {string} run - the run's scratch folder
 */
export async function stopChainWorkers(run) {
  let names = [];
  try {
    names = await readdir(run);
  } catch {
    return;
  }
  for (const name of names.filter((each) => /^chain-worker-.*\.json$/.test(each))) {
    try {
      const { pid } = JSON.parse(await readFile(join(run, name), "utf8"));
      // The node leads a process group of its own (spawned detached): end the group.
      process.kill(-pid, "SIGTERM");
    } catch {}
  }
}
