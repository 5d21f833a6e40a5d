import {
  type Client,
  createClient,
  HttpRequestError,
  type HttpTransport,
  http,
  ResponseBodyTooLargeError,
  RpcRequestError,
  rpcSchema,
  TimeoutError,
} from "viem";
import { ChainError } from "../errors/recompileErrors.js";
import { createRedactor, type Redactor } from "../errors/redact.js";
import { deadlineReached, isDeadlineReached } from "../errors/transportErrors.js";
import { formatBytes } from "../kernel/byteSize.js";
import { formatDuration } from "../kernel/durationText.js";
import { loadHttpClient } from "../kernel/loadHttpClient.js";
import { userAgent } from "../kernel/userAgent.js";
import type * as z from "../kernel/zod.js";
import { maxAnswerBytes } from "../options/verificationOptions.js";
import { callFrameSchema, creationsInTrace } from "./callTrace.js";
import {
  blockSchema,
  type ChainRequest,
  type ChainRpcSchema,
  hexString,
  minedTransactionSchema,
  receiptSchema,
  type transactionSchema,
} from "./chainRpcSchema.js";
import { hasRpcCode, networkFailure, rpcMessage } from "./rpcFailures.js";
import { shownUrl, urlSecrets } from "./rpcUrl.js";

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

/** Limits of a {@link JsonRpcChain}'s requests. */
export interface JsonRpcChainOptions {
  /** Time limit of one request, its whole answer included; a request that passes it is tried once more. Default 30 s. */
  timeoutMs?: number;
  /** The most bytes of an answer read; a larger one is refused with a {@link ChainError}. Default 64 MiB. */
  maxResponseBytes?: number;
  /** When the work the reads serve must end, ms since the epoch: none is sent, nor tried again, after it. */
  endsAt?: number;
}

const defaultTimeoutMs = 30_000;

/**
 * The few JSON-RPC calls compile-and-match, discovery and the local explorer need from a chain, through viem's HTTP
 * transport and undici's fetch (the pool of kept-alive connections and the proxy from the environment, as the
 * explorers' requests). Answers are checked against schemas; the RPC URL is shown by its origin alone.
 */
export class JsonRpcChain {
  readonly url: string;
  readonly #client: Client<HttpTransport, undefined, undefined, ChainRpcSchema>;
  readonly #shown: string;
  readonly #redact: Redactor;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #endsAt: number;

  /**
   * @param url - the chain's JSON-RPC endpoint
   * @param options - time limit and size cap of each request, and the deadline of the work
   */
  constructor(url: string, options: JsonRpcChainOptions = {}) {
    this.url = url;
    this.#endsAt = options.endsAt ?? Number.POSITIVE_INFINITY;
    this.#shown = shownUrl(url);
    this.#redact = createRedactor(urlSecrets(url));
    this.#timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.#maxResponseBytes = options.maxResponseBytes ?? maxAnswerBytes;
    this.#client = createClient({
      rpcSchema: rpcSchema<ChainRpcSchema>(),
      transport: http(url, {
        // Every call here is a read: one more try covers a keep-alive socket the node closed during a long compile.
        retryCount: 1,
        timeout: this.#timeoutMs,
        maxResponseBodySize: this.#maxResponseBytes,
        fetchOptions: { headers: { "user-agent": userAgent } },
        // undici is loaded with the first request, as for the explorers.
        fetchFn: async (input, init) => (await loadHttpClient()).fetchThroughDispatcher(input, init),
      }),
    });
  }

  async #call(request: ChainRequest): Promise<unknown> {
    try {
      return await this.#request(request);
    } catch (error) {
      throw this.#chainError(request.method, error);
    }
  }

  // The work may stop waiting for the answer at its deadline: a request left running would hold the chain's
  // connection past it, and viem would send it again.
  async #request(request: ChainRequest): Promise<unknown> {
    if (!Number.isFinite(this.#endsAt)) return this.#client.request(request);
    if (Date.now() >= this.#endsAt) throw deadlineReached();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(deadlineReached()), this.#endsAt - Date.now());
    try {
      return await this.#client.request(request, { signal: deadline.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async #read<T>(request: ChainRequest, schema: z.ZodMiniType<T>): Promise<T> {
    const parsed = schema.safeParse(await this.#call(request));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at result.${issue.path.join(".")}` : "";
    throw new ChainError(
      request.method,
      `${request.method}: the chain's answer has an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
    );
  }

  // What went wrong, in words that name the chain by its origin: viem's own messages carry the whole URL.
  #chainError(method: string, error: unknown): Error {
    if (isDeadlineReached(error)) return error;
    const at = `the chain at ${this.#shown}`;
    const failed = (text: string, options?: ConstructorParameters<typeof ChainError>[2]) =>
      new ChainError(method, `${method}: ${text}`, options);
    if (error instanceof RpcRequestError || hasRpcCode(error)) {
      return failed(this.#redact(rpcMessage(error)));
    }
    if (error instanceof TimeoutError) {
      return failed(`${at} did not answer within ${formatDuration(this.#timeoutMs)}.`, { unreachable: true });
    }
    if (error instanceof ResponseBodyTooLargeError) {
      const cap = formatBytes(this.#maxResponseBytes);
      return failed(`${at} answered more than ${cap}; the answer was not read.`);
    }
    if (error instanceof HttpRequestError && error.status !== undefined) {
      // A gateway's 5xx, a 429 or a 408 says the node is out of reach for now; another status refuses the call.
      const unreachable = error.status >= 500 || error.status === 429 || error.status === 408;
      return failed(`${at} answered HTTP ${error.status}.`, { unreachable });
    }
    if (error instanceof HttpRequestError && error.cause instanceof SyntaxError) {
      return failed("the chain answered something that is not JSON-RPC.");
    }
    return failed(`${at} could not be reached.`, {
      details: this.#redact(networkFailure(error)),
      unreachable: true,
    });
  }

  /** @returns the chain id */
  async chainId(): Promise<number> {
    return Number(await this.#read({ method: "eth_chainId" }, hexString));
  }

  /** @returns the latest block number */
  async blockNumber(): Promise<number> {
    return Number(await this.#read({ method: "eth_blockNumber" }, hexString));
  }

  /** @param address - an account @returns its code, `0x` for none */
  async getCode(address: string): Promise<string> {
    return (
      await this.#read({ method: "eth_getCode", params: [address, "latest"] }, hexString)
    ).toLowerCase();
  }

  /** @param address - an account @param slot - a storage slot @returns the 32-byte word */
  async getStorageAt(address: string, slot: string): Promise<string> {
    return this.#read({ method: "eth_getStorageAt", params: [address, slot, "latest"] }, hexString);
  }

  /**
   * A read-only call (`eth_call` at the latest block).
   * @param to - the contract
   * @param data - the calldata, `0x` hex
   * @returns what it returned, or undefined when the call reverted, the node refused it, or answered something else
   *   than hex
   * @throws {ChainError} when the node cannot be reached
   */
  async call(to: string, data: string): Promise<string | undefined> {
    const request: ChainRequest = { method: "eth_call", params: [{ to, data }, "latest"] };
    let answer: unknown;
    try {
      answer = await this.#request(request);
    } catch (error) {
      // A revert is the node's answer (an error object): this address has no such function.
      if (error instanceof RpcRequestError || hasRpcCode(error)) return undefined;
      throw this.#chainError(request.method, error);
    }
    // A node's odd answer to one call (a proxy kind probed, a getter) says nothing of the address: no answer, as a
    // revert is, rather than the end of the run.
    const parsed = hexString.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  }

  /** @param number - a block number @returns the block with its transactions, or null */
  async getBlock(number: number): Promise<ChainBlock | null> {
    return this.#read(
      { method: "eth_getBlockByNumber", params: [`0x${number.toString(16)}`, true] },
      blockSchema,
    );
  }

  /**
   * The contracts a transaction's calls created and kept (CREATE/CREATE2 inside it, outside a failed frame), read
   * with `debug_traceTransaction`'s call tracer.
   * @param hash - a transaction hash
   * @returns the creations, in order; empty when none
   * @throws {ChainError} when the node cannot trace (the method is missing) or the trace is unreadable
   */
  async internalCreations(hash: string): Promise<InternalCreation[]> {
    const trace = callFrameSchema.safeParse(await this.traceTransaction(hash));
    if (!trace.success)
      throw new ChainError("debug_traceTransaction", "debug_traceTransaction: the call trace is unreadable.");
    return creationsInTrace(trace.data)
      .filter((creation) => creation.kind !== "transaction")
      .map(({ address, creator, creationInput }) => ({ address, factory: creator, input: creationInput }));
  }

  /** @param hash - a transaction hash @returns the transaction, or null when the chain does not know it */
  async getTransaction(hash: string): Promise<(ChainTransaction & { blockNumber: string | null }) | null> {
    return this.#read({ method: "eth_getTransactionByHash", params: [hash] }, minedTransactionSchema);
  }

  /** @returns the `debug_traceTransaction` answer for a transaction with the call tracer, unparsed */
  async traceTransaction(hash: string): Promise<unknown> {
    return this.#call({ method: "debug_traceTransaction", params: [hash, { tracer: "callTracer" }] });
  }

  /** @param hash - a transaction hash @returns the contract it created, if any */
  async createdContract(hash: string): Promise<string | undefined> {
    const receipt = await this.#read({ method: "eth_getTransactionReceipt", params: [hash] }, receiptSchema);
    return receipt?.contractAddress ?? undefined;
  }
}
