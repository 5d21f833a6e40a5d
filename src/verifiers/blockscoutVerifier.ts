import * as contract from "../client/contract/index.js";
import { verifyViaRegistryOrSourcify } from "../client/contract/verifyViaRegistry.js";
import { isBytecodeMismatch } from "../client/explorerTexts.js";
import { getSmartContractStatusIfSupported } from "../client/rest/getSmartContractStatus.js";
import { getVerificationConfig } from "../client/rest/getVerificationConfig.js";
import { Transport } from "../client/transport.js";
import { ExplorerError, UnknownActionError } from "../errors/index.js";
import type {
  BuildLists,
  ContractPages,
  LookUp,
  Submission,
  SubmitOutcome,
  Verifier,
  VerifierCapabilities,
} from "../verify/verifier.js";
import { ContractModuleVerifier, outcomeOf, sendSourceCode } from "./contractModuleAnswers.js";
import { submitProxyLink } from "./proxyLinkSubmission.js";
import { serviceTransportOptions, type TransportSettings } from "./serviceTransports.js";
import type { BlockscoutTarget } from "./target.js";

const capabilities: VerifierCapabilities = {
  formats: ["standard-json", "single-file", "flattened", "vyper", "registry"],
  proxyLink: true,
  creation: true,
  readsConstructorArguments: false,
  flattenedLibrarySlots: contract.verifyLibrarySlots,
};

/**
 * Verifies on a Blockscout explorer, through the contract module Blockscout serves (`{base}/api?module=contract`) and
 * its `GET /api/v2/smart-contracts/{address}` where it has it: the explorer's own instance, or the Blockscout API's
 * route for the chain (a `proapi_` key). Every format; proxies are linked with `verifyproxycontract`.
 */
export class BlockscoutVerifier extends ContractModuleVerifier implements Verifier {
  readonly service = "blockscout";
  readonly capabilities = capabilities;
  readonly pages: ContractPages;
  /** The explorer's verification config, read once (through the Blockscout API it costs credits). */
  #buildLists: Promise<BuildLists | undefined> | undefined;

  /**
   * @param target - the explorer, resolved
   * @param settings - the run's pace, answer cap and events
   */
  constructor(target: BlockscoutTarget, settings: TransportSettings = {}) {
    super(new Transport(serviceTransportOptions(target, settings)));
    const base = target.instanceUrl;
    this.pages = {
      base,
      ledgerKey: target.ledgerKey,
      contract: (address) => `${base}/address/${address}#code`,
    };
  }

  /**
   * `GET /api/v2/smart-contracts/{address}` where the explorer has it (never a bytecode twin's answer), else
   * `getsourcecode` (which may be a twin's: the engine compares the name).
   * @returns what the explorer holds, with the implementations it links a proxy to
   */
  override async lookUp(address: string, endsAt: number): Promise<LookUp> {
    const transport = this.transport.until(endsAt);
    const answer = await getSmartContractStatusIfSupported(transport, { address });
    // Until the endpoint has answered 200 once, its 404 may be a server's answer for any unknown path.
    if (answer.supported && (answer.status !== null || answer.routeConfirmed)) {
      const status = answer.status;
      if (!status?.isVerified)
        return { state: "unverified", name: null, ownAnswer: true, implementations: [] };
      return {
        state: status.isFullyVerified ? "verified" : "partial",
        name: status.name,
        ownAnswer: true,
        implementations: status.implementations,
      };
    }
    return super.lookUp(address, endsAt);
  }

  /**
   * `verifysourcecode` (standard JSON, single file), `verify` (flattened), `verify_vyper_contract`, the registry
   * action, or `verifyproxycontract`.
   * @returns a guid, or the verification when the explorer answered with it, or its refusal of code that did not
   *   match (`Bytecode does not match`, or the newer verifier's `No contract could be verified with provided data`)
   */
  async submit(submission: Submission, timeoutMs: number, endsAt: number): Promise<SubmitOutcome> {
    try {
      return await this.#send(this.transport.until(endsAt), submission, timeoutMs);
    } catch (error) {
      if (error instanceof ExplorerError && isBytecodeMismatch(error.explorerMessage))
        return { kind: "mismatch", message: error.explorerMessage };
      throw error;
    }
  }

  async #send(transport: Transport, submission: Submission, timeoutMs: number): Promise<SubmitOutcome> {
    switch (submission.format) {
      case "standard-json":
      case "single-file":
        return sendSourceCode(transport, submission, timeoutMs);
      // With API writes off, Blockscout answers `verify` (its one write action) with `Unknown action`: the
      // single-file form takes the same file.
      case "flattened":
        return contract
          .verify(transport, {
            address: submission.address,
            name: submission.contractName,
            compilerVersion: submission.compilerVersion,
            optimization: submission.optimizer.enabled,
            optimizationRuns: submission.optimizer.runs,
            evmVersion: submission.evmVersion,
            contractSourceCode: submission.sourceCode,
            libraries: submission.libraries,
            constructorArguments: submission.constructorArguments,
            timeoutMs,
          })
          .then(outcomeOf, (error: unknown) => {
            if (!(error instanceof UnknownActionError)) throw error;
            return sendSourceCode(transport, submission, timeoutMs);
          });
      case "vyper":
        return outcomeOf(
          await contract.verifyVyperContract(transport, {
            address: submission.address,
            name: submission.contractName,
            compilerVersion: submission.compilerVersion,
            contractSourceCode: submission.sourceCode,
            constructorArguments: submission.constructorArguments,
            timeoutMs,
          }),
        );
      case "registry":
        return outcomeOf(
          await verifyViaRegistryOrSourcify(transport, {
            address: submission.address,
            files: [...submission.files],
            timeoutMs,
          }),
        );
      case "proxy":
        return submitProxyLink(transport, submission);
    }
  }

  /**
   * `GET /api/v2/smart-contracts/verification/config`, once: every later call has the same answer.
   * @returns the compiler versions and EVM targets the explorer lists, or undefined when it could not be read
   */
  buildLists(endsAt: number): Promise<BuildLists | undefined> {
    this.#buildLists ??= getVerificationConfig(this.transport.until(endsAt)).catch(() => undefined);
    return this.#buildLists;
  }
}
