import type { NetworkConnection } from "hardhat/types/network";
import { eip1967ImplementationSlot } from "../../src/chain/proxySlots.js";
import * as z from "../../src/schemas/zod.js";

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));

// EIP-1967: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1).

/** The chain reads the task needs, through Hardhat's provider. */
export class ChainAccess {
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

  /**
   * The implementation an ERC-1967 proxy points at.
   * @param proxy - the proxy address
   * @returns the implementation address, or undefined when the slot is empty
   */
  async implementationOf(proxy: string): Promise<string | undefined> {
    const word = hex.parse(
      await this.#connection.provider.request({
        method: "eth_getStorageAt",
        params: [proxy, eip1967ImplementationSlot, "latest"],
      }),
    );
    const address = `0x${word.slice(2).padStart(64, "0").slice(24)}`;
    return /^0x0{40}$/.test(address) ? undefined : address;
  }
}
