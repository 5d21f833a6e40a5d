import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { chainIdOfExplorer, shippedExplorerFor } from "../../src/explorers/shippedRegistry.js";
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
// Long enough that a refused connection, however busy the machine, is what ends the read: never the time limit.
const refreshTimeoutMs = 600_000;
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
      foundIn: "Blockscout's list of instances",
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
    const choice = await findExplorerByChainId(10, { chainListUrl: offlineUrl, cacheDir, refreshTimeoutMs });
    expect(choice).toEqual({
      chainId: 10,
      name: "OP Mainnet",
      explorerUrl: "https://optimism.blockscout.com",
      source: "shipped-registry",
      foundIn:
        "the registry shipped with explorer-verify; Blockscout's list could not be read: connection failed (ECONNREFUSED)",
      reason:
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; Blockscout's list could not be read: connection failed (ECONNREFUSED)",
    });
    await expect(
      findExplorerByChainId(newChainId, { chainListUrl: offlineUrl, cacheDir, refreshTimeoutMs }),
    ).rejects.toThrow(
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
    const choice = await findExplorerByChainId(newChainId, {
      chainListUrl: offlineUrl,
      cacheDir,
      refreshTimeoutMs,
    });
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
    // The time limit is Jest's: the answer that never comes is waited for on fake timers, not the machine's clock.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    try {
      const choice = findExplorerByChainId(10, {
        chainListUrl: `http://127.0.0.1:${port}/api/chains`,
        cacheDir: false,
        refreshTimeoutMs: 100,
      });
      await jest.advanceTimersByTimeAsync(100);
      expect((await choice).reason).toBe(
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; Blockscout's list could not be read: no answer within 0.1 s",
      );
    } finally {
      jest.useRealTimers();
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

describe("findExplorerByChainId with a list or a copy that names an explorer the key must not go to", () => {
  const copyPath = () => join(cacheDir, "blockscout-chains.json");
  const writeCopy = (listUrl: string, chains: unknown[]) =>
    writeFile(copyPath(), JSON.stringify({ listUrl, fetchedAt: Date.now(), chains }));

  it("ignores a fresh copy of Blockscout's list that names a plain-http instance, and says so", async () => {
    await writeCopy("https://chains.blockscout.com/api/chains", [
      { chainId: 10, name: "OP Mainnet", url: "http://127.0.0.1:9" },
    ]);
    const warnings: string[] = [];
    const choice = await findExplorerByChainId(10, {
      cacheDir,
      refresh: false,
      onWarning: (message) => warnings.push(message),
    });
    const warning = `Ignored the copy of Blockscout's list at ${copyPath()}: its explorer for chain 10, http://127.0.0.1:9, is not an https URL.`;
    expect(warnings).toEqual([warning]);
    expect(choice).toEqual({
      chainId: 10,
      name: "OP Mainnet",
      explorerUrl: "https://optimism.blockscout.com",
      source: "shipped-registry",
      foundIn: `the registry shipped with explorer-verify; ignored the copy of Blockscout's list at ${copyPath()}: its explorer for chain 10, http://127.0.0.1:9, is not an https URL`,
      reason: `https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify; ignored the copy of Blockscout's list at ${copyPath()}: its explorer for chain 10, http://127.0.0.1:9, is not an https URL`,
    });
  });

  it("ignores a copy larger than the list's size cap without reading it whole, and reads the list again", async () => {
    const listUrl = `${list.url}/api/chains`;
    const padding = " ".repeat(17 * 1024 * 1024);
    await writeFile(
      copyPath(),
      `{"listUrl":${JSON.stringify(listUrl)},"fetchedAt":${Date.now()},"chains":[{"chainId":${newChainId},"name":"Poisoned","url":"https://poisoned.example"}]}${padding}`,
    );
    const warnings: string[] = [];
    const choice = await findExplorerByChainId(newChainId, {
      chainListUrl: listUrl,
      cacheDir,
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([
      `Ignored the copy of Blockscout's list at ${copyPath()}: it is larger than 16 MiB, which no copy of the list is.`,
    ]);
    expect(choice.explorerUrl).toBe("https://brand-new.blockscout.com");
    expect(choice.source).toBe("blockscout-list");
    expect(list.seen).toHaveLength(1);
    // The copy written over it is the list's.
    const copy = JSON.parse(await readFile(copyPath(), "utf8"));
    expect(copy.chains.map((c: { url: string }) => c.url).sort()).toEqual([
      "https://brand-new.blockscout.com",
      "https://optimism.blockscout.com",
    ]);
  });

  it("takes from a published list only https instances, and loopback http ones when the user named a loopback list", async () => {
    const mixed = await startChainListStandIn(
      JSON.stringify({
        "10": {
          name: "OP Mainnet",
          explorers: [{ url: "http://optimism.example/", hostedBy: "blockscout" }],
        },
        [newChainId]: {
          name: "Brand New Chain",
          explorers: [{ url: "http://127.0.0.1:4000/", hostedBy: "blockscout" }],
        },
      }),
    );
    try {
      const listUrl = `${mixed.url}/api/chains`;
      const op = await findExplorerByChainId(10, { chainListUrl: listUrl, cacheDir });
      expect(op.reason).toBe(
        "https://optimism.blockscout.com (OP Mainnet, chain 10), found in the registry shipped with explorer-verify",
      );
      const local = await findExplorerByChainId(newChainId, { chainListUrl: listUrl, cacheDir: false });
      expect(local.explorerUrl).toBe("http://127.0.0.1:4000");
      // Its copy, kept for that same list, is trusted as far as the list.
      const again = await findExplorerByChainId(newChainId, { chainListUrl: listUrl, cacheDir });
      expect([again.source, again.explorerUrl]).toEqual(["cached-blockscout-list", "http://127.0.0.1:4000"]);
    } finally {
      await mixed.close();
    }
  });

  it("ignores a copy dated in the future, or that a stranger may write, and keeps the list's own copy to the user", async () => {
    const listUrl = `${list.url}/api/chains`;
    const poisoned = [{ chainId: 100, name: "Gnosis", url: "https://attacker.example.com/" }];
    const warnings: string[] = [];
    const options = {
      chainListUrl: listUrl,
      cacheDir,
      onWarning: (message: string) => warnings.push(message),
    };
    const gnosis = "https://gnosis.blockscout.com";
    await writeFile(copyPath(), JSON.stringify({ listUrl, fetchedAt: 9e15, chains: poisoned }));
    expect((await findExplorerByChainId(100, options)).explorerUrl).toBe(gnosis);
    expect((await stat(copyPath())).mode & 0o777).toBe(0o600);
    await writeCopy(listUrl, poisoned);
    await chmod(copyPath(), 0o666);
    expect((await findExplorerByChainId(100, options)).explorerUrl).toBe(gnosis);
    await writeCopy(listUrl, poisoned);
    await chmod(cacheDir, 0o777);
    expect((await findExplorerByChainId(100, { ...options, refresh: false })).explorerUrl).toBe(gnosis);
    const remedy = "keep both to yourself (the folder chmod 700, the copy 600, owned by you)";
    expect(warnings).toEqual([
      `Ignored the copy of Blockscout's list at ${copyPath()}: it is dated in the future.`,
      `Ignored the copy of Blockscout's list at ${copyPath()}: it is writable by others (mode 666): ${remedy}.`,
      `Ignored the copy of Blockscout's list at ${copyPath()}: its folder is writable by others (mode 777): ${remedy}.`,
    ]);
    expect(list.seen).toHaveLength(2);
  });

  it("ignores a copy that is not JSON, or not a copy of the list, with the reason", async () => {
    const warnings: string[] = [];
    const options = { cacheDir, refresh: false, onWarning: (message: string) => warnings.push(message) };
    await writeFile(copyPath(), "{not json");
    await findExplorerByChainId(10, options);
    await writeFile(copyPath(), JSON.stringify({ chains: "none" }));
    await findExplorerByChainId(10, options);
    expect(warnings).toEqual([
      `Ignored the copy of Blockscout's list at ${copyPath()}: it is not JSON.`,
      `Ignored the copy of Blockscout's list at ${copyPath()}: it is not a copy of the list.`,
    ]);
  });
});

describe("the shipped registry", () => {
  it("finds no plain-http instance by chain id (viem's localhost explorer of chain 9 is no instance the user named)", async () => {
    expect(shippedExplorerFor(9)).toBeUndefined();
    await expect(findExplorerByChainId(9, { refresh: false, cacheDir: false })).rejects.toThrow(
      "No Blockscout explorer is known for chain 9: give its URL as the explorerUrl option.",
    );
  });
});
