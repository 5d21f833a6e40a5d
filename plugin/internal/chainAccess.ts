import type { NetworkConnection } from "hardhat/types/network";
import * as z from "../../src/kernel/zod.js";
import type { ChainReads } from "../../src/run/addressJobs.js";

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));

/** The chain reads the task needs, through Hardhat's provider. */
export class ChainAccess implements ChainReads {
  readonly #connection: NetworkConnection;

  /** @param connection - an open network connection */
  constructor(connection: NetworkConnection) {
    this.#connection = connection;
  }

  /** @returns the chain id */
  async chainId(): Promise<bigint> {
    return BigInt(hex.parse(await this.#connection.provider.request({ method: "eth_chainId" })));
  }

  /** @param address - an account @returns its code, `0x` for none */
  async code(address: string): Promise<string> {
    return hex.parse(
      await this.#connection.provider.request({ method: "eth_getCode", params: [address, "latest"] }),
    );
  }

  /** @param address - an account @returns its code, `0x` for none */
  getCode(address: string): Promise<string> {
    return this.code(address);
  }

  /** @param hash - a transaction @returns its call trace (`debug_traceTransaction` with the call tracer), unparsed */
  traceTransaction(hash: string): Promise<unknown> {
    return this.#connection.provider.request({
      method: "debug_traceTransaction",
      params: [hash, { tracer: "callTracer" }],
    });
  }

  /** @param address - a contract @param slot - a storage slot @returns the 32-byte word in it */
  async getStorageAt(address: string, slot: string): Promise<string> {
    return hex.parse(
      await this.#connection.provider.request({
        method: "eth_getStorageAt",
        params: [address, slot, "latest"],
      }),
    );
  }

  /**
   * @param to - a contract @param data - the call's data
   * @returns what it returned, undefined when it reverted or answered something else than hex
   */
  async call(to: string, data: string): Promise<string | undefined> {
    try {
      // An odd answer to one call says nothing of the address: no answer, as a revert is.
      const answer = hex.safeParse(
        await this.#connection.provider.request({ method: "eth_call", params: [{ to, data }, "latest"] }),
      );
      return answer.success ? answer.data : undefined;
    } catch (error) {
      // A revert is the node's answer (a JSON-RPC error, with its code): this address has no such function.
      if (typeof (error as { code?: unknown } | undefined)?.code === "number") return undefined;
      throw error;
    }
  }
}
