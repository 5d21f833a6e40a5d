import { existsSync, statSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { dirname, join } from "node:path";
import { keccak256, stringToBytes } from "viem";
import { InvalidInputError } from "../errors/index.js";
import * as z from "../kernel/zod.js";
import { type JsonOrigin, parseJson, parseWithSchema, readTextFile } from "./jsonFile.js";
import { userSourceName } from "./sourceNames.js";
import { assertOutsideGitFolder, isInside } from "./workspacePath.js";

/** A `metadata.json` and the sources it lists, as the registry format sends them. */
export interface RegistrySources {
  /** The metadata file's text, unchanged. */
  metadata: string;
  /** Every source the metadata lists, under the name it uses. */
  sources: Array<{ name: string; content: string }>;
  /** The compilation target as users write it (`contracts/Token.sol:Token`), when the metadata names one. */
  contract: string | undefined;
}

/** Where the two inputs came from, for errors. */
export interface RegistryFields {
  metadataField: string;
  sourcesField: string;
  /** When set, a source file is taken only inside this folder, after symbolic links are followed. */
  root?: string;
}

const metadataSchema = z.looseObject({
  sources: z.record(
    z.string(),
    z.looseObject({ keccak256: z.optional(z.string()), content: z.optional(z.string()) }),
  ),
  settings: z.optional(z.looseObject({ compilationTarget: z.optional(z.record(z.string(), z.string())) })),
});

/**
 * Reads a contract's compiler metadata and the source files it lists. A source is looked for under the sources
 * folder by the metadata's name, then with the folder as the top of that name (`contracts/A.sol` in a folder
 * `contracts/`), then by the name users write for Hardhat 3's `project/…` and `npm/…` names; when the metadata
 * gives a `keccak256`, only a file with that hash is taken.
 *
 * @param metadataPath - the `metadata.json` file
 * @param sourcesDir - the folder holding the sources
 * @param fields - the input fields to report errors on
 * @returns the metadata text and the sources by the names the metadata uses
 * @throws {InvalidInputError} when the metadata cannot be read or parsed, or a source is missing, not UTF-8, or
 *   differs from the one the metadata was made from
 * @example
 * const registry = await readRegistrySources("build/metadata.json", "contracts", {
 *   metadataField: "metadata",
 *   sourcesField: "sources",
 * });
 */
export async function readRegistrySources(
  metadataPath: string,
  sourcesDir: string,
  fields: RegistryFields,
): Promise<RegistrySources> {
  const origin: JsonOrigin = { field: fields.metadataField, what: "metadata file", path: metadataPath };
  const metadata = await readTextFile(origin);
  const parsed = parseWithSchema(parseJson(metadata, origin), metadataSchema, origin);
  if (!existsSync(sourcesDir) || !statSync(sourcesDir).isDirectory()) {
    throw new InvalidInputError(fields.sourcesField, `The sources folder ${sourcesDir} does not exist.`);
  }
  const sources: RegistrySources["sources"] = [];
  for (const [name, listed] of Object.entries(parsed.sources)) {
    const content =
      listed.content ??
      (await findSource(name, listed.keccak256, sourcesDir, fields.sourcesField, fields.root));
    sources.push({ name, content });
  }
  const [target] = Object.entries(parsed.settings?.compilationTarget ?? {});
  return {
    metadata,
    sources,
    contract: target === undefined ? undefined : `${userSourceName(target[0])}:${target[1]}`,
  };
}

async function findSource(
  name: string,
  keccak: string | undefined,
  sourcesDir: string,
  sourcesField: string,
  root: string | undefined,
): Promise<string> {
  const candidates = candidatePaths(name, sourcesDir);
  const realRoot = root === undefined ? undefined : await realpath(root);
  let differing: string | undefined;
  let outside: string | undefined;
  for (const path of candidates) {
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    const real = await realpath(path);
    if (realRoot !== undefined && !isInside(realRoot, real)) {
      outside ??= path;
      continue;
    }
    if (realRoot !== undefined) assertOutsideGitFolder(realRoot, real, sourcesField);
    const content = await readTextFile({ field: sourcesField, what: "source file", path });
    if (keccak === undefined || keccak256(stringToBytes(content)).toLowerCase() === keccak.toLowerCase()) {
      return content;
    }
    differing ??= path;
  }
  if (outside !== undefined && differing === undefined) {
    throw new InvalidInputError(
      sourcesField,
      `The source "${name}" is found only at ${outside}, which is outside the workspace ${root} once its links are followed: only files inside it are read.`,
    );
  }
  if (differing !== undefined) {
    throw new InvalidInputError(
      sourcesField,
      `The source "${name}" at ${differing} differs from the one the metadata was made from (its keccak256 does not match): give the sources the contract was compiled from.`,
    );
  }
  throw new InvalidInputError(
    sourcesField,
    `No file for the metadata's source "${name}" in ${sourcesDir} (looked for ${candidates.join(", ")}).`,
  );
}

function candidatePaths(name: string, sourcesDir: string): string[] {
  const userName = userSourceName(name);
  const parent = dirname(sourcesDir);
  const paths = [
    join(sourcesDir, name),
    join(parent, name),
    join(sourcesDir, userName),
    join(parent, userName),
    join(parent, "node_modules", userName),
  ];
  return [...new Set(paths)];
}
