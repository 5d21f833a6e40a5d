import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { createdContractJobs, matchCreatedContracts } from "../../src/discovery/createdContractJobs.js";
import { creationChainFromRpc, discoverCreatedContracts } from "../../src/discovery/createdContracts.js";
import type { DiscoveryWarning } from "../../src/discovery/internalTransactionWalk.js";
import { createdOnPage, endlessInternalTransactions } from "../support/endlessCursor.js";
import { afterFakeTime } from "../support/fakeTime.js";
import { type HostileExplorer, startHostileExplorer } from "../support/hostileExplorer.js";

// An explorer whose internal-transaction cursor never ends, or comes back to a page already read: discovery stops
// with what it found and a warning naming the factory, within the caller's page limit and deadline.
const factory = "0x00000000000000000000000000000000000000fa";
const transaction = `0x${"ab".repeat(32)}`;
let explorer: HostileExplorer;
let client: ExplorerClient;

beforeAll(async () => {
  explorer = await startHostileExplorer();
  client = new ExplorerClient({
    explorerUrl: explorer.url,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    retryDelayMs: 5,
  });
});
afterAll(() => explorer.close());
beforeEach(() => explorer.reset());

function internalTransactionPages(): number {
  return explorer.requests.filter((request) => request.url.startsWith("/api/v2/internal-transactions"))
    .length;
}

describe("discovery against an explorer whose pages do not end", () => {
  it("stops at the page limit (100 by default) with a warning naming the factory, and keeps what it found", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "endless" });
    const warnings: DiscoveryWarning[] = [];
    const created = await discoverCreatedContracts([transaction], {
      client,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings).toEqual([
      {
        code: "page_limit",
        transaction,
        factory,
        message: `Stopped reading the internal transactions of ${transaction} (factory ${factory}) after 100 pages: they run past 100 pages, the limit; contracts it created further on are left out.`,
      },
    ]);
    expect(internalTransactionPages()).toBe(100);
    expect(created).toHaveLength(100);
    expect(created[0]).toEqual({
      address: createdOnPage(0),
      factory,
      transaction,
      kind: "create2",
      foundBy: "explorer",
    });
    const limited = await discoverCreatedContracts([transaction], { client, maxPages: 3 });
    expect(limited.map((contract) => contract.address)).toEqual([0, 1, 2].map(createdOnPage));
  });

  it("stops when the next page is one already read, instead of failing", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "repeat" });
    const warnings: DiscoveryWarning[] = [];
    const created = await discoverCreatedContracts([transaction], {
      client,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      `Stopped reading the internal transactions of ${transaction} (factory ${factory}) after 2 pages: the explorer's next page is one already read; contracts it created further on are left out.`,
    ]);
    expect(warnings[0]?.code).toBe("cursor_repeated");
    expect(internalTransactionPages()).toBe(2);
    expect(created.map((contract) => contract.address)).toEqual([createdOnPage(0), createdOnPage(1)]);
  });

  it("stops at the caller's deadline, however many pages the limit would still allow", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "endless", delayMs: 20 });
    const warnings: DiscoveryWarning[] = [];
    // Each page takes the explorer 20 ms of Jest's time, moved on once the page's request is at the explorer: the
    // deadline's 1 s is 50 pages, however busy the machine.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    let created: Awaited<ReturnType<typeof discoverCreatedContracts>>;
    try {
      let settled = false;
      const discovering = discoverCreatedContracts([transaction], {
        client,
        deadline: Date.now() + 1_000,
        maxPages: 1_000_000,
        onWarning: (warning) => warnings.push(warning),
      }).finally(() => {
        settled = true;
      });
      for (let answered = 0; !settled; ) {
        if (internalTransactionPages() > answered) {
          answered++;
          await jest.advanceTimersByTimeAsync(20);
        } else await new Promise((resolve) => setImmediate(resolve));
      }
      created = await discovering;
    } finally {
      jest.useRealTimers();
    }
    expect(warnings.map((warning) => warning.code)).toEqual(["deadline"]);
    const pages = internalTransactionPages();
    expect(pages).toBe(50);
    expect(warnings[0]?.message).toBe(
      `Stopped reading the internal transactions of ${transaction} (factory ${factory}) after ${pages} ${pages === 1 ? "page" : "pages"}: the deadline came; contracts it created further on are left out.`,
    );
    expect(created).toHaveLength(pages);
  });

  it("reads nothing once the deadline has passed, and says which transactions were left unread", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "endless" });
    const other = `0x${"cd".repeat(32)}`;
    const warnings: DiscoveryWarning[] = [];
    const created = await discoverCreatedContracts([transaction, other], {
      client,
      deadline: Date.now() - 1,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(created).toEqual([]);
    expect(explorer.requests).toEqual([]);
    expect(warnings).toEqual([
      {
        code: "deadline",
        transaction,
        factory: undefined,
        message: `The deadline came before the contracts created by 2 transactions (from ${transaction} on) were found: they are left out.`,
      },
    ]);
  });
});

describe("a factory's history on an explorer whose pages do not end", () => {
  it("stops at the page limit with a warning naming the factory, then looks at max-created of its children", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "endless" });
    const warnings: DiscoveryWarning[] = [];
    const outcome = await createdContractJobs([], {
      contracts: [],
      client,
      factories: [{ address: factory }],
      maxPages: 5,
      maxCreated: 3,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings).toEqual([
      {
        code: "page_limit",
        transaction: undefined,
        factory,
        message: `Stopped reading the internal transactions of factory ${factory} after 5 pages: they run past 5 pages, the limit; contracts it created on the pages not read are left out.`,
      },
      {
        code: "max_created",
        transaction: undefined,
        factory,
        message: `2 more contracts created by ${factory} were not looked at (max-created 3).`,
      },
    ]);
    expect(
      explorer.requests.filter((request) => request.url.startsWith(`/api/v2/addresses/${factory}/`)),
    ).toHaveLength(5);
    expect(outcome.skipped.map((skipped) => [skipped.address, skipped.createdBy])).toEqual(
      [0, 1, 2].map((page) => [
        createdOnPage(page),
        { factory, transaction: `0x${(page + 1).toString(16).padStart(64, "0")}` },
      ]),
    );
  });

  it("stops when the next page is one already read", async () => {
    explorer.scenario = endlessInternalTransactions({ factory, cursor: "repeat" });
    const warnings: DiscoveryWarning[] = [];
    await createdContractJobs([], {
      contracts: [],
      client,
      factories: [{ address: factory }],
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      `Stopped reading the internal transactions of factory ${factory} after 2 pages: the explorer's next page is one already read; contracts it created on the pages not read are left out.`,
    ]);
  });
});

describe("discovery with a chain whose trace never comes", () => {
  let silent: Server;
  let asked = 0;
  beforeAll(async () => {
    silent = createServer(() => {
      asked++;
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("stops waiting for it at the deadline", async () => {
    const chain = creationChainFromRpc(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const warnings: DiscoveryWarning[] = [];
    // The deadline's 500 ms are Jest's, moved on once the trace's request is at the chain.
    const before = asked;
    const created = await afterFakeTime(
      500,
      () => asked > before,
      () =>
        discoverCreatedContracts([transaction], {
          chain,
          deadline: Date.now() + 500,
          onWarning: (warning) => warnings.push(warning),
        }),
    );
    expect(created).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      `The deadline came before the contracts created by transaction ${transaction} were found: they are left out.`,
    ]);
  });

  it("skips a created contract whose code the chain has not given by the deadline", async () => {
    const chain = creationChainFromRpc(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const address = createdOnPage(0);
    // The deadline's 300 ms are Jest's, moved on once the code's request is at the chain.
    const before = asked;
    const outcome = await afterFakeTime(
      300,
      () => asked > before,
      () =>
        matchCreatedContracts([{ address, factory, transaction, kind: "create2", foundBy: "explorer" }], {
          contracts: [],
          chain,
          deadline: Date.now() + 300,
        }),
    );
    expect(outcome).toEqual({
      jobs: [],
      clones: [],
      skipped: [
        {
          address,
          createdBy: { factory, transaction },
          reason: `The deadline came before the chain gave the code of ${address}.`,
        },
      ],
      twins: [],
    });
  });
});
