// One scratch folder per test run, named in an environment variable that the test files inherit, so work
// done once per run (packing the package: test/support/packedPackage.ts) is shared between them.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default async function setup() {
  process.env.EXPLORER_VERIFY_TEST_RUN = await mkdtemp(join(tmpdir(), "explorer-verify-test-run-"));
  // The workers' chains outlive a run stopped short of globalTeardown (Ctrl-C) by no more than a second.
  process.env.EXPLORER_VERIFY_TEST_MAIN_PID = String(process.pid);
  // Every local explorer, preflight and service stand-in of the run, in-process or in a door's child process, keeps
  // its compilations here: an input is compiled for real once per run.
  process.env.EXPLORER_VERIFY_COMPILE_CACHE = join(process.env.EXPLORER_VERIFY_TEST_RUN, "compilations");
}
