import { describe, expect, it } from "@jest/globals";
import * as explorerTexts from "../../src/client/explorerTexts.js";

describe("explorer texts", () => {
  it("tells Etherscan's daily quota from its per-second limit, and knows its plan and key refusals", () => {
    const daily = "Max daily rate limit reached. 110000 (100%) of 100000 day/limit";
    const submissions = "Daily limit of 100 source code submissions reached";
    expect([daily, submissions].map(explorerTexts.isDailyQuotaReached)).toEqual([true, true]);
    expect([daily, submissions].map(explorerTexts.isRateLimited)).toEqual([false, false]);
    expect(
      [
        "Max calls per sec rate limit reached (3/sec)",
        "Max rate limit reached, please use API Key for higher rate limit",
      ].map((text) => [explorerTexts.isRateLimited(text), explorerTexts.isDailyQuotaReached(text)]),
    ).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(
      explorerTexts.isPlanRequired(
        "Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis",
      ),
    ).toBe(true);
    expect(
      [
        "Missing/Invalid API Key",
        "Invalid API Key (#err2)|10",
        "Invalid API Key (#err2)|POLY-2",
        "Too many invalid api key attempts, please try again later",
      ].map(explorerTexts.isInvalidApiKey),
    ).toEqual([true, true, true, false]);
    // The address's 30 s throttle after invalid keys is a wait, whoever's key comes next.
    const throttle = "Too many invalid api key attempts, please try again later";
    expect([explorerTexts.isKeyAttemptsThrottle(throttle), explorerTexts.isRateLimited(throttle)]).toEqual([
      true,
      true,
    ]);
    expect(explorerTexts.isInvalidApiKey("Max calls per sec rate limit reached (3/sec)")).toBe(false);
  });

  it("reads Etherscan's proxy refusals as a failed link", () => {
    const proxy = "0x00000000000000000000000000000000000000a1";
    for (const text of [
      `The proxy contract at ${proxy} does not seem to be verified. Please verify and publish the contract source before proceeding with this proxy verification.`,
      `The implementation contract at ${proxy} does not seem to be verified. Please verify and publish the contract source before proceeding with this proxy verification.`,
      "A corresponding implementation contract was unfortunately not detected for the proxy address.",
      "The provided expected results are different than the retrieved implementation address!",
      "This contract does not look like it contains any delegatecall opcode sequence.",
    ]) {
      expect(explorerTexts.isProxyFail(text)).toBe(true);
    }
  });

  it("reads Sourcify's match levels and codes", () => {
    expect(["exact_match", "match", null].map(explorerTexts.sourcifyMatchLevel)).toEqual([
      "verified",
      "partial",
      undefined,
    ]);
    expect(explorerTexts.isSourcifyAlreadyVerified("already_verified")).toBe(true);
    expect(explorerTexts.isSourcifyDuplicateRequest("duplicate_verification_request")).toBe(true);
    expect(explorerTexts.isSourcifyJobNotFound("job_not_found")).toBe(true);
  });

  it("knows Blockscout 12's Sourcify texts, each apart from the others", () => {
    const texts = [
      "Sourcify did not return metadata",
      "Sourcify verification timed out",
      "Contract is not verified",
    ];
    expect(
      texts.map((text) => [
        explorerTexts.isSourcifyMetadataMissing(text),
        explorerTexts.isSourcifyTimedOut(text),
        explorerTexts.isSourcifyNotVerified(text),
      ]),
    ).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    // Etherscan's and getabi's own `Contract source code not verified` is another answer.
    expect(explorerTexts.isSourcifyNotVerified("Contract source code not verified")).toBe(false);
  });

  it("recognises a bot challenge by Cloudflare's header first, by its page second, and nothing else", () => {
    const page = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>";
    const html = { "content-type": "text/html; charset=UTF-8" };
    expect(
      explorerTexts.botChallengeEvidence({
        status: 403,
        headers: { ...html, "cf-mitigated": "challenge" },
        text: page,
      }),
    ).toBe("cf-mitigated: challenge");
    expect(explorerTexts.botChallengeEvidence({ status: 403, headers: html, text: page })).toBe(
      'a page titled "Just a moment..."',
    );
    expect(explorerTexts.botChallengeEvidence({ status: 503, headers: html, text: page })).toBe(
      'a page titled "Just a moment..."',
    );
    // Cloudflare's block page: retrying does not pass it either.
    const blocked =
      '<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body><h1 data-translate="block_headline">Sorry, you have been blocked</h1></body></html>';
    expect(explorerTexts.botChallengeEvidence({ status: 403, headers: html, text: blocked })).toBe(
      'Cloudflare\'s block page "Attention Required!"',
    );
    for (const answer of [
      // A gateway's own 403 and 502 pages, a JSON 403, and the title in a 200 page are no challenge.
      { status: 403, headers: html, text: "<html><head><title>403 Forbidden</title></head></html>" },
      { status: 502, headers: html, text: page },
      { status: 403, headers: { "content-type": "application/json" }, text: page },
      { status: 200, headers: html, text: page },
    ]) {
      expect(explorerTexts.botChallengeEvidence(answer)).toBeUndefined();
    }
  });

  it("knows already verified in Blockscout's and Etherscan's words", () => {
    for (const text of [
      "Smart-contract already verified.",
      "Already verified",
      "Contract source code already verified",
      "Already Verified",
      "Pass - Already Verified",
    ]) {
      expect(explorerTexts.isAlreadyVerified(text)).toBe(true);
    }
    expect(explorerTexts.isAlreadyVerified("Pass - Verified")).toBe(false);
  });

  it("knows the three not-a-contract texts", () => {
    expect(explorerTexts.isNotAContract("Address is not a smart-contract")).toBe(true);
    expect(explorerTexts.isNotAContract("The address is not a smart contract")).toBe(true);
    expect(
      explorerTexts.isNotAContract(
        "Unable to locate ContractCode at 0x00000000000000000000000000000000000000a1",
      ),
    ).toBe(true);
    expect(explorerTexts.isNotAContract("Smart-contract not found or is not verified")).toBe(false);
  });

  it("reads Blockscout's not-indexed-yet publishing failure as not a contract yet", () => {
    expect(
      explorerTexts.isNotAContract(
        'Something went wrong while publishing the contract: [contract_source_code: {"The contract creation transaction has not been indexed yet. Please wait a few minutes and try again.", []}]',
      ),
    ).toBe(true);
    expect(
      explorerTexts.isNotAContract(
        'Something went wrong while publishing the contract: [contract_source_code: {"Bytecode does not match, please try again.", []}]',
      ),
    ).toBe(false);
  });

  it("takes the newer verifier's `No contract could be verified with provided data` as a bytecode mismatch", () => {
    // Blockscout's verifier-service path puts this text in the publishing changeset where the older path said
    // `Bytecode does not match, please try again.` (blockscout-api.md §20).
    expect(
      explorerTexts.isBytecodeMismatch(
        'Something went wrong while publishing the contract: [contract_source_code: {"No contract could be verified with provided data", []}]',
      ),
    ).toBe(true);
    expect(
      explorerTexts.isBytecodeMismatch(
        'Something went wrong while publishing the contract: [contract_source_code: {"Bytecode does not match, please try again.", []}]',
      ),
    ).toBe(true);
    expect(explorerTexts.isBytecodeMismatch("Invalid compiler version")).toBe(false);
  });

  it("takes an envelope's reason from result when message is only Etherscan's status word", () => {
    expect(explorerTexts.envelopeReason("NOTOK", "Fail - Unable to verify. Invalid constructor")).toBe(
      "Fail - Unable to verify. Invalid constructor",
    );
    expect(explorerTexts.envelopeReason("Invalid address hash", null)).toBe("Invalid address hash");
    expect(
      explorerTexts.envelopeReason("Smart-contract already verified.", "Smart-contract already verified."),
    ).toBe("Smart-contract already verified.");
    expect(explorerTexts.envelopeReason("", "Max rate limit reached")).toBe("Max rate limit reached");
    expect(explorerTexts.envelopeReason("NOTOK", null)).toBe("NOTOK");
    expect(explorerTexts.envelopeReason("", null)).toBeUndefined();
  });

  it("classifies the guid states", () => {
    expect(explorerTexts.isPending("Pending in queue")).toBe(true);
    expect(explorerTexts.isPending("Verification in progress")).toBe(true);
    expect(explorerTexts.isPass("Pass - Verified")).toBe(true);
    expect(explorerTexts.isFail("Fail - Unable to verify")).toBe(true);
    expect(explorerTexts.isUnknownUid("Unknown UID")).toBe(true);
    expect(explorerTexts.isUnknownUid("Unable to locate GUID")).toBe(true);
    expect(explorerTexts.isUnknownUid("Fail - Unable to verify")).toBe(false);
    expect(explorerTexts.isUnknownAction("Unknown action")).toBe(true);
  });

  it("knows both rate-limit texts", () => {
    expect(
      explorerTexts.isRateLimited("Too many requests. Increase limits now at https://dev.blockscout.com"),
    ).toBe(true);
    expect(
      explorerTexts.isRateLimited("Max rate limit reached, please use API Key for higher rate limit"),
    ).toBe(true);
    expect(explorerTexts.isRateLimited("Max calls per sec rate limit reached (5/sec)")).toBe(true);
  });

  it("reads the implementation out of a single-implementation proxy pass, and nothing out of the multi form", () => {
    const one =
      "The proxy's (0x00000000000000000000000000000000000000c3) implementation contract is found at 0x00000000000000000000000000000000000000D4 and is successfully updated.";
    expect(explorerTexts.isProxyPass(one)).toBe(true);
    expect(explorerTexts.implementationFromProxyPass(one)).toBe("0x00000000000000000000000000000000000000d4");
    const many =
      "The proxy's (0x00000000000000000000000000000000000000c3) implementation contracts are found at [%Explorer.Chain.Hash{}] and they've been successfully updated.";
    expect(explorerTexts.isProxyPass(many)).toBe(true);
    expect(explorerTexts.implementationFromProxyPass(many)).toBeUndefined();
  });
});
