import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import type { SubmissionVerdict } from "../../src/local-explorer/judgeSubmission.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { loadSolcJsCompiler, parseCompilerOutput } from "../../src/recompile/compiler.js";
import { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// What is asserted here is compiling itself: no compilation kept by the run is read back.
delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;

// A submission that crashes solc-js (a WebAssembly trap) fails with a reason, and the compiler is replaced: later
// submissions of the same compiler version verify. The crash is real: solc-js 0.8.28 traps on a contract of
// 16,000 functions within a couple of seconds.
const require = createRequire(import.meta.url);
const npmSoljson = require.resolve("solc/soljson.js");
const crashText = `The solc-js compiler ${npmSoljson} crashed on this input: memory access out of bounds. A native solc (on PATH, or named as a compiler) may compile it.`;

let chain: HardhatChain;
let build: FixtureBuild;
let token: string;

/** A standard JSON input of one contract with 16,000 functions: solc-js runs out of memory on it. */
function hugeInput(): string {
  const functions = Array.from(
    { length: 16_000 },
    (_, i) => `    function f${i}(uint256 x) external pure returns (uint256) { return x + ${i}; }\n`,
  );
  const content = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Big {\n${functions.join("")}}\n`;
  return JSON.stringify({
    language: "Solidity",
    sources: { "contracts/Big.sol": { content } },
    settings: { outputSelection: { "*": { "*": ["evm.deployedBytecode"] } } },
  });
}

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  token = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Token.sol", "Token", ["Crash", 1n]);
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

async function settled(client: ExplorerClient, guid: string) {
  for (;;) {
    const status = await client.checkVerifyStatus({ guid: guid });
    if (status.state !== "pending") return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a submission that crashes the compiler in a worker thread", () => {
  let explorer: LocalExplorer;
  let client: ExplorerClient;
  const verdicts: SubmissionVerdict[] = [];

  beforeAll(async () => {
    explorer = await startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      // One worker: the valid submission runs where the crash happened, unless the worker is replaced.
      compilerThreads: 1,
      onVerdict: (_address, verdict) => verdicts.push(verdict),
    });
    client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
  });

  afterAll(async () => {
    await explorer?.close();
  });

  async function submit(contractName: string, input: string) {
    const outcome = await client.verifySourceCode({
      address: token,
      codeFormat: "solidity-standard-json-input",
      contractName,
      compilerVersion: build.compilerVersion,
      standardJsonInput: input,
    });
    if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
    return settled(client, outcome.guid);
  }

  it("fails with the crash as its reason; a valid submission of the same version then verifies", async () => {
    await expect(submit("contracts/Big.sol:Big", hugeInput())).resolves.toMatchObject({
      state: "fail",
      message: "Fail - Unable to verify",
    });
    await expect(submit("contracts/Token.sol:Token", JSON.stringify(build.input))).resolves.toMatchObject({
      state: "pass",
      message: "Pass - Verified",
    });
    expect(verdicts[0]).toEqual({
      ok: false,
      code: "compile_failed",
      reason: "There was an error compiling your contract.",
      explanation: crashText,
    });
    expect(verdicts[1]).toMatchObject({ ok: true, code: "perfect" });
  }, 120_000);
});

describe("a compiler worker that exits", () => {
  let scratch: string;
  let pool: SolcJsWorkerPool;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "explorer-verify-crash-"));
    pool = new SolcJsWorkerPool(1);
  });

  afterAll(async () => {
    await pool?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("fails the compile it ran, and the next compile gets a new worker", async () => {
    // A compiler file whose wrapper ends the worker's thread: no error event, only an exit.
    const soljson = join(scratch, "soljson.js");
    await writeFile(soljson, "module.exports = {};\n");
    await writeFile(
      join(scratch, "wrapper.js"),
      'module.exports = () => ({ version: () => "0.8.28+commit.7893614a", compile: () => process.exit(3) });\n',
    );
    await expect(pool.compile(soljson, join(scratch, "wrapper.js"), "{}")).rejects.toMatchObject({
      code: "compiler_error",
      shortMessage: "A compiler worker stopped (exit code 3).",
    });
    const output = await pool.compile(
      npmSoljson,
      require.resolve("solc/wrapper.js"),
      JSON.stringify(build.input),
    );
    expect(
      parseCompilerOutput(output, npmSoljson).contracts?.["contracts/Token.sol"]?.Token?.evm?.deployedBytecode
        ?.object,
    ).toBe(build.output.contracts?.["contracts/Token.sol"]?.Token?.evm?.deployedBytecode?.object);
  }, 60_000);
});

describe("a solc-js compiler that crashes on the request thread (compilerThreads: 0)", () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "explorer-verify-crash-"));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it("is not used again: its instance cannot be replaced in the same thread", async () => {
    // A compiler file whose wrapper throws as a trapped WebAssembly compiler does, then answers garbage.
    const soljson = join(scratch, "soljson.js");
    await writeFile(soljson, "module.exports = {};\n");
    await writeFile(
      join(scratch, "wrapper.js"),
      `let calls = 0;
module.exports = () => ({
  version: () => "0.8.28+commit.7893614a",
  compile: () => { if (calls++ === 0) throw new Error("memory access out of bounds"); return "{}"; },
});
`,
    );
    const compiler = loadSolcJsCompiler(soljson);
    await expect(compiler.compile(build.input)).rejects.toMatchObject({
      code: "compiler_error",
      shortMessage: `The solc-js compiler ${soljson} crashed on this input: memory access out of bounds. A native solc (on PATH, or named as a compiler) may compile it.`,
    });
    await expect(compiler.compile(build.input)).rejects.toMatchObject({
      code: "compiler_error",
      shortMessage: `The solc-js compiler ${soljson} crashed on an earlier input (memory access out of bounds) and cannot compile again in this process: restart it, or compile in worker threads, which replace a crashed compiler.`,
    });
  });
});
