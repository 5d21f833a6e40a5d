import { createHash } from "node:crypto";
import { constants, mkdirSync, type Stats, statSync } from "node:fs";
import { open, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { keccak256, toBytes } from "viem";
import { InvalidInputError } from "../errors/invalidInputError.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { strangersHold } from "../kernel/strangersHold.js";
import { errnoCode } from "../kernel/systemErrors.js";
import * as z from "../kernel/zod.js";
import { trailingMetadataHash } from "./bytecodeTransformations.js";
import { type Compiler, type CompilerOutput, compilerOutputSchema } from "./compiler.js";

/** The largest entry read back: a larger one is compiled again. */
const maxEntryBytes = 256 * 1024 * 1024;

/**
 * The folder named by `EXPLORER_VERIFY_COMPILE_CACHE`, where the local explorer and preflight keep what they compile;
 * unset, nothing is kept. The folder is the user's own, as ssh wants its keys: created 0700 when missing, and refused
 * when another user owns it or its group or others may write to it (they could write answers in it).
 * @returns the folder, if any
 * @throws {InvalidInputError} for a folder that is not the user's own, or cannot be made
 */
export function compileCacheFolder(): string | undefined {
  const folder = process.env.EXPLORER_VERIFY_COMPILE_CACHE?.trim();
  if (!folder) return undefined;
  let stats: Stats;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    stats = statSync(folder);
  } catch (cause) {
    throw refused(
      `The compile cache ${folder} (EXPLORER_VERIFY_COMPILE_CACHE) cannot be made or read.`,
      cause,
    );
  }
  const why = stats.isDirectory() ? strangersHold(stats) : "is not a folder";
  if (why)
    throw refused(`The compile cache ${folder} (EXPLORER_VERIFY_COMPILE_CACHE) ${why}: ${remedy("700")}.`);
  return folder;
}

const remedy = (mode: string) => `keep it to yourself (chmod ${mode}, owned by you), or name another folder`;

function refused(message: string, cause?: unknown): InvalidInputError {
  return new InvalidInputError("EXPLORER_VERIFY_COMPILE_CACHE", message, { cause });
}

/** What an entry answers for, besides the output: each is checked when it is read. */
const entrySchema = z.object({
  /** sha256 of the input as compiled. */
  input: z.string(),
  /** The compiler's long version, as it said it. */
  compiler: z.string(),
  /** `file:Name` of every contract the output holds, sorted. */
  contracts: z.array(z.string()),
  output: compilerOutputSchema,
});

/**
 * A compiler that keeps each output in a folder under the hash of its version and input, and reads it back when the
 * same input is compiled again (a compile is deterministic: the same compiler and input give the same output). An
 * entry is believed only when it names this input's hash, this compiler's version and the contracts its output holds
 * (each from a file of the input, its metadata naming this compiler and the input's sources by their keccak256, its
 * code ending with that metadata's IPFS hash):
 * anything else is a miss, and the compiler runs. An entry that is a link, or that a stranger could have written, is
 * refused. A failed compile is not kept; neither is an output that could not be written.
 *
 * @param compiler - the compiler
 * @param folder - where outputs are kept (see {@link compileCacheFolder})
 * @returns the compiler, keeping its outputs
 */
export function keepingCompiles(compiler: Compiler, folder: string): Compiler {
  const place = (input: object) => {
    const text = JSON.stringify(input);
    const key = createHash("sha256").update(`${compiler.longVersion}\n${text}`).digest("hex");
    return { inputHash: createHash("sha256").update(text).digest("hex"), file: join(folder, `${key}.json`) };
  };
  // The input is hashed once a compile: a kept output's name and what it answers for.
  const compileInto = async ({ inputHash, file }: ReturnType<typeof place>, input: object) => {
    const output = await compiler.compile(input);
    const entry = {
      input: inputHash,
      compiler: compiler.longVersion,
      contracts: contractsOf(output),
      output,
    };
    const written = `${file}.${process.pid}.${Date.now()}`;
    try {
      // Created afresh (never through a link someone left at the name), readable by the user alone.
      await writeFile(written, JSON.stringify(entry), { flag: "wx", mode: 0o600 });
      await rename(written, file);
    } catch {
      // A folder that cannot be written to costs the next compile its time, nothing else.
      await rm(written, { force: true }).catch(() => {});
    }
    return output;
  };
  return {
    ...compiler,
    compileAfresh: (input) => compileInto(place(input), input),
    async compile(input) {
      const kept = place(input);
      const answer = believed(await keptEntry(kept.file), kept.inputHash, compiler.longVersion, input);
      if (!answer) return compileInto(kept, input);
      keptOutputs.add(answer);
      return answer;
    },
  };
}

const keptOutputs = new WeakSet<CompilerOutput>();

/**
 * Tells whether an output was read back from a kept entry rather than compiled.
 * @param output - what `compile` answered
 * @returns true for a kept one
 */
export function isKeptOutput(output: CompilerOutput): boolean {
  return keptOutputs.has(output);
}

// The entry's text, if there is one to read; a link or a stranger's file is refused.
async function keptEntry(file: string): Promise<unknown> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if (errnoCode(error) === "ELOOP")
      throw refused(`The compile cache entry ${file} is a link: ${linkRemedy}.`);
    return undefined;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw refused(`The compile cache entry ${file} is not a file: ${linkRemedy}.`);
    const why = strangersHold(stats);
    if (why) throw refused(`The compile cache entry ${file} ${why}: ${remedy("600")}.`);
    if (stats.size > maxEntryBytes) return undefined;
    return JSON.parse(await handle.readFile("utf8"));
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    return undefined;
  } finally {
    await handle.close();
  }
}

const linkRemedy = "remove it (the cache holds only the files it writes)";

function believed(
  kept: unknown,
  inputHash: string,
  longVersion: string,
  input: object,
): CompilerOutput | undefined {
  const entry = entrySchema.safeParse(kept);
  if (!entry.success) return undefined;
  const { output, contracts } = entry.data;
  if (entry.data.input !== inputHash || entry.data.compiler !== longVersion) return undefined;
  // An entry without contracts, or with a compiler error, proves nothing of this input: a failed compile is not kept.
  if (contracts.length === 0 || output.errors?.some((e) => e.severity === "error")) return undefined;
  if (contracts.join("\n") !== contractsOf(output).join("\n")) return undefined;
  const parsedInput = inputSourcesSchema.safeParse(input).data;
  const sources = parsedInput?.sources ?? {};
  const settings = parsedInput?.settings ?? {};
  const hashes = new Map(
    Object.entries(sources).map(([name, { content }]) => [
      name,
      content === undefined ? undefined : keccak256(toBytes(content)),
    ]),
  );
  // Each contract's metadata names the compiler and each source it was built from by its keccak256 (this input's),
  // and each code ends with that metadata's IPFS hash as solc writes it: a perfect match is then this input's. Code
  // with no IPFS hash (`bytecodeHash: "none"`, Swarm) is compiled again.
  const held = Object.entries(output.contracts ?? {}).every(
    ([file, compiled]) =>
      hashes.has(file) &&
      Object.values(compiled).every(({ metadata = "", evm }) => {
        const read = metadataSchema.safeParse(parsedJson(metadata));
        const hash = ipfsHashOf(metadata);
        return (
          read.data?.compiler.version === longVersion &&
          builtWith(read.data.settings ?? {}, settings) &&
          Object.entries(read.data.sources).every(
            ([name, { keccak256 }]) => keccak256 && keccak256 === hashes.get(name),
          ) &&
          [evm?.bytecode?.object, evm?.deployedBytecode?.object].every(
            (code) => !code || trailingMetadataHash(code)?.hash === hash,
          )
        );
      }),
  );
  return held ? output : undefined;
}

const settingsSchema = z.looseObject({
  optimizer: z.optional(
    z.looseObject({
      enabled: z.optional(z.boolean()),
      runs: z.optional(z.number()),
      details: z.optional(z.unknown()),
    }),
  ),
  evmVersion: z.optional(z.string()),
  viaIR: z.optional(z.boolean()),
  debug: z.optional(z.looseObject({ revertStrings: z.optional(z.string()) })),
  remappings: z.optional(z.array(z.string())),
  libraries: z.optional(z.record(z.string(), z.unknown())),
});
type Settings = z.infer<typeof settingsSchema>;

const inputSourcesSchema = z.looseObject({
  sources: z.record(z.string(), z.looseObject({ content: z.optional(z.string()) })),
  settings: z.optional(settingsSchema),
});

const metadataSchema = z.looseObject({
  compiler: z.looseObject({ version: z.string() }),
  sources: z.record(z.string(), z.looseObject({ keccak256: z.optional(z.string()) })),
  settings: z.optional(settingsSchema),
});

// The settings that change the code, as solc writes them into the metadata, are the input's: another build of the
// same sources (the optimizer on, say) filed under this input is a miss. solc leaves `enabled` out beside `details`
// (and `details` out where they are its defaults), writes remappings with their context (`:a/=b/`) and libraries as
// `file:Name`.
function builtWith(built: Settings, given: Settings): boolean {
  const optimizer = built.optimizer ?? {};
  const wanted = given.optimizer ?? {};
  const remappings = (list: string[] = []) =>
    list
      .map((entry) => (entry.startsWith(":") ? entry.slice(1) : entry))
      .sort()
      .join("\n");
  const libraries = (map: Record<string, unknown>) =>
    Object.values(map)
      .flatMap((value) => (typeof value === "object" && value !== null ? Object.values(value) : [value]))
      .map((address) => String(address).toLowerCase())
      .sort()
      .join("\n");
  return (
    (optimizer.runs ?? 200) === (wanted.runs ?? 200) &&
    (optimizer.details === undefined || wanted.details !== undefined) &&
    (optimizer.details !== undefined || (optimizer.enabled ?? false) === (wanted.enabled ?? false)) &&
    (given.evmVersion === undefined || given.evmVersion === built.evmVersion) &&
    (built.viaIR ?? false) === (given.viaIR ?? false) &&
    (built.debug?.revertStrings ?? "default") === (given.debug?.revertStrings ?? "default") &&
    remappings(built.remappings) === remappings(given.remappings) &&
    libraries(built.libraries ?? {}) === libraries(given.libraries ?? {})
  );
}

// The IPFS hash solc writes for a metadata file of one block (up to 256 KiB; a longer one is a miss): the sha2-256
// multihash of a DAG-PB node holding the UnixFS file (type 2, the data, its size).
function ipfsHashOf(text: string): string {
  const data = Buffer.from(text);
  const size = varint(data.length);
  const file = Buffer.concat([Buffer.from([8, 2, 0x12, ...size]), data, Buffer.from([0x18, ...size])]);
  const node = createHash("sha256").update(Buffer.from([0x0a, ...varint(file.length)]));
  return `1220${node.update(file).digest("hex")}`;
}

const varint = (n: number): number[] =>
  n < 0x80 ? [n] : [(n % 0x80) | 0x80, ...varint(Math.floor(n / 0x80))];

function contractsOf(output: CompilerOutput): string[] {
  return Object.entries(output.contracts ?? {})
    .flatMap(([file, compiled]) => Object.keys(compiled).map((name) => `${file}:${name}`))
    .sort();
}
