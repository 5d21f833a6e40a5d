import type { VerificationJob, VerificationResult } from "./job.js";
import type { Verifier } from "./verifier.js";
import type { EngineOptions } from "./verifyContract.js";

/** How one target's jobs use the ledger: the chain its entries carry, and whether to ask again what it records. */
export interface LedgerUse {
  /** Ask the service even about what the ledger records verified. */
  recheck?: boolean | undefined;
  /** Recorded with each entry. */
  chainId?: number | undefined;
}

/** A proxy link's outcome, as the ledger keeps it. */
export interface LinkOutcome {
  address: string;
  /** The implementations (a diamond's facets) it was linked to. */
  implementations: readonly string[];
  result: VerificationResult;
}

/**
 * What the engine asks of the ledger of what was verified, by input hash. The hall opens the ledger and hands it in;
 * the engine never opens one, and knows nothing of its file.
 */
export interface VerificationLedger {
  /**
   * Verifies one contract as the ledger allows: what it records verified with the same input is not asked again,
   * a pending receipt is polled, never submitted again, and every change is recorded.
   */
  verify(
    verifier: Verifier,
    job: VerificationJob,
    options: EngineOptions,
    use: LedgerUse,
  ): Promise<VerificationResult>;
  /**
   * Whether the ledger records the proxy linked, on the service, to exactly these implementations.
   *
   * @param implementations - the implementations (a diamond's facets) the link names
   */
  recordsLink(verifier: Verifier, address: string, implementations: readonly string[]): boolean;
  /** Records how a proxy link ended. */
  recordLink(verifier: Verifier, link: LinkOutcome, use: LedgerUse): void;
}
