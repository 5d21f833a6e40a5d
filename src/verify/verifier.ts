import type {
  CheckProxyVerificationParameters,
  CheckVerifyStatusParameters,
  ContractCreation,
  GetContractCreationParameters,
  GetSourceCodeParameters,
  ProxyVerificationStatus,
  SubmissionOutcome,
  VerifiedContract,
  VerifyParameters,
  VerifyProxyContractParameters,
  VerifySourceCodeParameters,
  VerifyStatus,
  VerifyViaRegistryParameters,
  VerifyVyperContractParameters,
} from "../client/contract/index.js";
import type { QuotaReading } from "../client/rateLimiter.js";

/** The verification services a run can send contracts to. */
export const verifierKinds = ["blockscout", "etherscan", "sourcify"] as const;

/** One verification service: `blockscout` (the default), `etherscan` (API v2) or `sourcify` (API v2). */
export type VerifierKind = (typeof verifierKinds)[number];

/** What a service already holds for an address, when it can tell from the address alone. */
export interface AddressVerifiedState {
  state: "verified" | "partial" | "unverified";
  /** The verified contract's name, when verified. */
  name: string | null;
}

/**
 * What the engine asks of a verification service for one chain: the seam where each target plugs in. The engine
 * never names a concrete client; {@link ExplorerClient} is the Blockscout implementation. Every method validates
 * its input before sending and throws this package's typed errors.
 */
export interface Verifier {
  /** Which service this is. */
  readonly kind: VerifierKind;
  /**
   * True for a service that reads constructor arguments from the creation transaction itself (Sourcify): the engine
   * then recovers none (a job may leave them to be recovered) and the service ignores any sent.
   */
  readonly readsConstructorArguments?: boolean;
  /** `base` is where people see a contract: the ledger's key and the links' root. */
  readonly urls: { readonly base: string };
  /** @param address - a contract @returns the page of its code */
  codeUrl(address: string): string;
  /**
   * The name a ledger files this service's contracts under, when `urls.base` is not stable from run to run (the
   * embedded local explorer takes a new port each time). Default `urls.base`.
   */
  readonly ledgerKey?: string;
  /**
   * Whether the address is verified, from a source that cannot mistake a bytecode twin for it.
   * @param address - a contract
   * @returns the state, or undefined when the service cannot tell from the address alone
   */
  addressVerifiedState(address: string): Promise<AddressVerifiedState | undefined>;
  /** @param parameters - the address @returns the verified contract, or null */
  getSourceCode(parameters: GetSourceCodeParameters): Promise<VerifiedContract | null>;
  /** @param parameters - the addresses @returns the creations found */
  getContractCreation(parameters: GetContractCreationParameters): Promise<ContractCreation[]>;
  /** @param parameters - standard JSON or single-file submission @returns the outcome */
  verifySourceCode(parameters: VerifySourceCodeParameters): Promise<SubmissionOutcome>;
  /** @param parameters - a flattened submission @returns the outcome */
  verify(parameters: VerifyParameters): Promise<SubmissionOutcome>;
  /** @param parameters - a Vyper submission @returns the outcome */
  verifyVyperContract(parameters: VerifyVyperContractParameters): Promise<SubmissionOutcome>;
  /** The registry submission (metadata and sources), under whichever name the service takes. */
  verifyViaRegistry(parameters: VerifyViaRegistryParameters): Promise<SubmissionOutcome>;
  /** @param parameters - the guid @returns where the attempt stands */
  checkVerifyStatus(parameters: CheckVerifyStatusParameters): Promise<VerifyStatus>;
  /** @param parameters - proxy and expected implementation @returns a guid */
  verifyProxyContract(parameters: VerifyProxyContractParameters): Promise<string>;
  /** @param parameters - the guid @returns where the link stands */
  checkProxyVerification(parameters: CheckProxyVerificationParameters): Promise<ProxyVerificationStatus>;
  /** @returns what the service's stated quota allows now (drives the concurrency) */
  quotaReading(): QuotaReading;
}
