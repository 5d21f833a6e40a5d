import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { routescanVerifier } from "../../src/verifiers/etherscanCompatible.js";
import { serviceTransportOptions } from "../../src/verifiers/serviceTransports.js";
import type { RoutescanTarget } from "../../src/verifiers/target.js";
import { testAddress } from "../support/addresses.js";
import { jsonAnswer, useScriptedServers } from "../support/scriptedServer.js";

const serve = useScriptedServers();

const routescan = (chainId: number, apiKey?: string): RoutescanTarget => ({
  service: "routescan",
  chainId,
  required: true,
  apiUrl: `https://api.routescan.test/v2/network/mainnet/evm/${chainId}/etherscan/api`,
  apiKey,
  siteUrl: "https://routescan.io",
  shownUrl: `https://api.routescan.test/v2/network/mainnet/evm/${chainId}/etherscan/api`,
  reason: "the test's",
});

describe("Routescan's pace", () => {
  it("keeps one keyless pace of 2 requests/s over every chain, where a key or a stated rate paces each chain", () => {
    const [ethereum, optimism] = [1, 10].map((chainId) => serviceTransportOptions(routescan(chainId)));
    expect(ethereum?.rateLimiter).toBeDefined();
    expect(optimism?.rateLimiter).toBe(ethereum?.rateLimiter);
    expect(ethereum?.requestsPerSecond).toBe(2);
    expect(serviceTransportOptions(routescan(1, "KEY")).rateLimiter).toBeUndefined();
    expect(serviceTransportOptions(routescan(1), { requestsPerSecond: 8 }).rateLimiter).toBeUndefined();
  });
});

describe("Routescan's look-up", () => {
  it("takes getsourcecode's NOTOK 'Contract source code not verified' for a contract to submit, not a refusal", async () => {
    const service = await serve(
      jsonAnswer(200, { status: "0", message: "NOTOK", result: "Contract source code not verified" }),
    );
    const verifier = routescanVerifier(
      { ...routescan(31337), apiUrl: `${service.url}/v2/network/testnet/evm/31337/etherscan/api` },
      { rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY) },
    );
    await expect(verifier.lookUp(testAddress(0x5201), Number.POSITIVE_INFINITY)).resolves.toMatchObject({
      state: "unverified",
    });
  });
});
