import { InvalidInputError } from "../errors/index.js";
import { parseShardCount, parseShardId, type ShardId } from "../run/commands/requestFacts.js";
import { readInput } from "./runnerCommands.js";

/**
 * What the step does with a plan, from the inputs `shards`, `shard` and `merge-from` (at most one): plan only, one
 * shard of the run, or a merge of the shards' folders. Undefined: the whole run, as without a plan.
 */
export type ShardStep =
  | { step: "plan"; shards: number }
  | { step: "shard"; shard: ShardId; plan?: string | undefined }
  | { step: "merge"; from: string };

/**
 * Reads the inputs `shards`, `shard` and `merge-from`.
 *
 * @returns the step, or undefined for a whole run
 * @throws {InvalidInputError} for a value that is not one, or two of them together
 */
export function readShardStep(): ShardStep | undefined {
  const given = (["shards", "shard", "merge-from"] as const).filter((name) => readInput(name) !== "");
  if (given.length > 1)
    throw new InvalidInputError(
      given[1] as string,
      `Inputs ${given.join(" and ")} make different steps (shards: plan, shard: one shard, merge-from: the merge): give one.`,
    );
  switch (given[0]) {
    case "shards":
      return { step: "plan", shards: parseShardCount(readInput("shards"), "Input shards") };
    case "shard":
      return {
        step: "shard",
        shard: parseShardId(readInput("shard"), "Input shard"),
        plan: readInput("plan") || undefined,
      };
    case "merge-from":
      return { step: "merge", from: readInput("merge-from") };
    default:
      return undefined;
  }
}
