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

export type ChainBlock = NonNullable<z.infer<typeof blockSchema>>;
export type ChainTransaction = z.infer<typeof transactionSchema>;

/** The few JSON-RPC calls the local explorer needs from a chain. */
export class JsonRpcChain {
  readonly url: string;
  #nextId = 1;

  /** @param url - the chain's JSON-RPC endpoint */
  constructor(url: string) {
    this.url = url;
  }

  async #call(method: string, params: unknown[]): Promise<unknown> {
    const id = this.#nextId++;
    const response = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    const parsed = responseSchema.safeParse(parseJson(await response.text()));
    if (!parsed.success) throw new Error(`${method}: the chain answered something that is not JSON-RPC`);
    if ("error" in parsed.data) throw new Error(`${method}: ${parsed.data.error.message}`);
    return parsed.data.result;
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
