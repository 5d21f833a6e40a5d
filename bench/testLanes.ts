// The suite's time per lane and its slowest suites, read from Jest's own JSON report. Without --report it runs the
// lanes asked for (all three by default, as `npm test` does, or one with --lane) with `--json` and reads what Jest
// wrote; with --report it reads a report written earlier (`npm test -- --json --outputFile=FILE`).
// Usage: npm run bench:test-lanes -- [--lane unit|integration|e2e] [--report FILE] [--slowest 10]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { type Lane, laneOf, lanes } from "../test/support/lanes.mjs";

const { values } = parseArgs({
  options: {
    lane: { type: "string" },
    report: { type: "string" },
    slowest: { type: "string", default: "10" },
  },
});
if (values.lane !== undefined && !lanes.includes(values.lane as Lane)) {
  console.error(`bench:test-lanes: --lane takes ${lanes.join(", ")}; got "${values.lane}".`);
  process.exit(2);
}

interface SuiteResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: unknown[];
}
interface JestReport {
  startTime: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  testResults: SuiteResult[];
}

const repository = join(import.meta.dirname, "..");
let reportPath = values.report;
let wallMs: number | undefined;
let command: string | undefined;
if (reportPath === undefined) {
  reportPath = join(mkdtempSync(join(tmpdir(), "explorer-verify-lanes-")), "report.json");
  const script = values.lane ? ["run", `test:${values.lane}`] : ["test"];
  const started = performance.now();
  const run = spawnSync("npm", [...script, "--", "--json", `--outputFile=${reportPath}`], {
    cwd: repository,
    stdio: ["ignore", "inherit", "inherit"],
  });
  wallMs = performance.now() - started;
  command = `npm ${script.join(" ")}`;
  if (run.status !== 0)
    console.error(`bench:test-lanes: the suite exited ${run.status}; figures follow anyway.`);
}
let report: JestReport;
try {
  report = JSON.parse(readFileSync(reportPath, "utf8")) as JestReport;
} catch (error) {
  console.error(
    `bench:test-lanes: the report ${reportPath} cannot be read (${(error as Error).message}): give a file written by npm test -- --json --outputFile=FILE.`,
  );
  process.exit(2);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const perLane = new Map<
  Lane,
  { suites: number; tests: number; suiteMs: number; first: number; last: number }
>();
for (const suite of report.testResults) {
  const lane = laneOf(relative(repository, suite.name));
  const figures = perLane.get(lane) ?? { suites: 0, tests: 0, suiteMs: 0, first: Infinity, last: 0 };
  figures.suites += 1;
  figures.tests += suite.assertionResults.length;
  figures.suiteMs += suite.endTime - suite.startTime;
  figures.first = Math.min(figures.first, suite.startTime);
  figures.last = Math.max(figures.last, suite.endTime);
  perLane.set(lane, figures);
}
const ends = report.testResults.map((suite) => suite.endTime);
console.log(
  `suites ${report.numTotalTestSuites}, tests ${report.numTotalTests} (${report.numPassedTests} passed, ${report.numFailedTests} failed)`,
);
if (wallMs !== undefined) console.log(`wall, ${command}: ${seconds(wallMs)}`);
console.log(
  `wall, Jest's first suite start to last suite end: ${seconds(Math.max(...ends) - report.startTime)}`,
);
console.log("\nlane          suites  tests  suite time (sum)  first start to last end");
for (const lane of lanes) {
  const figures = perLane.get(lane);
  if (!figures) continue;
  console.log(
    `${lane.padEnd(13)} ${String(figures.suites).padStart(6)} ${String(figures.tests).padStart(6)}  ${seconds(figures.suiteMs).padStart(16)}  ${seconds(figures.last - figures.first).padStart(23)}`,
  );
}
console.log(`\nslowest ${values.slowest} suites`);
const slowest = [...report.testResults]
  .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
  .slice(0, Number(values.slowest));
for (const suite of slowest) {
  const path = relative(repository, suite.name);
  console.log(`${seconds(suite.endTime - suite.startTime).padStart(8)}  ${laneOf(path).padEnd(11)}  ${path}`);
}
