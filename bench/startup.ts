// Time from process start to the first request the explorer receives: the Action bundle, the Hardhat task
// (`explorer-verify status`), and bare `node -e 0` as the floor. Usage: npm run bench:startup -- [--runs 11]
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { hardhat, preparePluginProject, removePluginProject } from "../test/support/pluginProject.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "11" } } });
const runs = Number(values.runs);
const explorer = await startTestExplorer();
const guid = "00000000000000000000000000000000000000016a86ec40";

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

// Milliseconds from spawning to the first request the explorer records.
async function timeToFirstRequest(target: TestExplorer, start: () => Promise<unknown>): Promise<number> {
  target.reset();
  const started = performance.now();
  let first: number | undefined;
  const watcher = setInterval(() => {
    if (first === undefined && target.requests.length > 0) first = performance.now();
  }, 1);
  await start();
  clearInterval(watcher);
  return (first ?? performance.now()) - started;
}

function exitTime(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: "ignore" });
    child.on("close", () => resolve(performance.now() - started));
  });
}

const bare: number[] = [];
const action: number[] = [];
const task: number[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(await exitTime(process.execPath, ["-e", "0"]));
  action.push(
    await timeToFirstRequest(explorer, () =>
      exitTime(process.execPath, ["dist/index.js"], {
        "INPUT_EXPLORER-URL": explorer.url,
        INPUT_CONTRACTS: JSON.stringify({
          contracts: [
            {
              address: `0x${"ab".repeat(20)}`,
              format: "flattened",
              contract: "A",
              source: "bench/startup.ts",
              compilerVersion: "v0.8.28+commit.7893614a",
            },
          ],
        }),
      }),
    ),
  );
}
const project = await preparePluginProject();
try {
  for (let i = 0; i < runs; i++) {
    task.push(
      await timeToFirstRequest(explorer, () =>
        hardhat(project, ["explorer-verify", "status", "--explorer-url", explorer.url, guid]),
      ),
    );
  }
} finally {
  await removePluginProject(project);
  await explorer.close();
}

console.log(`runs                          ${runs} (median)`);
console.log(`node -e 0 (start to exit)     ${median(bare).toFixed(0)} ms`);
console.log(
  `Action bundle, first request  ${median(action).toFixed(0)} ms (+${(median(action) - median(bare)).toFixed(0)} ms over bare Node)`,
);
console.log(`Hardhat task, first request   ${median(task).toFixed(0)} ms`);
