import { InvalidInputError } from "../errors/index.js";
import * as z from "../kernel/zod.js";
import type { StandardJsonInput } from "../verify/job.js";
import { standardJsonInputSchema, toStandardJsonInput } from "./compilerJson.js";
import { type JsonOrigin, parseBoundedJson, parseWithSchema, readTextFile } from "./jsonFile.js";

const languages = ["Solidity", "Yul"];

const buildInfoProbeSchema = z.looseObject({ input: z.looseObject({ sources: z.unknown() }) });

/**
 * Reads a compiler standard JSON input file (`{ language, sources, settings }`), as `solc --standard-json`
 * takes it. Every source must carry its `content`: explorers cannot fetch `urls`.
 *
 * @param path - the file
 * @param field - the input field to report errors on
 * @returns the input, without keys solc does not accept at its top level
 * @throws {InvalidInputError} when the file cannot be read, is not UTF-8 or not JSON, is a build info rather than an input,
 *   has another language than Solidity or Yul, or has no sources or a source without content
 * @example
 * const input = await readStandardJsonFile("path/input.json");
 */
export async function readStandardJsonFile(
  path: string,
  field = "standardJsonInput",
): Promise<StandardJsonInput> {
  const origin: JsonOrigin = { field, what: "standard JSON input", path };
  const value = parseBoundedJson(await readTextFile(origin), origin);
  if (buildInfoProbeSchema.safeParse(value).success) {
    throw new InvalidInputError(
      field,
      `${path} is a build info, not a standard JSON input: give its "input" as a file of its own, or let the contract be found in the build info.`,
    );
  }
  const input = parseWithSchema(value, standardJsonInputSchema, origin);
  if (!languages.includes(input.language)) {
    throw new InvalidInputError(
      field,
      `The standard JSON input ${path} has language "${input.language}": only Solidity and Yul inputs are verified as standard JSON (Vyper sources use the vyper format).`,
    );
  }
  const names = Object.keys(input.sources);
  if (names.length === 0) {
    throw new InvalidInputError(field, `The standard JSON input ${path} has no sources.`);
  }
  const withoutContent = names.find((name) => input.sources[name]?.content === undefined);
  if (withoutContent !== undefined) {
    throw new InvalidInputError(
      field,
      `The standard JSON input ${path} gives no content for the source "${withoutContent}": explorers need every source's text in the input.`,
    );
  }
  return toStandardJsonInput(input);
}
