// Time from process start to the first request the explorer receives: the Action bundle; the Hardhat task
// (`explorer-verify status`, and `explorer-verify` of a deployed contract); the standalone CLI's `status` and
// `verify ADDRESS` (the packed bin, run with the same Node); hardhat-verify's
// `hardhat verify blockscout` of the same contract; and bare `node -e 0` as the floor. The contract is verified on
// the explorer already, so both Hardhat tasks stop after their first look.
// Usage: npm run bench:startup -- [--runs 11] [--only action]   (`--only action`: bare Node and the Action bundle)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hardhat, preparePluginProject, removePluginProject } from "../test/support/pluginProject.js";
import { startTestExplorer, type TestExplorer } from "../test/support/testExplorer.js";
import { hardhatCli, node, startBenchChain } from "./support/benchChain.js";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "11" }, only: { type: "string" } },
});
const runs = Number(values.runs);
if (values.only !== undefined && values.only !== "action") {
  console.error(`bench:startup: --only takes "action", got "${values.only}".`);
  process.exit(1);
}
const actionOnly = values.only === "action";
const explorer = await startTestExplorer();
const guid = "00000000000000000000000000000000000000016a86ec40";

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

// Milliseconds from spawning to the first request the explorer records.
async function timeToFirstRequest(
  target: TestExplorer,
  start: () => Promise<unknown>,
  prepare: () => void = () => {},
): Promise<number> {
  target.reset();
  prepare();
  const started = performance.now();
  let first: number | undefined;
  const watcher = setInterval(() => {
    if (first === undefined && target.requests.length > 0) first = performance.now();
  }, 1);
  await start();
  clearInterval(watcher);
  return (first ?? performance.now()) - started;
}

function exitTime(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, ...env },
      stdio: "ignore",
      ...(cwd ? { cwd } : {}),
    });
    child.on("close", () => resolve(performance.now() - started));
  });
}

// The installed package's `explorer-verify` bin, as its package.json names it.
function cliBin(projectDir: string): string {
  const manifest = JSON.parse(
    readFileSync(join(projectDir, "node_modules", "explorer-verify", "package.json"), "utf8"),
  ) as { bin: Record<string, string> };
  const bin = manifest.bin["explorer-verify"];
  if (!bin) throw new Error("the installed package has no explorer-verify bin");
  return bin;
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
const taskVerify: number[] = [];
const hardhatVerify: number[] = [];
const cliStatus: number[] = [];
const cliVerify: number[] = [];
if (actionOnly) await explorer.close();
else await measureHardhatAndCli();

async function measureHardhatAndCli(): Promise<void> {
  const chain = await startBenchChain(explorer.url);
  let project: string | undefined;
  try {
    const token = await chain.deployToken("Startup", 1n);
    const verifiedAlready = () => explorer.backend.addContract(token, { verified: {} });
    project = await preparePluginProject();
    const projectEnv = { FIXTURE_NODE_URL: chain.rpcUrl, FIXTURE_EXPLORER_KEY: "bench-key" };
    // No ledger: the look before the build is what is measured, as hardhat verify makes its first request.
    const taskArgs = [
      "explorer-verify",
      "--network",
      "localhost",
      "--explorer-url",
      explorer.url,
      "--ledger",
      "none",
    ];
    // The first run of each builds the project; it is not counted.
    await hardhat(project, [...taskArgs, token, "Startup", "1"], projectEnv);
    const verifyArgs = [hardhatCli, "verify", "blockscout", "--network", "bench", token, "Startup", "1"];
    await exitTime(node, verifyArgs, chain.env, chain.project);
    for (let i = 0; i < runs; i++) {
      const pluginProject = project;
      task.push(
        await timeToFirstRequest(explorer, () =>
          hardhat(pluginProject, ["explorer-verify", "status", "--explorer-url", explorer.url, guid]),
        ),
      );
      taskVerify.push(
        await timeToFirstRequest(
          explorer,
          () => hardhat(pluginProject, [...taskArgs, token, "Startup", "1"], projectEnv),
          verifiedAlready,
        ),
      );
      const cli = join(pluginProject, "node_modules", "explorer-verify", cliBin(pluginProject));
      cliStatus.push(
        await timeToFirstRequest(explorer, () =>
          exitTime(process.execPath, [cli, "status", guid, "--explorer-url", explorer.url]),
        ),
      );
      cliVerify.push(
        await timeToFirstRequest(
          explorer,
          () =>
            exitTime(
              process.execPath,
              [cli, "verify", token, "Startup", "1", "--contract", "contracts/Token.sol:Token"].concat([
                "--explorer-url",
                explorer.url,
              ]),
              {},
              pluginProject,
            ),
          verifiedAlready,
        ),
      );
      hardhatVerify.push(
        await timeToFirstRequest(
          explorer,
          () => exitTime(node, verifyArgs, chain.env, chain.project),
          verifiedAlready,
        ),
      );
    }
  } finally {
    await removePluginProject(project);
    await chain.stop();
    await explorer.close();
  }
}

const line = (label: string, samples: number[]) =>
  console.log(`${label.padEnd(52)}${median(samples).toFixed(0)} ms`);
console.log(`runs${" ".repeat(48)}${runs} (median)`);
line("node -e 0 (start to exit)", bare);
console.log(
  `${"Action bundle, first request".padEnd(52)}${median(action).toFixed(0)} ms (+${(median(action) - median(bare)).toFixed(0)} ms over bare Node)`,
);
if (actionOnly) process.exit(0);
line("explorer-verify status, first request", task);
line("explorer-verify ADDRESS, first request", taskVerify);
line("hardhat verify blockscout ADDRESS, first request", hardhatVerify);
const overBare = (samples: number[]) => `(+${(median(samples) - median(bare)).toFixed(0)} ms over bare Node)`;
console.log(
  `${"CLI explorer-verify status, first request".padEnd(52)}${median(cliStatus).toFixed(0)} ms ${overBare(cliStatus)}`,
);
console.log(
  `${"CLI explorer-verify verify ADDRESS, first request".padEnd(52)}${median(cliVerify).toFixed(0)} ms ${overBare(cliVerify)}`,
);
