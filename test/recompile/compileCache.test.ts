import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CompilerError } from "../../src/errors/index.js";
import { keepingCompiles } from "../../src/recompile/compileCache.js";
import type { Compiler, CompilerOutput } from "../../src/recompile/compiler.js";

// The compiler itself is the thing kept from running again, so a stand-in that counts its compiles takes its place.
function countingCompiler(answer: (input: object) => CompilerOutput): Compiler & { compiles: number } {
  const compiler = {
    longVersion: "0.8.28+commit.7893614a",
    kind: "native" as const,
    path: "/stand-in/solc",
    compiles: 0,
    async compile(input: object) {
      compiler.compiles += 1;
      return answer(input);
    },
  };
  return compiler;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-compile-cache-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("compilations kept in a folder", () => {
  it("compiles an input once and reads the same output back for it, in another compiler object too", async () => {
    const output: CompilerOutput = { contracts: { "A.sol": { A: { abi: [] } } } } as CompilerOutput;
    const compiler = countingCompiler(() => output);
    const input = { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } };
    expect(await keepingCompiles(compiler, folder).compile(input)).toEqual(output);
    expect(await keepingCompiles(compiler, folder).compile(input)).toEqual(output);
    expect(compiler.compiles).toBe(1);
    // Another input, or the same one for another compiler version, is compiled.
    await keepingCompiles(compiler, folder).compile({ ...input, settings: { optimizer: { enabled: true } } });
    await keepingCompiles({ ...compiler, longVersion: "0.8.27+commit.40a35a09" }, folder).compile(input);
    expect(compiler.compiles).toBe(3);
    expect((await readdir(folder)).filter((name) => name.endsWith(".json"))).toHaveLength(3);
  });

  it("keeps no failed compile: the next one runs the compiler again", async () => {
    let fail = true;
    const compiler = countingCompiler(() => {
      if (fail) throw new CompilerError("/stand-in/solc", "the compiler crashed");
      return { contracts: {} } as CompilerOutput;
    });
    const input = { language: "Solidity", sources: { "B.sol": { content: "contract B {}" } } };
    await expect(keepingCompiles(compiler, folder).compile(input)).rejects.toThrow("the compiler crashed");
    fail = false;
    await keepingCompiles(compiler, folder).compile(input);
    expect(compiler.compiles).toBe(2);
  });
});
