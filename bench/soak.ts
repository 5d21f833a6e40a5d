// 1,000 jobs through the engine against the test explorer with faults: 10 % 5xx, 5 % 429 with rate-limit headers,
// 2 % connection resets, 1 % HTML pages, and `Unknown UID` on the first poll for 10 % of the jobs. Prints how the
// jobs ended, unhandled rejections, guids resubmitted after a pass, whether the API key showed, and the engine's
// peak RSS. Three processes: this one, the explorer (bench/support/soakExplorer.ts) and the engine
// (bench/support/soakEngine.ts, bundled and run with plain Node, as the Action runs).
// Usage: npm run soak -- [--jobs 1000] [--concurrency 32] [--seed 7]
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import type { EngineSummary } from "./support/soakEngine.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "32" },
    seed: { type: "string", default: "7" },
  },
});
const jobCount = Number(values.jobs);

interface ExplorerReport {
  type: "report";
  requests: number;
  faults: Record<string, number>;
  submissionsAfterPass: number;
}

async function nextMessage<T>(child: ChildProcess, name: string): Promise<T> {
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the ${name} process exited (code ${code}) before it reported`);
  });
  const [message] = (await Promise.race([once(child, "message"), exited])) as [T];
  exited.catch(() => {});
  return message;
}

const workDir = await mkdtemp(join(tmpdir(), "soak-"));
const engineBundle = join(workDir, "soakEngine.mjs");
await build({
  entryPoints: [join(import.meta.dirname, "support", "soakEngine.ts")],
  outfile: engineBundle,
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  packages: "bundle",
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'module'; const require = createRequireForBundle(import.meta.url);",
  },
  logLevel: "warning",
});

const explorerProcess = fork(
  join(import.meta.dirname, "support", "soakExplorer.ts"),
  ["--jobs", String(jobCount), "--seed", String(values.seed)],
  { execArgv: ["--import", "tsx"] },
);
try {
  const ready = await nextMessage<{ type: "ready"; url: string }>(explorerProcess, "explorer");
  const engineProcess = fork(
    engineBundle,
    ["--url", ready.url, "--jobs", String(jobCount), "--concurrency", String(values.concurrency)],
    { execArgv: [] },
  );
  const summary = await nextMessage<EngineSummary>(engineProcess, "engine");
  explorerProcess.send({ type: "report" });
  const report = await nextMessage<ExplorerReport>(explorerProcess, "explorer");

  console.log(
    `jobs                       ${jobCount} (concurrency ${values.concurrency}, seed ${values.seed})`,
  );
  console.log(`wall time                  ${(summary.wallMs / 1_000).toFixed(1)} s`);
  console.log(
    `requests                   ${report.requests} (${(report.requests / jobCount).toFixed(2)} per job)`,
  );
  console.log(`faults injected            ${JSON.stringify(report.faults)}`);
  for (const [outcome, count] of [...summary.outcomes].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(5)}  ${outcome}`);
  console.log(`unhandled rejections       ${summary.unhandled}`);
  console.log(`resubmitted after a pass   ${report.submissionsAfterPass}`);
  console.log(`API key in any output      ${summary.keyShown ? "YES" : "no"}`);
  console.log(
    `engine peak RSS            ${summary.peakRssMb.toFixed(0)} MB (its own process, bundled; ${summary.rssBeforeMb.toFixed(0)} MB at start)`,
  );
} finally {
  explorerProcess.kill();
  await rm(workDir, { recursive: true, force: true });
}
