import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CompilerError } from "../../src/errors/index.js";
import { keepingCompiles, rememberedSolcJs } from "../../src/recompile/compileCache.js";
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

  it("remembers a solc-js file's version, so that a later resolution and a kept compile never load it", async () => {
    const soljson = join(folder, "soljson-stand-in.js");
    await writeFile(soljson, "// a compiler file");
    let loads = 0;
    const output = { contracts: {} } as CompilerOutput;
    const load = async () => {
      loads += 1;
      return { ...countingCompiler(() => output), kind: "solc-js" as const, path: soljson };
    };
    const input = { language: "Solidity", sources: { "C.sol": { content: "contract C {}" } } };
    // The first resolution loads it to learn its version, and its compile is kept.
    await keepingCompiles(await rememberedSolcJs(soljson, folder, load), folder).compile(input);
    expect(loads).toBe(1);
    const later = await rememberedSolcJs(soljson, folder, load);
    expect(later.longVersion).toBe("0.8.28+commit.7893614a");
    await keepingCompiles(later, folder).compile(input);
    expect(loads).toBe(1);
    // An input not kept loads it, once.
    await keepingCompiles(later, folder).compile({ ...input, settings: { viaIR: true } });
    await keepingCompiles(later, folder).compile({ ...input, settings: { viaIR: false } });
    expect(loads).toBe(2);
  });
});
