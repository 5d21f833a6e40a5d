import type * as contract from "../client/contract/index.js";
import { sourcifyMatchLevel } from "../client/explorerTexts.js";
import type { QuotaReading } from "../client/rateLimiter.js";
import * as sourcify from "../client/sourcify/index.js";
import { Transport, type TransportOptions } from "../client/transport.js";
import { assertNonEmpty } from "../client/validate.js";
import { InvalidInputError, NotSupportedError } from "../errors/index.js";
import type { AddressVerifiedState, Verifier } from "../verify/verifier.js";

/** Sourcify's public server. */
export const defaultSourcifyApiUrl = "https://sourcify.dev/server";

export interface SourcifyVerifierOptions
  extends Omit<TransportOptions, "explorerUrl" | "apiKey" | "apiKeyIn" | "fixedQuery"> {
  /** The chain: part of every path. */
  chainId: number;
  /** The server. Default `https://sourcify.dev/server`. */
  apiUrl?: string | undefined;
  /**
   * Where links point, as `{browserUrl}/{address}`. Default: the server's own lookup of the chain,
   * `{apiUrl}/v2/contract/{chainId}`.
   */
  browserUrl?: string | undefined;
  /**
   * After a 429 `duplicate_verification_request` (another job verifies the address), the first wait before looking
   * at the address and submitting again; the n-th wait is n times this. Default 2 s.
   */
  duplicateWaitMs?: number;
}

/**
 * Verifies on Sourcify through its API v2 for one chain: standard JSON input (`POST /v2/verify/{chainId}/{address}`),
 * single files, flattened and Vyper sources as a one-file standard JSON input, and the registry format (metadata and
 * sources) through `POST /v2/verify/metadata/{chainId}/{address}`. Jobs are asynchronous: the verification id is the
 * guid. Sourcify needs no key and no constructor arguments (it reads them from the creation transaction); it has no
 * proxy link.
 *
 * @example
 * const sourcify = new SourcifyVerifier({ chainId: 11155111 });
 * const results = await verifyBatch(jobs, { client: sourcify });
 */
export class SourcifyVerifier implements Verifier {
  readonly kind = "sourcify";
  readonly readsConstructorArguments = true;
  readonly chainId: number;
  readonly transport: Transport;
  readonly urls: { readonly base: string };
  readonly #duplicateWaitMs: number;

  /**
   * @param options - chain, server and link URLs, and the transport's settings
   * @throws {InvalidInputError} for a chain id that is not a positive integer or a URL that is not http(s)
   */
  constructor(options: SourcifyVerifierOptions) {
    const { chainId } = options;
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new InvalidInputError(
        "chainId",
        `Sourcify needs the chain id, a positive integer; got ${String(chainId)}.`,
      );
    }
    this.chainId = chainId;
    this.#duplicateWaitMs = options.duplicateWaitMs ?? 2_000;
    // Sourcify takes no key: one given along with the other settings (a shared target object) is never sent there.
    const { apiKey: _notSent, ...transportOptions } = options as SourcifyVerifierOptions & {
      apiKey?: unknown;
    };
    this.transport = new Transport({
      ...transportOptions,
      explorerUrl: (options.apiUrl ?? defaultSourcifyApiUrl).trim().replace(/\/+$/, ""),
      serviceName: "Sourcify",
    });
    this.urls = {
      base: (options.browserUrl ?? `${this.transport.urls.base}/v2/contract/${chainId}`)
        .trim()
        .replace(/\/+$/, ""),
    };
  }

  /** @param address - a contract @returns `{base}/{address}` */
  codeUrl(address: string): string {
    return `${this.urls.base}/${address}`;
  }

  /**
   * Sourcify's lookup is by chain and address: a bytecode twin is never taken for the contract.
   * @param address - a contract
   * @returns verified (`exact_match`), partial (`match`) or unverified (404), with the contract's name
   */
  async addressVerifiedState(address: string): Promise<AddressVerifiedState | undefined> {
    const found = await sourcify.lookupContract(this.transport, { chainId: this.chainId, address });
    const state = sourcifyMatchLevel(found?.match);
    if (!found || !state) return { state: "unverified", name: null };
    return { state, name: found.compilation?.name ?? null };
  }

  /**
   * `GET /v2/contract/{chainId}/{address}` with the compilation, sources, ABI and proxy resolution.
   * @param parameters - the address
   * @returns the verified contract, or null
   */
  async getSourceCode(
    parameters: contract.GetSourceCodeParameters,
  ): Promise<contract.VerifiedContract | null> {
    const found = await sourcify.lookupContract(this.transport, {
      chainId: this.chainId,
      address: parameters.address,
    });
    if (!found || !sourcifyMatchLevel(found.match)) return null;
    return sourcify.verifiedContractOf(found, parameters.address);
  }

  /**
   * Sourcify knows no creation of a contract it has not verified, and needs none to verify.
   * @returns an empty list
   */
  async getContractCreation(
    _parameters: contract.GetContractCreationParameters,
  ): Promise<contract.ContractCreation[]> {
    return [];
  }

  /**
   * Standard JSON input as it is; a single file as a one-file standard JSON input.
   * @param parameters - the submission
   * @returns the verification id, or already verified
   */
  verifySourceCode(parameters: contract.VerifySourceCodeParameters): Promise<contract.SubmissionOutcome> {
    if (parameters.codeFormat === "solidity-single-file") {
      return this.#submitSingleFile({
        address: parameters.address,
        name: parameters.contractName,
        compilerVersion: parameters.compilerVersion,
        source: parameters.sourceCode,
        optimizer: { enabled: parameters.optimizationUsed, runs: parameters.runs },
        evmVersion: parameters.evmVersion,
        timeoutMs: parameters.timeoutMs,
      });
    }
    const contractIdentifier = assertNonEmpty(parameters.contractName, "contractName");
    if (!contractIdentifier.includes(":")) {
      throw new InvalidInputError(
        "contractName",
        `Sourcify needs the contract as path:Name (e.g. contracts/Token.sol:Token); got ${JSON.stringify(contractIdentifier)}.`,
      );
    }
    return this.#submitStandardJson(
      parameters.address,
      {
        stdJsonInput: standardJsonObject(parameters.standardJsonInput),
        compilerVersion: release(parameters.compilerVersion),
        contractIdentifier,
      },
      parameters.timeoutMs,
    );
  }

  /** A flattened source, as a one-file standard JSON input. @param parameters - the submission @returns the outcome */
  verify(parameters: contract.VerifyParameters): Promise<contract.SubmissionOutcome> {
    return this.#submitSingleFile({
      address: parameters.address,
      name: parameters.name,
      compilerVersion: parameters.compilerVersion,
      source: parameters.contractSourceCode,
      optimizer: { enabled: parameters.optimization, runs: parameters.optimizationRuns },
      evmVersion: parameters.evmVersion,
      timeoutMs: parameters.timeoutMs,
    });
  }

  /** A Vyper source, as a one-file Vyper standard JSON input. @param parameters - the submission @returns the outcome */
  verifyVyperContract(
    parameters: contract.VerifyVyperContractParameters,
  ): Promise<contract.SubmissionOutcome> {
    const name = assertNonEmpty(parameters.name, "name");
    const file = `${name}.vy`;
    return this.#submitStandardJson(
      parameters.address,
      {
        stdJsonInput: {
          language: "Vyper",
          sources: {
            [file]: { content: assertNonEmpty(parameters.contractSourceCode, "contractSourceCode") },
          },
          settings: { outputSelection: { "*": ["evm.bytecode", "evm.deployedBytecode", "abi"] } },
        },
        compilerVersion: release(parameters.compilerVersion),
        contractIdentifier: `${file}:${name}`,
      },
      parameters.timeoutMs,
    );
  }

  /**
   * The registry format: `POST /v2/verify/metadata/{chainId}/{address}` with the metadata and its sources.
   * @param parameters - `metadata.json` and the sources it lists
   * @returns the verification id, or already verified
   * @throws {InvalidInputError} without a `metadata.json` that parses, before any request
   */
  verifyViaRegistry(parameters: contract.VerifyViaRegistryParameters): Promise<contract.SubmissionOutcome> {
    const files = parameters.files ?? [];
    const metadataFile = files.find((file) => file.name === "metadata.json");
    let metadata: unknown;
    try {
      metadata = JSON.parse(metadataFile?.content ?? "");
    } catch {
      throw new InvalidInputError(
        "files",
        "Sourcify's metadata verification needs a metadata.json that is JSON.",
      );
    }
    const sources = Object.fromEntries(
      files.filter((file) => file !== metadataFile).map((file) => [file.name, file.content]),
    );
    return this.#submit("metadata", parameters.address, { metadata, sources }, parameters.timeoutMs);
  }

  /**
   * `GET /v2/verify/{verificationId}`: running → pending; a match → pass; the job's `already_verified` →
   * already verified; another job error → fail with Sourcify's message; an unknown id → unknown-uid.
   * @param parameters - the verification id
   * @returns where the job stands
   * @throws {InvalidInputError} for an id that is not a UUID, before any request
   */
  checkVerifyStatus(parameters: contract.CheckVerifyStatusParameters): Promise<contract.VerifyStatus> {
    return sourcify.getVerificationJob(this.transport, { verificationId: parameters.guid });
  }

  /**
   * Sourcify has no proxy link: it resolves proxies itself when a contract is looked up.
   * @throws {NotSupportedError} always, before any request
   */
  async verifyProxyContract(_parameters: contract.VerifyProxyContractParameters): Promise<string> {
    throw noProxyLink("verifyProxyContract");
  }

  /** @throws {NotSupportedError} always: Sourcify has no proxy link */
  async checkProxyVerification(
    _parameters: contract.CheckProxyVerificationParameters,
  ): Promise<contract.ProxyVerificationStatus> {
    throw noProxyLink("checkProxyVerification");
  }

  /** @returns the limiter's reading: Sourcify states no quota */
  quotaReading(): QuotaReading {
    return this.transport.rateLimiter.reading();
  }

  #submitSingleFile(single: {
    address: string;
    name: string;
    compilerVersion: string;
    source: string;
    optimizer: { enabled: boolean; runs: number | undefined };
    evmVersion: string | undefined;
    timeoutMs: number | undefined;
  }): Promise<contract.SubmissionOutcome> {
    const name = assertNonEmpty(single.name, "contractName");
    const file = `${name}.sol`;
    const settings: Record<string, unknown> = {
      optimizer: single.optimizer.enabled
        ? { enabled: true, runs: single.optimizer.runs ?? 200 }
        : { enabled: false },
      ...(single.evmVersion ? { evmVersion: single.evmVersion } : {}),
    };
    return this.#submitStandardJson(
      single.address,
      {
        stdJsonInput: {
          language: "Solidity",
          sources: { [file]: { content: assertNonEmpty(single.source, "sourceCode") } },
          settings,
        },
        compilerVersion: release(single.compilerVersion),
        contractIdentifier: `${file}:${name}`,
      },
      single.timeoutMs,
    );
  }

  #submitStandardJson(
    address: string,
    body: { stdJsonInput: object; compilerVersion: string; contractIdentifier: string },
    timeoutMs: number | undefined,
  ): Promise<contract.SubmissionOutcome> {
    return this.#submit("standard", address, body, timeoutMs);
  }

  #submit(
    route: "standard" | "metadata",
    address: string,
    body: object,
    timeoutMs: number | undefined,
  ): Promise<contract.SubmissionOutcome> {
    return sourcify.submitVerification(this.transport, {
      chainId: this.chainId,
      address,
      route,
      body,
      timeoutMs,
      duplicateWaitMs: this.#duplicateWaitMs,
    });
  }
}

function noProxyLink(operation: string): NotSupportedError {
  return new NotSupportedError(
    "sourcify",
    operation,
    "Sourcify has no proxy link: it resolves a proxy's implementation by itself when the contract is looked up. Verify the proxy and the implementation each as a contract.",
  );
}

function standardJsonObject(input: object | string): object {
  let value: unknown = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      throw new InvalidInputError("standardJsonInput", "The standard JSON input is not valid JSON.");
    }
  }
  if (typeof value !== "object" || value === null || !("sources" in value) || !("language" in value)) {
    throw new InvalidInputError(
      "standardJsonInput",
      "The standard JSON input needs at least `language` and `sources` (the compiler's input format).",
    );
  }
  return value;
}

// Sourcify takes `0.8.28+commit.7893614a`; the engine speaks `v0.8.28+commit.7893614a`.
function release(compilerVersion: string): string {
  const version = assertNonEmpty(compilerVersion, "compilerVersion").replace(/^v/, "");
  if (!/^\d+\.\d+\.\d+/.test(version)) {
    throw new InvalidInputError(
      "compilerVersion",
      `Invalid compiler version ${JSON.stringify(compilerVersion)}: expected one like 0.8.28+commit.7893614a.`,
    );
  }
  return version;
}
