import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { chainIdOfExplorer, shippedExplorerFor } from "../../src/explorers/index.js";
import { closedLoopbackUrl, type StandIn, startChainListStandIn } from "../support/blockscoutStandIns.js";
import { findExplorerByChainId } from "../support/internals.js";

// A chain the shipped registry does not know, and one it does (OP Mainnet), as the published list writes them.
const newChainId = 987_654_321;
const publishedList = JSON.stringify({
  [newChainId]: {
    name: "Brand New Chain",
    isTestnet: true,
    explorers: [
      { url: "https://explorer.brand-new.example/", hostedBy: "self-hosted" },
      { url: "https://brand-new.blockscout.com/", hostedBy: "blockscout" },
    ],
  },
  "10": {
    name: "OP Mainnet",
    explorers: [{ url: "https://optimism.blockscout.com/", hostedBy: "blockscout" }],
  },
  "not-a-chain": { name: "ignored" },
  "11": { name: "Broken entry", explorers: "not a list" },
});

let list: StandIn;
let offlineUrl: string;
let cacheDir: string;

beforeAll(async () => {
  list = await startChainListStandIn(publishedList);
  offlineUrl = `${await closedLoopbackUrl()}/api/chains`;
});
afterAll(() => list.close());
beforeEach(async () => {
  list.seen.length = 0;
  cacheDir = await mkdtemp(join(tmpdir(), "explorer-verify-chains-"));
});
afterEach(() => rm(cacheDir, { recursive: true, force: true }));

describe("findExplorerByChainId", () => {
  it("finds a chain from the shipped registry, made from viem's chains and Hardhat's descriptors", () => {
    expect(shippedExplorerFor(10)).toEqual({
      chainId: 10,
      name: "OP Mainnet",
      url: "https://optimism.blockscout.com",
    });
    expect(shippedExplorerFor(100)?.url).toBe("https://gnosis.blockscout.com");
    expect(chainIdOfExplorer("https://optimism.blockscout.com/api?")).toBe(10);
    expect(chainIdOfExplorer("https://unknown.example")).toBeUndefined();
  });

  it("refreshes from the published list, prefers the instance Blockscout hosts, and keeps a copy on disk", async () => {
    const listUrl = `${list.url}/api/chains`;
    const first = await findExplorerByChainId(newChainId, { chainListUrl: listUrl, cacheDir });
    expect(first).toEqual({
      chainId: newChainId,
      name: "Brand New Chain",
      explorerUrl: "https://brand-new.blockscout.com",
      source: "blockscout-list",
      reason: `https://brand-new.blockscout.com (Brand New Chain, chain ${newChainId}), found in Blockscout's list of instances`,
    });
    expect(list.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/chains"]);
    const copy = JSON.parse(await readFile(join(cacheDir, "blockscout-chains.json"), "utf8"));
    expect(copy.listUrl).toBe(listUrl);
    expect(copy.chains.map((c: { chainId: number }) => c.chainId).sort()).toEqual([10, newChainId]);

    // Within a day the copy answers, and the list is not asked again.
    const second = await findExplorerByChainId(newChainId, { chainListUrl: listUrl, cacheDir });
    expect(second.source).toBe("cached-blockscout-list");
    expect(second.reason).toBe(
      `https://brand-new.blockscout.com (Brand New Chain, chain ${newChainId}), found in Blockscout's list of instances, read 0 min ago`,
    );
    expect(list.seen).toHaveLength(1);
  });

  it("offline, falls back to the shipped registry and says why", async () => {
    const choice = await findExplorerByChainId(10, { chainListUrl: offlineUrl, cacheDir });
    expect(choice).toEqual({
      chainId: 10,
      name: "OP Mainnet",
      explorerUrl: "https://optimism.blockscout.com",
      source: "shipped-registry",
      reason:
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; Blockscout's list could not be read: connection failed (ECONNREFUSED)",
    });
    await expect(findExplorerByChainId(newChainId, { chainListUrl: offlineUrl, cacheDir })).rejects.toThrow(
      `No Blockscout explorer is known for chain ${newChainId}: give its URL as the explorerUrl option.`,
    );
  });

  it("offline with an old copy of the list, uses the copy", async () => {
    await writeFile(
      join(cacheDir, "blockscout-chains.json"),
      JSON.stringify({
        listUrl: offlineUrl,
        fetchedAt: Date.now() - 3 * 24 * 60 * 60 * 1_000,
        chains: [{ chainId: newChainId, name: "Brand New Chain", url: "https://brand-new.blockscout.com" }],
      }),
    );
    const choice = await findExplorerByChainId(newChainId, { chainListUrl: offlineUrl, cacheDir });
    expect(choice.source).toBe("cached-blockscout-list");
    expect(choice.reason).toBe(
      `https://brand-new.blockscout.com (Brand New Chain, chain ${newChainId}), found in a copy of Blockscout's list read 72 h ago; Blockscout's list could not be read: connection failed (ECONNREFUSED)`,
    );
  });

  it("a list that is not JSON, or that does not answer in time, is not needed", async () => {
    const broken = await startChainListStandIn("<html>maintenance</html>");
    try {
      const choice = await findExplorerByChainId(10, { chainListUrl: broken.url, cacheDir: false });
      expect(choice.reason).toBe(
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; Blockscout's list could not be read: the answer is not JSON",
      );
      expect(broken.seen).toHaveLength(1);
    } finally {
      await broken.close();
    }
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const choice = await findExplorerByChainId(10, {
        chainListUrl: `http://127.0.0.1:${port}/api/chains`,
        cacheDir: false,
        refreshTimeoutMs: 100,
      });
      expect(choice.reason).toBe(
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; Blockscout's list could not be read: no answer within 0.1 s",
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("with refresh off, reads neither the network nor asks for a chain id that is not one", async () => {
    const choice = await findExplorerByChainId(8453, {
      chainListUrl: `${list.url}/x`,
      cacheDir,
      refresh: false,
    });
    expect(choice.explorerUrl).toBe("https://base.blockscout.com");
    expect(list.seen).toHaveLength(0);
    await expect(findExplorerByChainId(-1, { refresh: false })).rejects.toThrow(
      "The chain id must be a positive whole number, got -1.",
    );
    await expect(
      findExplorerByChainId(424_242_424, {
        refresh: false,
        cacheDir: false,
        howToNameExplorer: "give --explorer-url",
      }),
    ).rejects.toThrow("No Blockscout explorer is known for chain 424242424: give --explorer-url.");
  });
});
