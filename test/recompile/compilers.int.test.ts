import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { type CompilerOutput, loadNativeCompiler, loadSolcJsCompiler } from "../../src/recompile/compiler.js";
import { isCompiler, localCompilerResolver } from "../../src/recompile/compilerResolver.js";
import { recompileAndMatch } from "../../src/recompile/recompileAndMatch.js";
import { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// What is asserted here is compiling itself: no compilation kept by the run is read back.
delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;

const require = createRequire(import.meta.url);
const npmSoljson = require.resolve("solc/soljson.js");
const standIn = join(repoRoot, "test", "fixtures", "native-solc-project", "compilers", "solc-0.8.28");
const version = "v0.8.28+commit.7893614a";
let scratch: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let build: FixtureBuild;
let token: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "explorer-verify-compilers-"));
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  token = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Token.sol", "Token", ["Native", 9n]);
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe("compilers the user has", () => {
  it("runs a native binary at a path without .js as `<path> --standard-json`", async () => {
    const compiler = await loadNativeCompiler(standIn);
    expect(compiler).toMatchObject({ longVersion: "0.8.28+commit.7893614a", kind: "native", path: standIn });
    const output = await compiler.compile(build.input);
    expect(output.contracts?.["contracts/Token.sol"]?.Token?.evm?.deployedBytecode?.object).toBe(
      build.output.contracts?.["contracts/Token.sol"]?.Token?.evm?.deployedBytecode?.object,
    );
  }, 60_000);

  it("runs a native binary without the variables that may hold a secret: a repository's file can name it", async () => {
    const seen = join(scratch, "environment.txt");
    const spy = join(scratch, "solc-env");
    await writeFile(spy, `#!/bin/sh\nenv > "${seen}"\nexec "${standIn}" "$@"\n`, { mode: 0o700 });
    const saved = { ...process.env };
    Object.assign(process.env, {
      EXPLORER_VERIFY_API_KEY: "ENVKEY0123456789",
      ETHERSCAN_API_KEY: "ETHERSCANKEY0123",
      GITHUB_TOKEN: "ghs_token0123",
      "INPUT_API-KEY": "INPUTKEY0123",
      PLAIN_SETTING: "kept",
    });
    try {
      const compiler = await loadNativeCompiler(spy);
      await compiler.compile(build.input);
    } finally {
      for (const name of [
        "EXPLORER_VERIFY_API_KEY",
        "ETHERSCAN_API_KEY",
        "GITHUB_TOKEN",
        "INPUT_API-KEY",
        "PLAIN_SETTING",
      ])
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
    }
    const environment = await readFile(seen, "utf8");
    for (const secret of ["ENVKEY0123456789", "ETHERSCANKEY0123", "ghs_token0123", "INPUTKEY0123"])
      expect(environment).not.toContain(secret);
    expect(environment).toContain("PLAIN_SETTING=kept");
    expect(environment).toMatch(/^PATH=/m);
  }, 60_000);

  it("matches a deployment with the native binary alone (no npm solc, no PATH)", async () => {
    const resolve = localCompilerResolver({ compilers: [standIn], npmPackage: false, searchPath: false });
    const verdict = await recompileAndMatch(
      {
        sources: {
          format: "standard-json",
          contractName: "contracts/Token.sol:Token",
          compilerVersion: version,
          standardJsonInput: JSON.stringify(build.input),
        },
        deployed: { runtimeCode: await chainCode(token) },
      },
      resolve,
    );
    expect(verdict.code).toBe("perfect");
  }, 60_000);

  it("names every compiler that failed to load, and what to install, when none fits", async () => {
    const notACompiler = join(scratch, "soljson.js");
    await writeFile(notACompiler, "module.exports = 42;\n");
    const missing = join(scratch, "solc-missing");
    const resolve = localCompilerResolver({
      compilers: [notACompiler, missing, standIn],
      npmPackage: false,
      searchPath: false,
    });
    const found = await resolve("v0.8.20+commit.a1b79de6");
    expect(isCompiler(found)).toBe(false);
    expect(found).toEqual({
      unavailable: true,
      explanation: `No local compiler for v0.8.20+commit.a1b79de6. Tried: The compiler file ${notACompiler} could not be loaded as solc-js: solJson.cwrap is not a function. The compiler ${missing} could not be run: spawn ${missing} ENOENT. Solc 0.8.28+commit.7893614a at ${standIn}. Install it: \`npm install --save-dev solc@0.8.20\`, or put a native solc 0.8.20 on PATH (or name its path).`,
    });
  }, 60_000);

  it("with a worker pool, asks a solc-js file its version in a worker: this thread never loads it", async () => {
    // A copy at a path of its own, so nothing else in this process has loaded it.
    const copy = join(scratch, "pooled", "soljson.js");
    await mkdir(join(scratch, "pooled"), { recursive: true });
    await copyFile(npmSoljson, copy);
    const notACompiler = join(scratch, "pooled", "broken-soljson.js");
    await writeFile(notACompiler, "module.exports = 42;\n");
    const pool = new SolcJsWorkerPool(1);
    try {
      const resolve = localCompilerResolver({
        compilers: [notACompiler, copy],
        npmPackage: false,
        searchPath: false,
        solcJsPool: pool,
      });
      const found = await resolve(version);
      if (!isCompiler(found)) throw new Error(found.explanation);
      expect(found).toMatchObject({ longVersion: "0.8.28+commit.7893614a", kind: "solc-js", path: copy });
      expect(require.cache[copy]).toBeUndefined();
      const output = await found.compile(build.input);
      expect(Object.keys(output.contracts ?? {})).toContain("contracts/Token.sol");
      expect(pool.compiles).toBe(1);
      await expect(resolve("v0.8.20+commit.a1b79de6")).resolves.toEqual({
        unavailable: true,
        explanation: `No local compiler for v0.8.20+commit.a1b79de6. Tried: The compiler file ${notACompiler} could not be loaded as solc-js: solJson.cwrap is not a function. Solc 0.8.28+commit.7893614a at ${copy}. Install it: \`npm install --save-dev solc@0.8.20\`, or put a native solc 0.8.20 on PATH (or name its path).`,
      });
      expect(require.cache[copy]).toBeUndefined();
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("compiles standard JSON with solc 0.4 through the wrapper beside it, on this thread and in a worker", async () => {
    // solc-js 0.4 wrappers read legacy input in compile(); standard JSON goes to compileStandardWrapper().
    const soljson04 = require.resolve("solc-0.4.26/soljson.js");
    const input = {
      language: "Solidity",
      sources: {
        "Old.sol": { content: "pragma solidity ^0.4.24;\ncontract Old { uint256 public x = 1; }\n" },
      },
      settings: { outputSelection: { "*": { "*": ["evm.deployedBytecode"] } } },
    };
    const runtimeOf = (output: CompilerOutput) =>
      output.contracts?.["Old.sol"]?.Old?.evm?.deployedBytecode?.object;
    const inThread = await loadSolcJsCompiler(soljson04).compile(input);
    expect(runtimeOf(inThread)).toMatch(/^60806040[0-9a-f]+a165627a7a72305820[0-9a-f]{64}0029$/);
    const pool = new SolcJsWorkerPool(1);
    try {
      const found = await localCompilerResolver({
        compilers: [soljson04],
        npmPackage: false,
        searchPath: false,
        solcJsPool: pool,
      })("v0.4.26+commit.4563c3fc");
      if (!isCompiler(found)) throw new Error(found.explanation);
      expect(runtimeOf(await found.compile(input))).toBe(runtimeOf(inThread));
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("a record whose compiler is missing says so and what to install, and blames nothing else", async () => {
    const [result] = await verifyBatch(
      [
        {
          address: token,
          source: {
            format: "standard-json",
            input: build.input,
            compilerVersion: "v0.8.20+commit.a1b79de6",
            contractName: "contracts/Token.sol:Token",
          },
        },
      ],
      {
        explorerUrl: explorer.url,
        requestsPerSecond: Number.POSITIVE_INFINITY,
        rpc: { rpcUrl: chain.rpcUrl },
        polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
      },
    );
    expect(result?.status).toBe("failed");
    expect(result?.message).toBe(
      `No local compiler for v0.8.20+commit.a1b79de6. Tried: Solc 0.8.28+commit.7893614a at ${npmSoljson}. Install it: \`npm install --save-dev solc@0.8.20\`, or put a native solc 0.8.20 on PATH (or name its path). The explorer could not verify the contract: Fail - Unable to verify.`,
    );
  }, 120_000);
});

async function chainCode(address: string): Promise<string> {
  const { JsonRpcChain } = await import("../../src/chain/jsonRpcChain.js");
  return new JsonRpcChain(chain.rpcUrl).getCode(address);
}
