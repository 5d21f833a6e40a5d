import * as contract from "../client/contract/index.js";
import type { QuotaReading } from "../client/rateLimiter.js";
import { Transport, type TransportOptions } from "../client/transport.js";
import { InvalidInputError, NotSupportedError } from "../errors/index.js";
import type { AddressVerifiedState, Verifier } from "../verify/verifier.js";

/** Etherscan API v2: one host, one key, every chain. */
export const defaultEtherscanApiUrl = "https://api.etherscan.io/v2/api";

/** Where people see a contract, for the chains whose Etherscan site is certain; others need `browserUrl`. */
const etherscanSites: Record<number, string> = {
  1: "https://etherscan.io",
  11155111: "https://sepolia.etherscan.io",
};

/** Etherscan answers `getcontractcreation` for at most five addresses at once. */
const creationsPerRequest = 5;

/** The free plan's rate: 3 calls per second, counted over every chain of the key. */
const defaultRequestsPerSecond = 3;

export interface EtherscanVerifierOptions
  extends Omit<TransportOptions, "explorerUrl" | "apiKey" | "apiKeyIn" | "fixedQuery"> {
  /** The chain, sent as `chainid` with every request. */
  chainId: number;
  /** The Etherscan API key (one key covers every chain). Required. */
  apiKey: string | undefined;
  /** The API endpoint. Default `https://api.etherscan.io/v2/api`; a bare origin gets `/v2/api`. */
  apiUrl?: string | undefined;
  /**
   * The chain's Etherscan site, where links point (`https://etherscan.io`). Known for chains 1 and 11155111;
   * elsewhere, without it, links and the ledger's key are the API's `getsourcecode` address for the chain.
   */
  browserUrl?: string | undefined;
}

/**
 * Verifies on Etherscan through its API v2 for one chain: the contract module Blockscout copies, with `chainid` on
 * every request and a key that is required. Standard JSON input, single files (flattened sources too) and Vyper
 * standard JSON; no registry format. A used-up daily quota, a chain outside the key's plan or a refused key stops
 * this verifier: later calls fail with the same error, unsent.
 *
 * @example
 * const etherscan = new EtherscanVerifier({ chainId: 1, apiKey: process.env.ETHERSCAN_API_KEY });
 * const results = await verifyBatch(jobs, { client: etherscan });
 */
export class EtherscanVerifier implements Verifier {
  readonly kind = "etherscan";
  readonly chainId: number;
  readonly transport: Transport;
  readonly urls: { readonly base: string };
  readonly #site: string | undefined;

  /**
   * @param options - chain, key, API and site URLs, and the transport's settings
   * @throws {InvalidInputError} without a key, for a chain id that is not a positive integer, or a URL that is not
   *   http(s), before any request
   */
  constructor(options: EtherscanVerifierOptions) {
    const { chainId, apiKey } = options;
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new InvalidInputError(
        "chainId",
        `Etherscan needs the chain id, a positive integer; got ${String(chainId)}.`,
      );
    }
    if (apiKey === undefined || apiKey.trim() === "") {
      throw new InvalidInputError(
        "apiKey",
        "Etherscan needs an API key: create one at https://etherscan.io/myapikey (one key covers every chain).",
      );
    }
    this.chainId = chainId;
    this.transport = new Transport({
      ...options,
      explorerUrl: endpoint(options.apiUrl ?? defaultEtherscanApiUrl, chainId),
      apiKey: apiKey.trim(),
      apiKeyIn: "query",
      fixedQuery: { chainid: String(chainId) },
      requestsPerSecond: options.requestsPerSecond ?? defaultRequestsPerSecond,
      serviceName: "Etherscan",
    });
    const site = options.browserUrl ?? etherscanSites[chainId];
    this.#site = site === undefined ? undefined : site.trim().replace(/\/+$/, "");
    this.urls = { base: this.#site ?? `${this.transport.urls.rpc}?chainid=${chainId}` };
  }

  /**
   * @param address - a contract
   * @returns its code page on the chain's Etherscan site, or the API's `getsourcecode` address without a site
   */
  codeUrl(address: string): string {
    return this.#site
      ? `${this.#site}/address/${address}#code`
      : `${this.urls.base}&module=contract&action=getsourcecode&address=${address}`;
  }

  /**
   * Etherscan's `getsourcecode` may answer with a bytecode twin's source ("Similar Match"): it cannot say from the
   * address alone, so the engine reads `getsourcecode` and compares the contract's name.
   * @returns undefined
   */
  async addressVerifiedState(_address: string): Promise<AddressVerifiedState | undefined> {
    return undefined;
  }

  /** `getsourcecode`. @param parameters - the address @returns the verified contract, or null */
  getSourceCode(parameters: contract.GetSourceCodeParameters): Promise<contract.VerifiedContract | null> {
    return contract.getSourceCode(this.transport, parameters);
  }

  /** `getcontractcreation`, five addresses a request. @param parameters - the addresses @returns creations found */
  getContractCreation(
    parameters: contract.GetContractCreationParameters,
  ): Promise<contract.ContractCreation[]> {
    return contract.getContractCreation(this.transport, parameters, creationsPerRequest);
  }

  /** `verifysourcecode`. @param parameters - the submission @returns a guid, or already verified */
  verifySourceCode(parameters: contract.VerifySourceCodeParameters): Promise<contract.SubmissionOutcome> {
    return contract.verifySourceCode(this.transport, parameters);
  }

  /**
   * A flattened source is Etherscan's single file: sent as `verifysourcecode` with `solidity-single-file`.
   * @param parameters - the flattened submission
   * @returns a guid, or already verified
   */
  verify(parameters: contract.VerifyParameters): Promise<contract.SubmissionOutcome> {
    return contract.verifySourceCode(this.transport, {
      codeFormat: "solidity-single-file",
      address: parameters.address,
      contractName: parameters.name,
      compilerVersion: parameters.compilerVersion,
      sourceCode: parameters.contractSourceCode,
      optimizationUsed: parameters.optimization,
      ...(parameters.optimizationRuns === undefined ? {} : { runs: parameters.optimizationRuns }),
      ...(parameters.evmVersion ? { evmVersion: parameters.evmVersion } : {}),
      ...(parameters.libraries ? { libraries: parameters.libraries } : {}),
      ...(parameters.constructorArguments === undefined
        ? {}
        : { constructorArguments: parameters.constructorArguments }),
      ...(parameters.timeoutMs === undefined ? {} : { timeoutMs: parameters.timeoutMs }),
    });
  }

  /**
   * A Vyper source, sent as Vyper standard JSON (`codeformat=vyper-json`, `compilerversion=vyper:x.y.z`) with the
   * compiler's default settings: the file is `{name}.vy`.
   * @param parameters - the Vyper submission
   * @returns a guid, or already verified
   * @throws {InvalidInputError} for a compiler version without `x.y.z`, before any request
   */
  verifyVyperContract(
    parameters: contract.VerifyVyperContractParameters,
  ): Promise<contract.SubmissionOutcome> {
    const release = /^v?(\d+\.\d+\.\d+)/.exec(parameters.compilerVersion)?.[1];
    if (!release) {
      throw new InvalidInputError(
        "compilerVersion",
        `Invalid Vyper compiler version ${JSON.stringify(parameters.compilerVersion)}: expected x.y.z, like 0.4.0.`,
      );
    }
    const file = `${parameters.name}.vy`;
    return contract.verifySourceCode(this.transport, {
      codeFormat: "vyper-json",
      address: parameters.address,
      contractName: `${file}:${parameters.name}`,
      compilerVersion: `vyper:${release}`,
      standardJsonInput: {
        language: "Vyper",
        sources: { [file]: { content: parameters.contractSourceCode } },
        settings: { outputSelection: { "*": ["evm.bytecode", "evm.deployedBytecode", "abi"] } },
      },
      ...(parameters.constructorArguments === undefined
        ? {}
        : { constructorArguments: parameters.constructorArguments }),
      ...(parameters.timeoutMs === undefined ? {} : { timeoutMs: parameters.timeoutMs }),
    });
  }

  /**
   * Etherscan has no registry format.
   * @throws {NotSupportedError} always, before any request
   */
  async verifyViaRegistry(
    _parameters: contract.VerifyViaRegistryParameters,
  ): Promise<contract.SubmissionOutcome> {
    throw new NotSupportedError(
      this.kind,
      "verifyViaRegistry",
      "Etherscan does not take the registry format (metadata.json and sources): give the standard JSON input, a single file or Vyper standard JSON.",
    );
  }

  /** `checkverifystatus`. @param parameters - the guid @returns where the attempt stands */
  checkVerifyStatus(parameters: contract.CheckVerifyStatusParameters): Promise<contract.VerifyStatus> {
    return contract.checkVerifyStatus(this.transport, parameters);
  }

  /** `verifyproxycontract`, with `expectedimplementation`. @param parameters - proxy and implementation @returns a guid */
  verifyProxyContract(parameters: contract.VerifyProxyContractParameters): Promise<string> {
    return contract.verifyProxyContract(this.transport, parameters);
  }

  /** `checkproxyverification`. @param parameters - the guid @returns where the link stands */
  checkProxyVerification(
    parameters: contract.CheckProxyVerificationParameters,
  ): Promise<contract.ProxyVerificationStatus> {
    return contract.checkProxyVerification(this.transport, parameters);
  }

  /** @returns the limiter's reading: Etherscan states no quota in headers, so the spacing decides */
  quotaReading(): QuotaReading {
    return this.transport.rateLimiter.reading();
  }
}

// `https://api.etherscan.io` alone means its v2 endpoint; any other path is taken as given. A `chainid` in the URL
// (as Etherscan's chain list writes it) must be the chain's.
function endpoint(apiUrl: string, chainId: number): string {
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    throw new InvalidInputError("apiUrl", `The Etherscan API URL "${apiUrl}" is not a valid URL.`);
  }
  const named = url.searchParams.get("chainid");
  if (named !== null && named !== String(chainId)) {
    throw new InvalidInputError(
      "apiUrl",
      `The Etherscan API URL names chain ${named}, but the chain is ${chainId}: leave chainid out of the URL.`,
    );
  }
  return url.pathname === "/" || url.pathname === ""
    ? `${url.origin}/v2/api`
    : `${url.origin}${url.pathname}`;
}
