import { InvalidInputError } from "../../errors/index.js";

/** One shard of a plan: the `index`-th (from 1) of `of`. */
export interface ShardId {
  index: number;
  of: number;
}

/** The most shards a plan makes: a GitHub Actions matrix runs at most 256 jobs. */
export const maxShards = 256;

/**
 * @returns its name in a matrix and on the command line: `1-of-4`
 */
export function shardIdText(id: ShardId): string {
  return `${id.index}-of-${id.of}`;
}

/**
 * Reads a shard's name, as a plan's matrix gives it.
 *
 * @param text - `1-of-4`
 * @param field - the flag or input, for the message
 * @throws {InvalidInputError} when the text is not a shard of a plan
 */
export function parseShardId(text: string, field: string): ShardId {
  const match = /^\s*(\d+)-of-(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const of = Number(match?.[2]);
  if (!match || index < 1 || index > of || of > maxShards)
    throw new InvalidInputError(
      field,
      `${field} "${text}" is not a shard of a plan: give one of the plan's matrix, e.g. 1-of-4 (at most ${maxShards} shards).`,
    );
  return { index, of };
}

/**
 * Reads the number of shards to plan.
 *
 * @param text - a whole number from 1 to {@link maxShards}
 * @param field - the flag or input, for the message
 * @throws {InvalidInputError} when it is not one
 */
export function parseShardCount(text: string, field: string): number {
  const count = Number(text.trim());
  if (!/^\s*\d+\s*$/.test(text) || count < 1 || count > maxShards)
    throw new InvalidInputError(
      field,
      `${field} "${text}" is not a number of shards: give a whole number from 1 to ${maxShards}.`,
    );
  return count;
}
