import { describe, expect, it } from "@jest/globals";
import { etherscanEndedChain } from "../../src/explorers/etherscanEndedChains.js";
import { etherscanTarget } from "../../src/run/targets/serviceTargets.js";
import { resolveTargets } from "../../src/run/targets/targets.js";
import { closedLoopbackUrl } from "../support/blockscoutStandIns.js";

// Etherscan's changelog: Scroll (534352) and Scroll Sepolia (534351) dropped on 2026-04-16, Blast (81457) ends on
// 2026-10-31. An Etherscan target for them is refused before anything is sent.
const key = "ETHERSCAN-KEY-0001";

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("chains Etherscan no longer serves", () => {
  it("refuses Blast, naming Routescan, which the shipped lists know for it", async () => {
    expect(await refusal(etherscanTarget(81457, key, undefined, true, "set the key"))).toMatchObject({
      code: "invalid_input",
      shortMessage:
        "Etherscan no longer serves Blast (chain 81457) since 2026-10-31: leave etherscan out of the targets for it; Routescan (its mainnet) serves it. Nothing was sent.",
    });
  });

  it("refuses Scroll and Scroll Sepolia at every door's resolver, saying no shipped list knows another service", async () => {
    for (const [chainId, name] of [
      [534352, "Scroll"],
      [534351, "Scroll Sepolia"],
    ] as const) {
      const error = await refusal(
        resolveTargets({
          services: ["etherscan"],
          chains: [{ claims: [{ id: chainId, source: "--chain-id" }] }],
          keys: { etherscan: key },
          howToNameExplorer: "",
          howToGiveEtherscanKey: "",
          howToReachLocalChain: "",
        }),
      );
      expect(error).toMatchObject({
        code: "invalid_input",
        shortMessage: `Etherscan no longer serves ${name} (chain ${chainId}) since 2026-04-16: leave etherscan out of the targets for it; no other service in the lists shipped with explorer-verify is known to serve it (Sourcify, or the chain's Blockscout explorer given by its URL, may). Nothing was sent.`,
      });
    }
  });

  it("ends on the day the changelog gives, not before", () => {
    expect(etherscanEndedChain(81457, Date.parse("2026-10-30T23:59:59Z"))).toBeUndefined();
    expect(etherscanEndedChain(81457, Date.parse("2026-10-31T00:00:00Z"))).toEqual({
      name: "Blast",
      endedOn: "2026-10-31",
    });
    expect(etherscanEndedChain(1)).toBeUndefined();
  });

  it("leaves another Etherscan-compatible endpoint alone: it serves chains of its own", async () => {
    const selfHosted = await closedLoopbackUrl();
    await expect(
      etherscanTarget(534352, key, { url: selfHosted, source: "the self-hosted scan" }, true, "set the key"),
    ).resolves.toMatchObject({ service: "etherscan", chainId: 534352, apiUrl: `${selfHosted}/v2/api` });
  });
});
