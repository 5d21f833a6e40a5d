import type { AbiParameter } from "viem";
import * as z from "./zod.js";

// An ABI parameter's shape, nested tuples included: what the encoder reads of it.
const parameterShape = z.object({
  type: z.string(),
  name: z.optional(z.string()),
  get components() {
    return z.optional(z.array(parameterShape));
  },
});

const abiParameter = z.custom<AbiParameter>((value) => parameterShape.safeParse(value).success);

const constructorItem = z.object({
  type: z.literal("constructor"),
  inputs: z.optional(z.array(abiParameter)),
});

/**
 * The constructor's parameters in an ABI read from a file or an answer, each checked to be a parameter.
 *
 * @param abi - the contract's ABI
 * @returns its inputs (empty for no constructor, or one whose inputs are not parameters)
 */
export function constructorParameters(abi: readonly unknown[]): readonly AbiParameter[] {
  for (const item of abi) {
    const parsed = constructorItem.safeParse(item);
    if (parsed.success) return parsed.data.inputs ?? [];
  }
  return [];
}
