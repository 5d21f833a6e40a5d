import { hexString } from "../../chain/chainRpcSchema.js";
import type { ProxyChainReader } from "../../chain/proxyKinds.js";
import { shownUrl } from "../../chain/rpcUrl.js";
import { ChainError } from "../../errors/index.js";

/** An EIP-1193 provider, as a Hardhat network connection hands it out. */
export interface Eip1193Provider {
  request(request: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The chain reads a run needs, through a network's EIP-1193 provider (Hardhat's). */
export class ProviderChain implements ProxyChainReader {
  readonly #provider: Eip1193Provider;

  /** @param provider - an open network's provider */
  constructor(provider: Eip1193Provider) {
    this.#provider = provider;
  }

  /** @returns the chain id */
  async chainId(): Promise<bigint> {
    return BigInt(await this.#hex("eth_chainId", []));
  }

  /** @param address - an account @returns its code, `0x` for none */
  getCode(address: string): Promise<string> {
    return this.#hex("eth_getCode", [address, "latest"]);
  }

  /** @param hash - a transaction @returns its call trace (`debug_traceTransaction` with the call tracer), unparsed */
  traceTransaction(hash: string): Promise<unknown> {
    return this.#ask("debug_traceTransaction", [hash, { tracer: "callTracer" }]);
  }

  /** @param address - a contract @param slot - a storage slot @returns the 32-byte word in it */
  getStorageAt(address: string, slot: string): Promise<string> {
    return this.#hex("eth_getStorageAt", [address, slot, "latest"]);
  }

  // What the network's provider throws (an HTTP status, a refused key, a dropped connection) or answers out of shape
  // is the chain's failure, said in one line as a JSON-RPC URL's is.
  async #ask(method: string, params: unknown[]): Promise<unknown> {
    try {
      return await this.#provider.request({ method, params });
    } catch (error) {
      // Hardhat's own errors (a refused connection, the read budget's) are printed in one line already.
      if (error instanceof Error && /^Hardhat(Plugin)?Error$/.test(error.name)) throw error;
      // Its words may quote the network's URL, whose path or query may hold a provider's key: the origin alone.
      const said = (error instanceof Error ? error.message : String(error)).replace(
        /https?:\/\/[^\s"'<>]*[^\s"'<>.,;)]/gi,
        (url) => shownUrl(url),
      );
      throw new ChainError(method, `${method}: the network answered: ${said.replace(/\.?$/, ".")}`, {
        cause: error,
      });
    }
  }

  async #hex(method: string, params: unknown[]): Promise<string> {
    const parsed = hexString.safeParse(await this.#ask(method, params));
    if (!parsed.success) throw new ChainError(method, `${method}: the network's answer is not hex.`);
    return parsed.data;
  }

  /**
   * @param to - a contract @param data - the call's data
   * @returns what it returned, undefined when it reverted or answered something else than hex
   */
  async call(to: string, data: string): Promise<string | undefined> {
    try {
      // An odd answer to one call says nothing of the address: no answer, as a revert is.
      const answer = hexString.safeParse(
        await this.#provider.request({ method: "eth_call", params: [{ to, data }, "latest"] }),
      );
      return answer.success ? answer.data : undefined;
    } catch (error) {
      // A revert is the node's answer (a JSON-RPC error, with its code): this address has no such function.
      if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "number")
        return undefined;
      throw error;
    }
  }
}
