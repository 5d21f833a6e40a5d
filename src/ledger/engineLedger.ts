import type { VerificationLedger } from "../verify/verificationLedger.js";
import { proxyLinkHash } from "./inputHash.js";
import type { Ledger } from "./ledger.js";
import { verifyWithLedger } from "./verifyWithLedger.js";

/**
 * The ledger as the engine asks for it: the hall opens a {@link Ledger} and hands this to the engine.
 *
 * @param ledger - the open ledger
 * @returns what the engine reads and records through
 */
export function engineLedger(ledger: Ledger): VerificationLedger {
  return {
    verify: (verifier, job, options, use) =>
      verifyWithLedger(verifier, job, options, { ledger, recheck: use.recheck, chainId: use.chainId }),
    recordsLink: (verifier, address, implementations) => {
      const recorded = ledger.entry(verifier.pages.ledgerKey, address, "proxy");
      return recorded?.status === "verified" && recorded.inputHash === proxyLinkHash(implementations);
    },
    recordLink: (verifier, { address, implementations, result }, use) => {
      ledger.record({
        explorer: verifier.pages.ledgerKey,
        address,
        ...(use.chainId === undefined ? {} : { chainId: use.chainId }),
        contract: result.contract,
        format: "proxy",
        inputHash: proxyLinkHash(implementations),
        status: result.status === "already-verified" ? "verified" : result.status,
        ...(result.guid ? { guid: result.guid } : {}),
        url: result.url,
      });
    },
  };
}
