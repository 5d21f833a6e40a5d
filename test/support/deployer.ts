import { type Abi, createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import type { FixtureBuild } from "./fixtureBuild.js";
import { deployerPrivateKey } from "./hardhatChain.js";

/** Deploys fixture contracts to a local chain. */
export class Deployer {
  readonly #wallet;
  readonly #public;

  /** @param rpcUrl - the chain */
  constructor(rpcUrl: string) {
    const transport = http(rpcUrl);
    this.#wallet = createWalletClient({
      account: privateKeyToAccount(deployerPrivateKey),
      chain: hardhat,
      transport,
    });
    this.#public = createPublicClient({ chain: hardhat, transport });
  }

  /**
   * Deploys a contract of a build.
   * @param build - the compiled fixtures
   * @param file - e.g. `contracts/Token.sol`
   * @param name - e.g. `Token`
   * @param args - constructor arguments
   * @param libraries - `file:Name` to address, for linking
   * @returns the new contract's address
   */
  async deploy(
    build: FixtureBuild,
    file: string,
    name: string,
    args: unknown[] = [],
    libraries: Record<string, string> = {},
  ): Promise<Hex> {
    const compiled = build.output.contracts?.[file]?.[name];
    let bytecode = compiled?.evm?.bytecode?.object ?? "";
    for (const [libraryFile, byName] of Object.entries(compiled?.evm?.bytecode?.linkReferences ?? {})) {
      for (const [library, spans] of Object.entries(byName)) {
        const address = libraries[`${libraryFile}:${library}`];
        if (!address) throw new Error(`no address for library ${libraryFile}:${library}`);
        for (const span of spans) {
          bytecode =
            bytecode.slice(0, span.start * 2) +
            address.slice(2).toLowerCase() +
            bytecode.slice((span.start + span.length) * 2);
        }
      }
    }
    const hash = await this.#wallet.deployContract({
      abi: (compiled?.abi ?? []) as Abi,
      bytecode: `0x${bytecode}`,
      args,
    });
    const receipt = await this.#public.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
    return receipt.contractAddress;
  }
}
