import { standardJsonObject } from "../client/contract/verifySourceCode.js";
import { sourcifyMatchedCode, sourcifyMatchKind, sourcifyMatchLevel } from "../client/explorerTexts.js";
import { getVerificationJob } from "../client/sourcify/getVerificationJob.js";
import { lookupAllChains } from "../client/sourcify/lookupAllChains.js";
import { lookupContract } from "../client/sourcify/lookupContract.js";
import { submitVerification } from "../client/sourcify/submitVerification.js";
import { Transport } from "../client/transport.js";
import { InvalidInputError, NotSupportedError } from "../errors/index.js";
import { parsedJson } from "../kernel/jsonValues.js";
import { assertNonEmpty } from "../kernel/validate.js";
import type { QuotaReading } from "../kernel/waits.js";
import type {
  ContractPages,
  Creation,
  LookUp,
  Receipt,
  ReceiptStatus,
  Submission,
  SubmitOutcome,
  Verifier,
  VerifierCapabilities,
} from "../verify/verifier.js";
import { outcomeOf } from "./contractModuleAnswers.js";
import { serviceTransportOptions, type TransportSettings } from "./serviceTransports.js";
import { SharedAcrossChains } from "./sharedAcrossChains.js";
import type { SourcifyAllChainsLookups } from "./sourcifyAllChainsLookups.js";
import type { SourcifyTarget } from "./target.js";

/**
 * Sourcify API v2 for one chain: standard JSON input (`POST /v2/verify/{chainId}/{address}`), single files,
 * flattened and Vyper sources as a one-file standard JSON input, and the registry format (metadata and sources)
 * through `POST /v2/verify/metadata/{chainId}/{address}`. Jobs are asynchronous: the verification id is the receipt.
 * Sourcify needs no key and no constructor arguments (it reads them from the creation transaction); it has no proxy
 * link. When the run targets Sourcify on several chains, an address is looked up once for all of them
 * (`all-chains`).
 */
export class SourcifyVerifier implements Verifier {
  readonly service = "sourcify";
  readonly capabilities: VerifierCapabilities = {
    formats: ["standard-json", "single-file", "flattened", "vyper", "registry"],
    proxyLink: false,
    creation: false,
    readsConstructorArguments: true,
  };
  readonly chainId: number;
  readonly transport: Transport;
  readonly pages: ContractPages;
  readonly #duplicateWaitMs: number;
  readonly #allChains: SourcifyAllChainsLookups;

  /**
   * @param duplicateWaitMs - after a 429 `duplicate_verification_request` (another job verifies the address), the
   *   first wait before looking at the address; the n-th wait is n times this
   * @param shared - what the run's verifiers share across chains (the all-chains lookups); none: its own
   */
  constructor(
    target: SourcifyTarget,
    settings: TransportSettings = {},
    duplicateWaitMs = 2_000,
    shared: SharedAcrossChains = new SharedAcrossChains(),
  ) {
    this.chainId = target.chainId;
    this.#duplicateWaitMs = duplicateWaitMs;
    this.#allChains = shared.lookups(`sourcify ${target.apiUrl}`);
    this.#allChains.join(target.chainId);
    this.transport = new Transport(serviceTransportOptions(target, settings));
    const site = target.siteUrl;
    this.pages = {
      base: site,
      ledgerKey: target.ledgerKey ?? `sourcify/chain-${target.chainId}`,
      contract: (address) => `${site}/${target.chainId}/${address}`,
    };
  }

  /**
   * Sourcify's lookup is by chain and address: a bytecode twin is never taken for the contract. Over several chains,
   * the first lookup of an address reads the all-chains answer (no name there).
   * @returns verified (`exact_match`), partial (`match`) or unverified (404), with the contract's name
   */
  async lookUp(address: string, endsAt: number): Promise<LookUp> {
    const transport = this.transport.until(endsAt);
    const everyChain = await this.#allChains.lookUp(address, this.chainId, () =>
      lookupAllChains(transport, { address }),
    );
    if (everyChain !== "per-chain") {
      const held = everyChain.found;
      const state = sourcifyMatchLevel(held?.match);
      if (!held || !state) return { state: "unverified", name: null, ownAnswer: true, implementations: [] };
      const matched = { match: sourcifyMatchKind(held.match), matches: sourcifyMatchedCode(held) };
      return { state, name: null, ownAnswer: true, implementations: [], ...matched };
    }
    const found = await lookupContract(transport, { chainId: this.chainId, address });
    const state = sourcifyMatchLevel(found?.match);
    // An answer about another address or chain is no answer about this one.
    const another =
      (found?.address !== undefined && found.address.toLowerCase() !== address.toLowerCase()) ||
      (found?.chainId != null && String(found.chainId) !== String(this.chainId));
    if (!found || !state || another)
      return { state: "unverified", name: null, ownAnswer: true, implementations: [] };
    return {
      state,
      name: found.compilation?.name ?? null,
      ownAnswer: true,
      implementations: (found.proxyResolution?.implementations ?? []).map((i) => i.address.toLowerCase()),
      match: sourcifyMatchKind(found.match),
      matches: sourcifyMatchedCode(found),
    };
  }

  /**
   * Standard JSON input as it is; a single file, a flattened source and a Vyper source as a one-file standard JSON
   * input; the registry format as metadata and sources.
   * @returns the verification id, or already verified
   * @throws {NotSupportedError} for a proxy link, before any request
   */
  async submit(submission: Submission, timeoutMs: number, endsAt: number): Promise<SubmitOutcome> {
    const sent = { ...submission, endsAt, timeoutMs };
    switch (submission.format) {
      case "standard-json": {
        const contractIdentifier = assertNonEmpty(submission.contractName, "contractName");
        if (!contractIdentifier.includes(":")) {
          throw new InvalidInputError(
            "contractName",
            `Sourcify needs the contract as path:Name (e.g. contracts/Token.sol:Token); got ${JSON.stringify(contractIdentifier)}.`,
          );
        }
        const stdJsonInput = standardJsonObject(submission.input);
        const compilerVersion = release(submission.compilerVersion);
        return this.#submit("standard", sent, { stdJsonInput, compilerVersion, contractIdentifier });
      }
      case "single-file":
      case "flattened":
      case "vyper": {
        // A single source as a standard JSON input of one file, its contract named `{file}:{name}`.
        const vyper = submission.format === "vyper";
        const name = assertNonEmpty(submission.contractName, vyper ? "name" : "contractName");
        const content = assertNonEmpty(submission.sourceCode, vyper ? "contractSourceCode" : "sourceCode");
        const file = `${name}.${vyper ? "vy" : "sol"}`;
        const settings = vyper
          ? { outputSelection: { "*": ["evm.bytecode", "evm.deployedBytecode", "abi"] } }
          : {
              optimizer: submission.optimizer.enabled
                ? { enabled: true, runs: submission.optimizer.runs ?? 200 }
                : { enabled: false },
              ...(submission.evmVersion ? { evmVersion: submission.evmVersion } : {}),
            };
        const language = vyper ? "Vyper" : "Solidity";
        return this.#submit("standard", sent, {
          stdJsonInput: { language, sources: { [file]: { content } }, settings },
          compilerVersion: release(submission.compilerVersion),
          contractIdentifier: `${file}:${name}`,
        });
      }
      case "registry": {
        const metadataFile = submission.files.find((file) => file.name === "metadata.json");
        const metadata = parsedJson(metadataFile?.content);
        if (metadata === undefined) {
          throw new InvalidInputError(
            "files",
            "Sourcify's metadata verification needs a metadata.json that is JSON.",
          );
        }
        const sources = Object.fromEntries(
          submission.files.filter((file) => file !== metadataFile).map((file) => [file.name, file.content]),
        );
        return this.#submit("metadata", sent, { metadata, sources });
      }
      case "proxy":
        throw new NotSupportedError(
          "sourcify",
          "proxy links",
          "Sourcify has no proxy link: it resolves a proxy's implementation by itself when the contract is looked up. Verify the proxy and the implementation each as a contract.",
        );
    }
  }

  /**
   * `GET /v2/verify/{verificationId}`: running → pending; a match → pass; the job's `already_verified` →
   * already verified, with the match the contract's lookup shows (the job names none); another job error → fail
   * with Sourcify's message; an unknown id → unknown-uid.
   * @returns where the job stands
   * @throws {InvalidInputError} for an id that is not a UUID, before any request
   */
  async status(receipt: Receipt, endsAt: number): Promise<ReceiptStatus> {
    const status = await getVerificationJob(this.transport.until(endsAt), {
      verificationId: receipt.id,
      ...(receipt.address ? { expected: { chainId: this.chainId, address: receipt.address } } : {}),
    });
    if (status.state !== "already-verified" || !receipt.address || status.match) return status;
    // A lookup that fails leaves the verdict as the job gave it.
    const held = await this.lookUp(receipt.address, endsAt).catch(() => undefined);
    return held && held.state !== "unknown" && held.match
      ? { ...status, match: held.match, matches: held.matches }
      : status;
  }

  /** Sourcify knows no creation of a contract it has not verified, and needs none to verify. @returns null */
  async creation(_address: string): Promise<Creation | null> {
    return null;
  }

  /** @returns the limiter's reading: Sourcify states no quota */
  quota(): QuotaReading {
    return this.transport.rateLimiter.reading();
  }

  // The creation transaction's hash, where the deployment records it: what earns a creation match for a contract
  // created inside a transaction (a factory's, CREATE3), and on a chain where Sourcify cannot look creations up.
  async #submit(route: "standard" | "metadata", sent: Sent, body: object): Promise<SubmitOutcome> {
    const { address, creationTransaction, endsAt, timeoutMs } = sent;
    const outcome = outcomeOf(
      await submitVerification(this.transport.until(endsAt), {
        chainId: this.chainId,
        address,
        route,
        body: creationTransaction ? { ...body, creationTransactionHash: creationTransaction } : body,
        timeoutMs,
        duplicateWaitMs: this.#duplicateWaitMs,
      }),
    );
    // The receipt names the contract, so a job about another one is not taken for it.
    return outcome.kind === "receipt" ? { ...outcome, receipt: { ...outcome.receipt, address } } : outcome;
  }
}

/** What every submission says of the contract (its address, its creation transaction where known), its deadline and time limit. */
type Sent = { address: string; creationTransaction?: string | undefined; endsAt: number; timeoutMs: number };

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
