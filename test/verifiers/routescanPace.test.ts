import { describe, expect, it } from "@jest/globals";
import { serviceTransportOptions } from "../../src/verifiers/serviceTransports.js";
import type { RoutescanTarget } from "../../src/verifiers/target.js";

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
