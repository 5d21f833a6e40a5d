import * as z from "../kernel/zod.js";
import { hexString } from "./chainRpcSchema.js";

/** One frame of a `callTracer` trace, as far as creations need it. */
export interface CallFrame {
  type: string;
  from: string;
  to?: string | null | undefined;
  input?: string | null | undefined;
  error?: string | null | undefined;
  calls?: CallFrame[] | null | undefined;
}

/** A `callTracer` frame, its inner calls nested. */
export const callFrameSchema: z.ZodMiniType<CallFrame> = z.looseObject({
  type: z.string(),
  from: z.string(),
  to: z.nullish(z.string()),
  input: z.nullish(hexString),
  error: z.nullish(z.string()),
  get calls() {
    return z.nullish(z.array(callFrameSchema));
  },
});

/** A contract a traced transaction created. */
export interface TracedCreation {
  /** The new contract, lower case. */
  address: string;
  /** The account that ran CREATE or CREATE2 (the transaction's sender for the transaction's own creation). */
  creator: string;
  /** `transaction` for the transaction's own creation, else the opcode. */
  kind: "transaction" | "create" | "create2";
  /** The creation code with its constructor arguments. */
  creationInput: string;
}

/**
 * Reads a `debug_traceTransaction` answer made with `{ tracer: "callTracer" }`.
 *
 * @param answer - the JSON-RPC result
 * @param transaction - the transaction hash, for the error
 * @returns the root frame
 * @throws {Error} when the answer is not a call frame
 */
export function parseCallTrace(answer: unknown, transaction: string): CallFrame {
  const parsed = callFrameSchema.safeParse(answer);
  if (!parsed.success) {
    throw new Error(
      `debug_traceTransaction for ${transaction}: the chain's answer is not a callTracer frame (${parsed.error.issues[0]?.message ?? "unexpected shape"}).`,
    );
  }
  return parsed.data;
}

/**
 * Every contract a transaction created and kept: the frames of type CREATE or CREATE2 that did not fail, at any
 * depth. A failed frame's creations were rolled back with it, so its subtree is left out.
 *
 * @param root - the transaction's root frame
 * @returns the creations, in execution order
 */
export function creationsInTrace(root: CallFrame): TracedCreation[] {
  const found: TracedCreation[] = [];
  const walk = (frame: CallFrame, depth: number) => {
    if (frame.error) return;
    const type = frame.type.toUpperCase();
    if ((type === "CREATE" || type === "CREATE2") && frame.to) {
      found.push({
        address: frame.to.toLowerCase(),
        creator: frame.from.toLowerCase(),
        kind: depth === 0 ? "transaction" : type === "CREATE" ? "create" : "create2",
        creationInput: (frame.input ?? "0x").toLowerCase(),
      });
    }
    for (const call of frame.calls ?? []) walk(call, depth + 1);
  };
  walk(root, 0);
  return found;
}
