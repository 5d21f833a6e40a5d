import * as contract from "../client/contract/index.js";
import { Transport } from "../client/transport.js";
import { ExplorerError, InvalidInputError, NotSupportedError } from "../errors/index.js";
import {
  type ContractPages,
  type Receipt,
  type ReceiptStatus,
  type Service,
  type Submission,
  type SubmitOutcome,
  serviceTitles,
  type Verifier,
  type VerifierCapabilities,
} from "../verify/verifier.js";
import { ContractModuleVerifier, outcomeOf, sendSourceCode } from "./contractModuleAnswers.js";
import { submitProxyLink } from "./proxyLinkSubmission.js";
import { serviceTransportOptions, type TransportSettings } from "./serviceTransports.js";
import type { RoutescanTarget } from "./target.js";

/** What one Etherscan-compatible service is: its transport, pages and abilities. */
export type EtherscanCompatibleService = Pick<Verifier, "service" | "pages" | "capabilities"> & {
  transport: Transport;
};

/**
 * A service that speaks Etherscan's contract module (Etherscan API v2, Routescan): `verifysourcecode` for every
 * format it takes (a flattened source as a single file, Vyper as `vyper-json`), `checkverifystatus`,
 * `getsourcecode`, `getcontractcreation`, and `verifyproxycontract` where it links proxies.
 */
export class EtherscanCompatibleVerifier extends ContractModuleVerifier implements Verifier {
  readonly service: Service;
  readonly capabilities: VerifierCapabilities;
  readonly pages: ContractPages;

  /** @param description - the service */
  constructor(description: EtherscanCompatibleService) {
    super(description.transport);
    this.service = description.service;
    this.capabilities = description.capabilities;
    this.pages = description.pages;
  }

  /**
   * `verifysourcecode`, or `verifyproxycontract` with `expectedimplementation`.
   * @returns a guid, or already verified
   * @throws {NotSupportedError} for what the service does not take, before any request
   */
  async submit(submission: Submission, timeoutMs: number, endsAt: number): Promise<SubmitOutcome> {
    const transport = this.transport.until(endsAt);
    if (submission.format === "proxy") return this.#submit(transport, submission, timeoutMs);
    try {
      const outcome = await this.#submit(transport, submission, timeoutMs);
      // The receipt names the contract: a refusal of it is explained (see `status`).
      return outcome.kind === "receipt"
        ? { ...outcome, receipt: { ...outcome.receipt, address: submission.address } }
        : outcome;
    } catch (error) {
      const why = error instanceof ExplorerError && (await this.#similarMatch(submission.address, endsAt));
      if (!why) throw error;
      const said = `${error.explorerMessage.replace(/\.$/, "")}. ${why}`;
      throw new ExplorerError(error.request, error.httpStatus, said, error.details);
    }
  }

  async #submit(transport: Transport, submission: Submission, timeoutMs: number): Promise<SubmitOutcome> {
    if (submission.format === "proxy") {
      if (!this.capabilities.proxyLink) throw this.#notSupported("proxy links");
      return submitProxyLink(transport, submission);
    }
    if (!this.capabilities.formats.includes(submission.format))
      throw this.#notSupported(`the ${submission.format} format`);
    switch (submission.format) {
      case "standard-json":
      case "single-file":
      // A flattened source is the single-file format here.
      case "flattened":
        return sendSourceCode(transport, submission, timeoutMs);
      case "vyper": {
        // Vyper standard JSON (`codeformat=vyper-json`, `compilerversion=vyper:x.y.z`) with the compiler's defaults.
        const release = /^v?(\d+\.\d+\.\d+)/.exec(submission.compilerVersion)?.[1];
        if (!release) {
          throw new InvalidInputError(
            "compilerVersion",
            `Invalid Vyper compiler version ${JSON.stringify(submission.compilerVersion)}: expected x.y.z, like 0.4.0.`,
          );
        }
        const file = `${submission.contractName}.vy`;
        return outcomeOf(
          await contract.verifySourceCode(transport, {
            codeFormat: "vyper-json",
            address: submission.address,
            contractName: `${file}:${submission.contractName}`,
            compilerVersion: `vyper:${release}`,
            standardJsonInput: {
              language: "Vyper",
              sources: { [file]: { content: submission.sourceCode } },
              settings: { outputSelection: { "*": ["evm.bytecode", "evm.deployedBytecode", "abi"] } },
            },
            constructorArguments: submission.constructorArguments,
            timeoutMs,
          }),
        );
      }
      case "registry":
        throw this.#notSupported("the registry format");
    }
  }

  /** `checkverifystatus`, or `checkproxyverification` for a proxy link's receipt. @returns where it stands */
  override async status(receipt: Receipt, endsAt: number): Promise<ReceiptStatus> {
    const status = await super.status(receipt, endsAt);
    if (receipt.of === "proxy-link") return status;
    const why =
      status.state === "fail" && receipt.address && (await this.#similarMatch(receipt.address, endsAt));
    return why ? { ...status, message: `${status.message.replace(/\.$/, "")}. ${why}` } : status;
  }

  // A refused submission of a contract the service holds as a similar match is explained: Etherscan takes one only
  // from an account it whitelisted (other-verifiers-api.md §9).
  async #similarMatch(address: string, endsAt: number): Promise<string | undefined> {
    const found = await this.lookUp(address, endsAt).catch(() => undefined);
    if (found?.state === "unknown" || found?.match !== "similar") return undefined;
    const title = serviceTitles[this.service];
    return `${title} holds this contract as a similar match; turning one into an exact match needs an account ${title} has whitelisted (after proving ownership and asking through its contact form), because of comment-vandalism attacks: a resubmission from any other account is refused.`;
  }

  #notSupported(what: string): NotSupportedError {
    return new NotSupportedError(
      this.service,
      what,
      `${serviceTitles[this.service]} does not take ${what}: give ${this.capabilities.formats.join(", ")}.`,
    );
  }
}

/**
 * Routescan for one chain: Etherscan's contract module at
 * `{origin}/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`, a key optional. Standard JSON input and single
 * files (flattened sources too); no Vyper, no registry format, no proxy link.
 *
 * @param target - Routescan for the chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the verifier
 */
export function routescanVerifier(
  target: RoutescanTarget,
  settings: TransportSettings = {},
): EtherscanCompatibleVerifier {
  const site = target.siteUrl;
  return new EtherscanCompatibleVerifier({
    service: "routescan",
    transport: new Transport(serviceTransportOptions(target, settings)),
    pages: {
      base: site,
      ledgerKey: target.ledgerKey ?? `routescan/chain-${target.chainId}`,
      contract: (address) => `${site}/address/${address}/contract/${target.chainId}/code`,
    },
    capabilities: {
      formats: ["standard-json", "single-file", "flattened"],
      proxyLink: false,
      creation: true,
      readsConstructorArguments: false,
      librariesInInput: true,
    },
  });
}
