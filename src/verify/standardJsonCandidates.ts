import { InvalidInputError } from "../errors/index.js";
import { parsedJson } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import type { StandardJsonInput, StandardJsonSource } from "./job.js";

const metadataSourcesSchema = z.looseObject({ sources: z.record(z.string(), z.unknown()) });

/** A standard JSON input to submit, and which of the two kinds it is. */
export interface StandardJsonCandidate {
  kind: "minimal" | "full";
  input: StandardJsonInput;
}

/**
 * Restricts a build's input to the sources one contract needs: those its compiler metadata lists, with the
 * same settings. This works for any build info, Hardhat's or not.
 *
 * @param metadata - the contract's metadata JSON text
 * @returns the minimal input, or undefined when the metadata lists a source the input lacks
 * @throws {InvalidInputError} when the metadata is not compiler metadata
 */
export function minimalStandardJsonInput(
  input: StandardJsonInput,
  metadata: string,
): StandardJsonInput | undefined {
  const parsed = parsedJson(metadata);
  if (parsed === undefined)
    throw new InvalidInputError("metadata", "The contract's compiler metadata is not valid JSON.");
  const result = metadataSourcesSchema.safeParse(parsed);
  if (!result.success) {
    throw new InvalidInputError("metadata", "The contract's compiler metadata has no `sources` object.");
  }
  const names = Object.keys(result.data.sources);
  if (!names.every((name) => input.sources[name])) return undefined;
  return { ...input, sources: Object.fromEntries(names.map((name) => [name, input.sources[name]!])) };
}

/**
 * The inputs to try, in order: the minimal input first (when the metadata allows it and it is smaller), then
 * the full one.
 *
 * @param source - the job's standard JSON source
 * @returns one or two candidates
 */
export function standardJsonCandidates(source: StandardJsonSource): StandardJsonCandidate[] {
  const full: StandardJsonCandidate = { kind: "full", input: source.input };
  if (!source.metadata) return [full];
  const minimal = minimalStandardJsonInput(source.input, source.metadata);
  if (!minimal || Object.keys(minimal.sources).length === Object.keys(source.input.sources).length)
    return [full];
  return [{ kind: "minimal", input: minimal }, full];
}

/**
 * Why a contract was verified from the full build input, for its record: the minimal input compiled to other code.
 * @param input - the full input that matched
 * @returns the sentence
 */
export function fullInputNeeded(input: StandardJsonInput): string {
  const viaIR = input.settings?.viaIR === true;
  return `Verified with the full build input: the minimal input (the sources its metadata lists) compiled to other code${viaIR ? ", because under via-IR the whole compilation unit shapes the output" : ""}.`;
}
