import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Compiler, parseCompilerOutput } from "./compiler.js";

/**
 * The folder named by `EXPLORER_VERIFY_COMPILE_CACHE`, where the local explorer and preflight keep what they compile;
 * unset, nothing is kept.
 * @returns the folder, if any
 */
export function compileCacheFolder(): string | undefined {
  const folder = process.env.EXPLORER_VERIFY_COMPILE_CACHE?.trim();
  return folder ? folder : undefined;
}

/**
 * A compiler that keeps each output in a folder under the hash of its version and input, and reads it back when the
 * same input is compiled again (a compile is deterministic: the same compiler and input give the same output). A
 * failed compile is not kept; neither is an output that could not be written.
 *
 * @param compiler - the compiler
 * @param folder - where outputs are kept
 * @returns the compiler, keeping its outputs
 */
export function keepingCompiles(compiler: Compiler, folder: string): Compiler {
  return {
    ...compiler,
    async compile(input) {
      const key = createHash("sha256")
        .update(`${compiler.longVersion}\n${JSON.stringify(input)}`)
        .digest("hex");
      const file = join(folder, `${key}.json`);
      try {
        return parseCompilerOutput(await readFile(file, "utf8"), compiler.path);
      } catch {
        // Not kept yet (or unreadable): compiled below.
      }
      const output = await compiler.compile(input);
      try {
        await mkdir(folder, { recursive: true });
        const written = `${file}.${process.pid}.${Date.now()}`;
        await writeFile(written, JSON.stringify(output));
        await rename(written, file);
      } catch {
        // A folder that cannot be written to costs the next compile its time, nothing else.
      }
      return output;
    },
  };
}

/**
 * A solc-js compiler whose version is remembered in the folder (by the file's path, size and time), so that learning
 * it, and compiling an input kept there, never loads the compiler: loading one takes a second or more. The compiler is
 * loaded by the first compile that is not kept.
 *
 * @param path - the solc-js file
 * @param folder - where versions and outputs are kept
 * @param load - loads the compiler (in this thread or a pool's)
 * @returns the compiler
 */
export async function rememberedSolcJs(
  path: string,
  folder: string,
  load: () => Promise<Compiler>,
): Promise<Compiler> {
  const { size, mtimeMs } = await stat(path);
  const key = createHash("sha256").update(`${path}\n${size}\n${mtimeMs}`).digest("hex");
  const file = join(folder, `version-${key}.txt`);
  let longVersion: string | undefined;
  try {
    longVersion = (await readFile(file, "utf8")).trim() || undefined;
  } catch {
    // Not remembered yet: the compiler says it below.
  }
  if (longVersion === undefined) {
    const loaded = await load();
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(`${file}.${process.pid}`, loaded.longVersion);
      await rename(`${file}.${process.pid}`, file);
    } catch {
      // Learnt again next time.
    }
    return loaded;
  }
  let loading: Promise<Compiler> | undefined;
  return {
    longVersion,
    kind: "solc-js",
    path,
    compile: async (input) => {
      loading ??= load();
      return (await loading).compile(input);
    },
  };
}
