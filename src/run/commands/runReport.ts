// What a door renders of a run: the reporter it hands a request (its progress lines, table and `--json`), the
// run's records, and what they make of the exit code. The hall's report, seen through its face.
export { RunReporter, type RunReporterOptions } from "../report/runReporter.js";
export { type RunResults, runExitCode, runSucceeded } from "../report/runResults.js";
