import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { engineLedger } from "../../src/ledger/engineLedger.js";
import { Ledger } from "../../src/ledger/ledger.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// The engine's VerificationLedger over a ledger file: a proxy link recorded for some implementations answers for
// those alone, in any order, and is kept as the ledger's own proxy entry.
describe("the ledger handed to the engine", () => {
  const proxy = testAddress(0x10);
  const [first, second, third] = [testAddress(0x11), testAddress(0x12), testAddress(0x13)];
  const linked: VerificationResult = {
    address: proxy,
    contract: "proxy of contracts/Box.sol:Box",
    explorer: "http://127.0.0.1:1",
    format: "proxy",
    status: "verified",
    url: `http://127.0.0.1:1/address/${proxy}`,
    attempts: 1,
    durationMs: 5,
    guid: "link-guid",
  };

  it("records a proxy link and knows it again for the same implementations only", () => {
    const path = join(mkdtempSync(join(tmpdir(), "engine-ledger-")), "ledger.json");
    const verifier = blockscoutVerifierAt("http://127.0.0.1:1");
    const ledger = engineLedger(new Ledger(path));
    expect(ledger.recordsLink(verifier, proxy, [first, second])).toBe(false);

    ledger.recordLink(
      verifier,
      { address: proxy, implementations: [first, second], result: linked },
      { chainId: 31337 },
    );

    expect(ledger.recordsLink(verifier, proxy, [second, first])).toBe(true);
    expect(ledger.recordsLink(verifier, proxy, [first, third])).toBe(false);
    expect(new Ledger(path).entry(verifier.pages.ledgerKey, proxy, "proxy")).toMatchObject({
      address: proxy,
      chainId: 31337,
      contract: "proxy of contracts/Box.sol:Box",
      format: "proxy",
      status: "verified",
      guid: "link-guid",
    });
  });

  it("does not take a failed link for a recorded one", () => {
    const path = join(mkdtempSync(join(tmpdir(), "engine-ledger-")), "ledger.json");
    const verifier = blockscoutVerifierAt("http://127.0.0.1:1");
    const ledger = engineLedger(new Ledger(path));
    ledger.recordLink(
      verifier,
      { address: proxy, implementations: [first], result: { ...linked, status: "failed" } },
      {},
    );
    expect(ledger.recordsLink(verifier, proxy, [first])).toBe(false);
  });
});
