import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { RateLimitedError } from "../../src/errors/index.js";
import { etherscanVerifier } from "../../src/verifiers/etherscanVerifier.js";
import type { EtherscanTarget } from "../../src/verifiers/target.js";
import { isRetryable } from "../../src/verify/retryable.js";
import { testAddress } from "../support/addresses.js";
import { etherscanTexts } from "../support/etherscanEmulator.js";
import { jsonAnswer, useScriptedServers } from "../support/scriptedServer.js";
import { VirtualClock } from "../support/virtualClock.js";

// Etherscan's refusal of free keys while it is busy (other-verifiers-api.md §8): HTTP 200, status "0". It passes:
// the verifier asks again later, as for a rate limit, and a refusal that lasts is rate_limited, retryable.
const serve = useScriptedServers();
const busy = jsonAnswer(200, { status: "0", message: "NOTOK", result: etherscanTexts.busy });

function targetAt(url: string): EtherscanTarget {
  return {
    service: "etherscan",
    chainId: 1,
    required: true,
    apiUrl: `${url}/v2/api`,
    apiKey: "ETHERSCAN-KEY-0001",
    siteUrl: "https://etherscan.io",
    shownUrl: `${url}/v2/api?chainid=1`,
    reason: "a test's Etherscan",
  };
}

// The explorer's pauses pass on a clock of the test's own.
const clock = new VirtualClock();
const settings = {
  retryDelayMs: 5,
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock }),
  clock,
};

describe("Etherscan's 'Free API access is temporarily unavailable'", () => {
  it("is asked again later, and the look-up then passes", async () => {
    const address = testAddress(0x5101);
    const urls: string[] = [];
    const unverified = (request: IncomingMessage, response: ServerResponse) => {
      urls.push(request.url ?? "");
      jsonAnswer(200, {
        status: "1",
        message: "OK",
        result: [{ SourceCode: "", ABI: "Contract source code not verified", ContractName: "" }],
      })(request, response);
    };
    const etherscan = await serve((request, response) => {
      urls.push(request.url ?? "");
      busy(request, response);
    }, unverified);
    const verifier = etherscanVerifier(targetAt(etherscan.url), settings);
    await expect(verifier.lookUp(address, Number.POSITIVE_INFINITY)).resolves.toMatchObject({
      state: "unverified",
    });
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toContain(`module=contract&action=getsourcecode&address=${address}`);
  });

  it("that lasts is rate_limited, a failure a later attempt may get past, never a stop of the service", async () => {
    const etherscan = await serve(busy);
    const verifier = etherscanVerifier(targetAt(etherscan.url), { ...settings, maxRateLimitRetries: 1 });
    const error = await verifier.lookUp(testAddress(0x5102), Number.POSITIVE_INFINITY).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).code).toBe("rate_limited");
    expect((error as RateLimitedError).explorerMessage).toBe(etherscanTexts.busy);
    expect(isRetryable(error)).toBe(true);
    expect(etherscan.seen.requests).toBe(2);
    // The next request is sent: the refusal stops nothing.
    await verifier.lookUp(testAddress(0x5103), Number.POSITIVE_INFINITY).catch(() => undefined);
    expect(etherscan.seen.requests).toBeGreaterThan(2);
  });
});
