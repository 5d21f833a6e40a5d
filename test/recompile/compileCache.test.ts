import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { keccak256, toBytes } from "viem";
import { CompilerError, InvalidInputError } from "../../src/errors/index.js";
import { compileCacheFolder, keepingCompiles } from "../../src/recompile/compileCache.js";
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

function metadataOf(version: string, content: string): string {
  return JSON.stringify({
    compiler: { version },
    sources: { "D.sol": { keccak256: keccak256(toBytes(content)) } },
  });
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-compile-cache-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

// What solc 0.8.28 compiled from the Foundry fixture's Counter (its metadata, its codes), and its input.
const foundry = join(import.meta.dirname, "../fixtures/foundry-project");
const artifact = (name: string) =>
  JSON.parse(readFileSync(join(foundry, `out/${name}.sol/${name}.json`), "utf8")) as {
    abi: unknown[];
    rawMetadata: string;
    bytecode: { object: string };
    deployedBytecode: { object: string };
  };
const counter = artifact("Counter");
const counterInput = {
  language: "Solidity",
  sources: { "src/Counter.sol": { content: readFileSync(join(foundry, "src/Counter.sol"), "utf8") } },
};
function counterOutput(compiled: Record<string, unknown> = {}): CompilerOutput {
  const { abi, rawMetadata: metadata, bytecode, deployedBytecode } = counter;
  return {
    contracts: {
      "src/Counter.sol": { Counter: { abi, metadata, evm: { bytecode, deployedBytecode }, ...compiled } },
    },
  } as CompilerOutput;
}

describe("compilations kept in a folder", () => {
  it("compiles an input once and reads the same output back for it, in another compiler object too", async () => {
    const output = counterOutput();
    const compiler = countingCompiler(() => output);
    const input = counterInput;
    expect(await keepingCompiles(compiler, folder).compile(input)).toEqual(output);
    expect(await keepingCompiles(compiler, folder).compile(input)).toEqual(output);
    expect(compiler.compiles).toBe(1);
    // Another input, or the same one for another compiler version, is compiled.
    await keepingCompiles(compiler, folder).compile({ ...input, settings: { optimizer: { enabled: true } } });
    await keepingCompiles({ ...compiler, longVersion: "0.8.27+commit.40a35a09" }, folder).compile(input);
    expect(compiler.compiles).toBe(3);
    expect((await readdir(folder)).filter((name) => name.endsWith(".json"))).toHaveLength(3);
  });

  it("believes an entry whose metadata leaves out optimizer details that are solc's own defaults", async () => {
    const input = {
      language: "Solidity",
      sources: { "D.sol": { content: "contract D {}" } },
      settings: { optimizer: { enabled: true, runs: 200, details: { yul: true } } },
    };
    const metadata = JSON.stringify({
      ...JSON.parse(metadataOf("0.8.28+commit.7893614a", "contract D {}")),
      settings: { optimizer: { enabled: true, runs: 200 } },
    });
    const output = { contracts: { "D.sol": { D: { abi: [], metadata } } } } as CompilerOutput;
    const compiler = countingCompiler(() => output);
    await keepingCompiles(compiler, folder).compile(input);
    await keepingCompiles(compiler, folder).compile(input);
    expect(compiler.compiles).toBe(1);
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

  it("believes an entry only for its input, its compiler and the contracts it holds: anything else is a miss", async () => {
    const right = {
      contracts: {
        "D.sol": { D: { abi: [], metadata: metadataOf("0.8.28+commit.7893614a", "contract D {}") } },
      },
    } as CompilerOutput;
    const compiler = countingCompiler(() => right);
    const input = { language: "Solidity", sources: { "D.sol": { content: "contract D {}" } } };
    const text = JSON.stringify(input);
    const key = createHash("sha256").update(`${compiler.longVersion}\n${text}`).digest("hex");
    const entry = join(folder, `${key}.json`);
    const inputHash = createHash("sha256").update(text).digest("hex");
    const forged = { contracts: { "D.sol": { D: { abi: [{ type: "forged" }] } } } };
    const forgeries = [
      {},
      "not json",
      // The unchecked shape this cache once kept: an output alone.
      forged,
      { input: "0".repeat(64), compiler: compiler.longVersion, contracts: ["D.sol:D"], output: forged },
      { input: inputHash, compiler: "0.8.30+commit.73712a01", contracts: ["D.sol:D"], output: forged },
      { input: inputHash, compiler: compiler.longVersion, contracts: ["D.sol:E"], output: forged },
      {
        input: inputHash,
        compiler: compiler.longVersion,
        contracts: ["E.sol:D"],
        output: { contracts: { "E.sol": { D: { abi: [] } } } },
      },
      {
        input: inputHash,
        compiler: compiler.longVersion,
        contracts: ["D.sol:D"],
        output: {
          contracts: { "D.sol": { D: { metadata: '{"compiler":{"version":"0.8.30+commit.73712a01"}}' } } },
        },
      },
      // A build of the same source with other settings (the optimizer on), filed under this input.
      {
        input: inputHash,
        compiler: compiler.longVersion,
        contracts: ["D.sol:D"],
        output: {
          contracts: {
            "D.sol": {
              D: {
                abi: [],
                metadata: JSON.stringify({
                  ...JSON.parse(metadataOf("0.8.28+commit.7893614a", "contract D {}")),
                  settings: { optimizer: { enabled: true, runs: 200 } },
                }),
              },
            },
          },
        },
      },
      // No contracts at all, or a compiler error, for the right input: a failed compile, which is never kept.
      { input: inputHash, compiler: compiler.longVersion, contracts: [], output: {} },
      {
        input: inputHash,
        compiler: compiler.longVersion,
        contracts: [],
        output: {
          errors: [{ severity: "error", type: "ParserError", message: "forged", formattedMessage: "forged" }],
        },
      },
    ];
    for (const forgery of forgeries) {
      await writeFile(entry, typeof forgery === "string" ? forgery : JSON.stringify(forgery));
      expect(await keepingCompiles(compiler, folder).compile(input)).toEqual(right);
    }
    expect(compiler.compiles).toBe(forgeries.length);
    // What the compiler answered is kept with what it answers for, and believed.
    expect(JSON.parse(await readFile(entry, "utf8"))).toEqual({
      input: inputHash,
      compiler: compiler.longVersion,
      contracts: ["D.sol:D"],
      output: right,
    });
    expect((await stat(entry)).mode & 0o777).toBe(0o600);
    await keepingCompiles(compiler, folder).compile(input);
    expect(compiler.compiles).toBe(forgeries.length);
  });

  it("believes an entry's code only when it ends with its metadata's IPFS hash, as solc wrote it", async () => {
    const compiler = countingCompiler(() => counterOutput());
    const text = JSON.stringify(counterInput);
    const key = createHash("sha256").update(`${compiler.longVersion}\n${text}`).digest("hex");
    const entry = join(folder, `${key}.json`);
    const claims = {
      input: createHash("sha256").update(text).digest("hex"),
      compiler: compiler.longVersion,
      contracts: ["src/Counter.sol:Counter"],
    };
    const other = artifact("Calculator").deployedBytecode;
    const { deployedBytecode, bytecode } = counter;
    const cut = (code: string) => code.slice(0, code.length - 4 - Number.parseInt(code.slice(-4), 16) * 2);
    const forgeries = [
      // Another contract's code in the place of Counter's, every claim and the metadata kept.
      counterOutput({ evm: { bytecode, deployedBytecode: other } }),
      counterOutput({ evm: { bytecode: other, deployedBytecode } }),
      // No metadata to bind the code to; code that carries no hash (`appendCBOR: false`).
      counterOutput({ metadata: undefined }),
      counterOutput({ evm: { bytecode, deployedBytecode: { object: cut(deployedBytecode.object) } } }),
    ];
    for (const output of forgeries) {
      await writeFile(entry, JSON.stringify({ ...claims, output }));
      expect(await keepingCompiles(compiler, folder).compile(counterInput)).toEqual(counterOutput());
    }
    expect(compiler.compiles).toBe(forgeries.length);
    await keepingCompiles(compiler, folder).compile(counterInput);
    expect(compiler.compiles).toBe(forgeries.length);
  });

  it("refuses, in one line, an entry others may write or that is a link, and never reads through it", async () => {
    const compiler = countingCompiler(() => ({ contracts: {} }) as CompilerOutput);
    const input = { language: "Solidity", sources: { "F.sol": { content: "contract F {}" } } };
    await keepingCompiles(compiler, folder).compile(input);
    const key = createHash("sha256")
      .update(`${compiler.longVersion}\n${JSON.stringify(input)}`)
      .digest("hex");
    const entry = join(folder, `${key}.json`);
    await chmod(entry, 0o666);
    await expect(keepingCompiles(compiler, folder).compile(input)).rejects.toThrow(
      new InvalidInputError(
        "EXPLORER_VERIFY_COMPILE_CACHE",
        `The compile cache entry ${entry} is writable by others (mode 666): keep it to yourself (chmod 600, owned by you), or name another folder.`,
      ),
    );
    const outside = join(await mkdtemp(join(tmpdir(), "explorer-verify-outside-")), "secret.json");
    await writeFile(outside, "outside content");
    await rm(entry);
    await symlink(outside, entry);
    const refusal = await keepingCompiles(compiler, folder)
      .compile(input)
      .catch((error: unknown) => error as InvalidInputError);
    expect(refusal).toMatchObject({
      code: "invalid_input",
      shortMessage: `The compile cache entry ${entry} is a link: remove it (the cache holds only the files it writes).`,
    });
    expect(String((refusal as Error).message)).not.toContain("outside content");
    expect(compiler.compiles).toBe(1);
    await rm(dirname(outside), { recursive: true });
  });
});

// Only root can give a file to another user.
const asRoot = process.getuid?.() === 0 ? it : it.skip;

describe("an entry another user owns", () => {
  asRoot("is refused in one line, as ssh refuses a key another user owns", async () => {
    const compiler = countingCompiler(() => ({ contracts: {} }) as CompilerOutput);
    const input = { language: "Solidity", sources: { "G.sol": { content: "contract G {}" } } };
    await keepingCompiles(compiler, folder).compile(input);
    const key = createHash("sha256")
      .update(`${compiler.longVersion}\n${JSON.stringify(input)}`)
      .digest("hex");
    const entry = join(folder, `${key}.json`);
    await chown(entry, 65534, 65534);
    await expect(keepingCompiles(compiler, folder).compile(input)).rejects.toThrow(
      `The compile cache entry ${entry} is owned by another user (uid 65534): keep it to yourself (chmod 600, owned by you), or name another folder.`,
    );
    expect(compiler.compiles).toBe(1);
  });
});

describe("the compile cache's folder", () => {
  const named = process.env.EXPLORER_VERIFY_COMPILE_CACHE;
  afterAll(() => {
    if (named === undefined) delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;
    else process.env.EXPLORER_VERIFY_COMPILE_CACHE = named;
  });

  it("is made the user's alone when missing, and refused in one line when others may write to it", async () => {
    const made = join(folder, "made", "here");
    process.env.EXPLORER_VERIFY_COMPILE_CACHE = made;
    expect(compileCacheFolder()).toBe(made);
    expect((await stat(made)).mode & 0o777).toBe(0o700);
    await chmod(made, 0o777);
    expect(() => compileCacheFolder()).toThrow(
      `The compile cache ${made} (EXPLORER_VERIFY_COMPILE_CACHE) is writable by others (mode 777): keep it to yourself (chmod 700, owned by you), or name another folder.`,
    );
    await chmod(made, 0o770);
    expect(() => compileCacheFolder()).toThrow("is writable by its group (mode 770)");
  });
});
