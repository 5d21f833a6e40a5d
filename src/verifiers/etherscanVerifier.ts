import { getApiLimit } from "../client/etherscan/getApiLimit.js";
import { Transport } from "../client/transport.js";
import {
  BotProtectionError,
  InvalidApiKeyError,
  isExplorerVerifyError,
  QuotaExhaustedError,
} from "../errors/index.js";
import { EtherscanCompatibleVerifier } from "./etherscanCompatible.js";
import {
  etherscanKeyTransportOptions,
  serviceTransportOptions,
  type TransportSettings,
} from "./serviceTransports.js";
import { SharedAcrossChains } from "./sharedAcrossChains.js";
import { type AllowanceAnswer, StatedSubmissionBudget } from "./statedSubmissionBudget.js";
import type { EtherscanTarget } from "./target.js";

/**
 * Etherscan API v2 for one chain: the contract module Blockscout copies, with `chainid` on every request and a key.
 * Standard JSON input, single files (flattened sources too) and Vyper standard JSON; no registry format. A used-up
 * daily quota, a chain outside the key's plan or a refused key stops it: later calls fail with the same error, unsent.
 * Its submissions are planned against the key's stated budget ({@link etherscanBudget}), one for every chain of the
 * run.
 *
 * @param shared - what the run's verifiers share across chains (the key's budget); none: its own
 */
export function etherscanVerifier(
  target: EtherscanTarget,
  settings: TransportSettings = {},
  shared: SharedAcrossChains = new SharedAcrossChains(),
): EtherscanCompatibleVerifier {
  const site = target.siteUrl;
  // The key's, whatever the chain: asked through a transport of its own, so a chain's stop is not the budget's.
  const submissionBudget = shared.budget(`etherscan ${target.apiUrl} ${target.apiKey}`, () => {
    const transport = new Transport(etherscanKeyTransportOptions(target, settings));
    return new StatedSubmissionBudget(
      (endsAt) => etherscanBudget(transport.until(endsAt)),
      shared.budgetShare("etherscan"),
    );
  });
  return new EtherscanCompatibleVerifier({
    service: "etherscan",
    transport: new Transport(serviceTransportOptions(target, settings)),
    pages: {
      // Without a site, the endpoint: a record names where it was verified.
      base: site ?? target.apiUrl,
      ledgerKey: target.ledgerKey ?? `etherscan/chain-${target.chainId}`,
      contract: (address) => (site ? `${site}/address/${address}#code` : ""),
    },
    capabilities: {
      formats: ["standard-json", "single-file", "flattened", "vyper"],
      proxyLink: true,
      // One implementation per proxy, read from EIP-1967's slots or EIP-1822's (other-verifiers-api.md §1.7).
      proxyKinds: ["eip1967", "beacon", "eip1822"],
      creation: true,
      readsConstructorArguments: false,
      librariesInInput: true,
      submissionBudget,
    },
  });
}

// What the key may still submit, from `getapilimit`: the credits it has left, taken as the most submissions the run
// sends. Every `verifysourcecode` is a call, so a run never sends more submissions than the credits left; the key's
// cap on verifications (about 100 to 200 a day) is stated by no endpoint and is met, when it comes first, by
// Etherscan's own refusal. Polls, reads and proxy links are calls too, a few per contract against a day's credits,
// and are not planned: refusing a poll would only lose a submission already spent. A call refused for a key or plan
// without it leaves the budget unstated; a refusal of every request (a key, a quota, a bot challenge) is thrown.
async function etherscanBudget(transport: Transport): Promise<AllowanceAnswer> {
  try {
    const limit = await getApiLimit(transport);
    const count = (n: number) => n.toLocaleString("en-US");
    return {
      left: limit.creditsAvailable,
      resetsAt: limit.resetsInMs === undefined ? undefined : Date.now() + limit.resetsInMs,
      statedAs: `getapilimit: ${count(limit.creditsAvailable)} of ${count(limit.creditLimit)} credits left (${limit.limitInterval})`,
    };
  } catch (error) {
    if (
      error instanceof InvalidApiKeyError ||
      error instanceof QuotaExhaustedError ||
      error instanceof BotProtectionError
    )
      throw error;
    const reason = isExplorerVerifyError(error) ? error.shortMessage : String(error);
    return { unstated: `getapilimit was not answered: ${reason}` };
  }
}
