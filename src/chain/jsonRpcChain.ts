import { ChainError } from "../errors/recompileErrors.js";
import * as z from "../schemas/zod.js";

const responseSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), id: z.number(), result: z.unknown() }),
  z.object({
    jsonrpc: z.literal("2.0"),
    id: z.nullable(z.number()),
    error: z.object({ code: z.number(), message: z.string() }),
  }),
]);

const hexString = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
const transactionSchema = z.looseObject({
  hash: z.string(),
  from: z.string(),
  to: z.nullable(z.string()),
  input: hexString,
  transactionIndex: z.nullable(hexString),
});
const minedTransactionSchema = z.nullable(
  z.extend(transactionSchema, { blockNumber: z.nullable(hexString) }),
);
const blockSchema = z.nullable(
  z.looseObject({
    number: hexString,
    hash: z.string(),
    timestamp: hexString,
    transactions: z.array(transactionSchema),
    withdrawals: z.optional(
      z.array(
        z.looseObject({
          index: hexString,
          validatorIndex: hexString,
          address: z.string(),
          amount: hexString,
        }),
      ),
    ),
  }),
);
const receiptSchema = z.nullable(
  z.looseObject({ contractAddress: z.optional(z.nullable(z.string())), status: z.optional(hexString) }),
);

interface CallFrame {
  type?: string;
  from?: string;
  to?: string;
  input?: string;
  error?: string;
  calls?: CallFrame[];
}
const callFrameSchema: z.ZodMiniType<CallFrame> = z.looseObject({
  type: z.optional(z.string()),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  input: z.optional(z.string()),
  error: z.optional(z.string()),
  get calls() {
    return z.optional(z.array(callFrameSchema));
  },
});

/** A contract created inside a transaction, by a contract (a factory) rather than by the transaction itself. */
export interface InternalCreation {
  address: string;
  /** The creating contract. */
  factory: string;
  /** The creation code and constructor arguments the factory passed to CREATE/CREATE2. */
  input: string;
}

export type ChainBlock = NonNullable<z.infer<typeof blockSchema>>;
export type ChainTransaction = z.infer<typeof transactionSchema>;

/** The few JSON-RPC calls compile-and-match and the local explorer need from a chain. */
export class JsonRpcChain {
  readonly url: string;
  #nextId = 1;

  /** @param url - the chain's JSON-RPC endpoint */
  constructor(url: string) {
    this.url = url;
  }

  async #call(method: string, params: unknown[]): Promise<unknown> {
    let text: string;
    try {
      // Every call here is a read: one more try covers a keep-alive socket the node closed during a long compile.
      text = await this.#post(method, params).catch(() => this.#post(method, params));
    } catch (cause) {
      throw new ChainError(method, `${method}: the chain at ${redactedUrl(this.url)} could not be reached.`, {
        details: cause instanceof Error ? cause.message : String(cause),
        cause,
        unreachable: true,
      });
    }
    const parsed = responseSchema.safeParse(parseJson(text));
    if (!parsed.success)
      throw new ChainError(method, `${method}: the chain answered something that is not JSON-RPC.`);
    if ("error" in parsed.data) throw new ChainError(method, `${method}: ${parsed.data.error.message}`);
    return parsed.data.result;
  }

  async #post(method: string, params: unknown[]): Promise<string> {
    const id = this.#nextId++;
    const response = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    return response.text();
  }

  /** @returns the chain id */
  async chainId(): Promise<number> {
    return Number(hexString.parse(await this.#call("eth_chainId", [])));
  }

  /** @returns the latest block number */
  async blockNumber(): Promise<number> {
    return Number(hexString.parse(await this.#call("eth_blockNumber", [])));
  }

  /** @param address - an account @returns its code, `0x` for none */
  async getCode(address: string): Promise<string> {
    return hexString.parse(await this.#call("eth_getCode", [address, "latest"])).toLowerCase();
  }

  /** @param address - an account @param slot - a storage slot @returns the 32-byte word */
  async getStorageAt(address: string, slot: string): Promise<string> {
    return hexString.parse(await this.#call("eth_getStorageAt", [address, slot, "latest"]));
  }

  /** @param number - a block number @returns the block with its transactions, or null */
  async getBlock(number: number): Promise<ChainBlock | null> {
    return blockSchema.parse(await this.#call("eth_getBlockByNumber", [`0x${number.toString(16)}`, true]));
  }

  /**
   * The contracts a transaction's calls created (CREATE/CREATE2 inside it), read with `debug_traceTransaction`'s
   * call tracer.
   * @param hash - a transaction hash
   * @returns the creations, in order; empty when none
   * @throws {ChainError} when the node cannot trace (the method is missing) or the trace is unreadable
   */
  async internalCreations(hash: string): Promise<InternalCreation[]> {
    const trace = callFrameSchema.safeParse(
      await this.#call("debug_traceTransaction", [hash, { tracer: "callTracer" }]),
    );
    if (!trace.success) {
      throw new ChainError("debug_traceTransaction", "debug_traceTransaction: the call trace is unreadable.");
    }
    const found: InternalCreation[] = [];
    const walk = (frame: CallFrame, depth: number) => {
      const creates = frame.type === "CREATE" || frame.type === "CREATE2";
      if (depth > 0 && creates && frame.to && frame.from && frame.input && !frame.error) {
        found.push({
          address: frame.to.toLowerCase(),
          factory: frame.from.toLowerCase(),
          input: frame.input,
        });
      }
      for (const call of frame.calls ?? []) walk(call, depth + 1);
    };
    walk(trace.data, 0);
    return found;
  }

  /** @param hash - a transaction hash @returns the transaction, or null when the chain does not know it */
  async getTransaction(hash: string): Promise<(ChainTransaction & { blockNumber: string | null }) | null> {
    return minedTransactionSchema.parse(await this.#call("eth_getTransactionByHash", [hash]));
  }

  /**
   * @param hash - a transaction hash
   * @returns the `debug_traceTransaction` answer with the call tracer, unparsed
   */
  async traceTransaction(hash: string): Promise<unknown> {
    return this.#call("debug_traceTransaction", [hash, { tracer: "callTracer" }]);
  }

  /** @param hash - a transaction hash @returns the contract it created, if any */
  async createdContract(hash: string): Promise<string | undefined> {
    const receipt = receiptSchema.parse(await this.#call("eth_getTransactionReceipt", [hash]));
    return receipt?.contractAddress ?? undefined;
  }
}

// RPC URLs often carry a key in the path or query: only the origin is shown.
function redactedUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "the RPC URL";
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
