// At least 500 generated malformed inputs through the library, plus 20 through the Hardhat task and 20 through
// the Action bundle: each must end in a specific validation error, and the explorer must receive no request.
// Usage: npm run fuzz:inputs -- [--seed 11] [--skip-wrappers]
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkVerifyStatus } from "../src/client/contract/checkVerifyStatus.js";
import { getAbi } from "../src/client/contract/getAbi.js";
import { getContractCreation } from "../src/client/contract/getContractCreation.js";
import { listContracts } from "../src/client/contract/listContracts.js";
import { verify } from "../src/client/contract/verify.js";
import { isExplorerVerifyError } from "../src/errors/explorerVerifyError.js";
import { readManifest } from "../src/inputs/manifest.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { hardhat, preparePluginProject, removePluginProject } from "../test/support/pluginProject.js";
import { startTestExplorer } from "../test/support/testExplorer.js";
import { transportFor } from "../test/support/transportFor.js";

const { values } = parseArgs({
  options: { seed: { type: "string", default: "11" }, "skip-wrappers": { type: "boolean", default: false } },
});
let state = Number(values.seed) >>> 0 || 1;
const random = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const hex = (length: number) => Array.from({ length }, () => pick([..."0123456789abcdef"])).join("");
const junk = (length: number) =>
  Array.from({ length }, () => pick([..."xyz!@# -_.:/\\\"'é🙂0123456789abcdefABCDEF"])).join("");

function badAddress(): unknown {
  return pick<() => unknown>([
    () => `0x${hex(Math.floor(random() * 39))}`,
    () => `0x${hex(41 + Math.floor(random() * 20))}`,
    () => hex(40),
    () => `0x${hex(39)}${pick(["g", "z", " ", "!"])}`,
    () => junk(1 + Math.floor(random() * 50)),
    () => "",
    () => pick([null, undefined, 42, true, {}, []]),
  ])();
}
const badGuid = () =>
  pick<() => unknown>([
    () => junk(1 + Math.floor(random() * 30)),
    () => hex(5),
    () => `${hex(30)} ${hex(20)}`,
    () => "",
    () => pick([null, 7, {}]),
  ])();
const badVersion = () =>
  pick<() => unknown>([
    () => `${Math.floor(random() * 9)}.${Math.floor(random() * 30)}`,
    () => `v0.8.${Math.floor(random() * 30)}+commit.${hex(7)}`,
    () => junk(8),
    () => "latest",
    () => "",
  ])();

const explorer = await startTestExplorer();
const transport = transportFor(explorer);
const good = `0x${"ab".repeat(20)}`;
const cases: Array<[string, () => Promise<unknown>]> = [];
for (let i = 0; i < 120; i++)
  cases.push(["address", () => getAbi(transport, { address: badAddress() as string })]);
for (let i = 0; i < 80; i++)
  cases.push(["guid", () => checkVerifyStatus(transport, { guid: badGuid() as string })]);
for (let i = 0; i < 80; i++) {
  cases.push([
    "compiler version",
    () =>
      verify(transport, {
        address: good,
        name: "A",
        compilerVersion: badVersion() as string,
        optimization: false,
        contractSourceCode: "contract A {}",
      }),
  ]);
}
for (let i = 0; i < 60; i++) {
  // Each map is wrong in one way: too many slots, a malformed address, or an empty name.
  const flaw = pick(["too many", "address", "name"]);
  const size = flaw === "too many" ? pick([6, 7, 9]) : pick([1, 2, 3]);
  const libraries = Object.fromEntries(
    Array.from({ length: size }, (_, j) => [
      flaw === "name" && j === 0 ? "" : `L${j}`,
      flaw === "address" && j === 0 ? String(badAddress()) : good,
    ]),
  );
  cases.push([
    "library map",
    () =>
      verify(transport, {
        address: good,
        name: "A",
        compilerVersion: "v0.8.28+commit.7893614a",
        optimization: false,
        contractSourceCode: "contract A {}",
        libraries,
      }),
  ]);
}
for (let i = 0; i < 40; i++) {
  const page = pick([undefined, -1, 1.5, 3]);
  const offset = page === undefined ? pick([5, 10]) : pick([undefined, -2, 0.5]);
  cases.push([
    "page/offset",
    () =>
      listContracts(transport, {
        ...(page === undefined ? {} : { page }),
        ...(offset === undefined ? {} : { offset }),
      }),
  ]);
}
for (let i = 0; i < 40; i++)
  cases.push([
    "contract addresses",
    () => getContractCreation(transport, { addresses: [good, badAddress() as string] }),
  ]);
for (let i = 0; i < 80; i++) {
  const entry = pick<() => unknown>([
    () => ({
      address: badAddress(),
      contract: "A",
      standardJsonInput: "x.json",
      compilerVersion: "v0.8.28+commit.7893614a",
    }),
    () => ({ address: good, format: pick(["vyperr", "solidity", 42]), contract: "A" }),
    () => ({
      address: good,
      format: "flattened",
      contract: "A",
      source: "missing.sol",
      compilerVersion: badVersion(),
    }),
    () => ({ address: good }),
    () => junk(5),
  ])();
  cases.push([
    "manifest",
    () => readManifest(JSON.stringify({ contracts: [entry] }), { cwd: tmpdir(), artifactsDir: tmpdir() }),
  ]);
}
for (let i = 0; i < 5; i++) {
  cases.push([
    "oversized source",
    () =>
      verify(transport, {
        address: good,
        name: "A",
        compilerVersion: "v0.8.28+commit.7893614a",
        optimization: false,
        contractSourceCode: "x".repeat(20_000_001 + i),
      }),
  ]);
}
const engineJobs = Array.from({ length: 20 }, () => ({
  address: badAddress() as string,
  source: {
    format: "flattened" as const,
    sourceCode: "contract A {}",
    compilerVersion: badVersion() as string,
    contractName: "A",
    optimizer: { enabled: false },
  },
}));

const failures: string[] = [];
const byCategory = new Map<string, number>();
for (const [category, call] of cases) {
  byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
  try {
    await call();
    failures.push(`${category}: accepted`);
  } catch (error) {
    if (!isExplorerVerifyError(error) || error.code !== "invalid_input")
      failures.push(`${category}: ${String(error).split("\n")[0]}`);
  }
}
const engineResults = await verifyBatch(engineJobs, { explorerUrl: explorer.url });
for (const result of engineResults)
  if (result.status !== "failed" || result.attempts !== 0) failures.push(`engine job: ${result.status}`);
byCategory.set("engine job", engineJobs.length);
const libraryRequests = explorer.requests.length;

let taskRuns = 0;
let actionRuns = 0;
if (!values["skip-wrappers"]) {
  const project = await preparePluginProject();
  try {
    for (let i = 0; i < 20; i++) {
      const args =
        i % 2 === 0
          ? ["explorer-verify", "--explorer-url", explorer.url, String(badAddress() || "0x1")]
          : ["explorer-verify", "status", "--explorer-url", explorer.url, String(badGuid() || "?")];
      const outcome = await hardhat(project, args);
      taskRuns++;
      if (
        outcome.code !== 1 ||
        !/Error in community plugin explorer-verify: (".*" is not an address|Invalid guid)/.test(
          outcome.stderr,
        )
      )
        failures.push(`task ${args.join(" ")}: ${outcome.stderr.split("\n")[0]}`);
    }
  } finally {
    await removePluginProject(project);
  }
  const workspace = await mkdtemp(join(tmpdir(), "explorer-verify-fuzz-"));
  try {
    for (let i = 0; i < 20; i++) {
      const manifest = JSON.stringify({
        contracts: [
          {
            address: badAddress(),
            contract: "A",
            standardJsonInput: "x.json",
            compilerVersion: "v0.8.28+commit.7893614a",
          },
        ],
      });
      const { code, stdout } = await runBundle(
        { "INPUT_EXPLORER-URL": explorer.url, INPUT_CONTRACTS: manifest },
        workspace,
      );
      actionRuns++;
      if (
        code !== 1 ||
        !/::error::contracts\[0\]\.address (.* is not an address|must be a string)/.test(stdout)
      )
        failures.push(`action: ${stdout.split("\n")[0]}`);
    }
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
await explorer.close();

console.log(`library inputs    ${cases.length + engineJobs.length}`);
for (const [category, count] of byCategory) console.log(`  ${String(count).padStart(4)}  ${category}`);
console.log(`task runs         ${taskRuns}`);
console.log(`action runs       ${actionRuns}`);
console.log(`requests received ${explorer.requests.length} (library alone: ${libraryRequests})`);
console.log(`not rejected with a specific validation error: ${failures.length}`);
for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
process.exitCode = failures.length === 0 && explorer.requests.length === 0 ? 0 : 1;

function runBundle(
  env: Record<string, string>,
  workspace: string,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "..", "dist", "index.js")], {
      cwd: workspace,
      env: { PATH: process.env.PATH, GITHUB_WORKSPACE: workspace, ...env },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on("close", (code) => resolve({ code, stdout }));
  });
}
