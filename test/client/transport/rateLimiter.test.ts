import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../support/internals.js";
import { getAbiRequest, jsonAnswer, useScriptedServers } from "../../support/scriptedServer.js";
import { VirtualClock } from "../../support/virtualClock.js";

/** A Blockscout-like fixed-window limiter: `limit` requests per `windowMs`, 429 beyond, headers on every answer. */
async function startLimitedServer(limit: number, windowMs: number, clock: VirtualClock) {
  let windowStart = clock.now();
  let used = 0;
  const seen = { ok: 0, tooMany: 0 };
  const server = createServer((_request, response) => {
    const now = clock.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    used++;
    const over = used > limit;
    if (over) seen.tooMany++;
    else seen.ok++;
    response.writeHead(over ? 429 : 200, {
      "content-type": "application/json",
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(Math.max(0, limit - used)),
      "x-ratelimit-reset": String(windowMs - (now - windowStart)),
    });
    response.end(
      JSON.stringify(
        over
          ? {
              status: "0",
              message: "Too many requests. Increase limits now at https://dev.blockscout.com",
              result: null,
            }
          : { status: "1", message: "OK", result: [] },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, seen };
}

/** Answers every request at once with Blockscout's "limiting is off" headers. */
async function startUnlimitedServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json",
      "x-ratelimit-limit": "-1",
      "x-ratelimit-remaining": "-1",
      "x-ratelimit-reset": "-1",
    });
    response.end(JSON.stringify({ status: "1", message: "OK", result: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const listContracts = { api: "rpc", query: { module: "contract", action: "listcontracts" } } as const;

describe("rate limiter", () => {
  it("spends the quota the explorer states and waits for its window instead of running into 429s", async () => {
    const clock = new VirtualClock();
    const explorer = await startLimitedServer(5, 400, clock);
    servers.push(explorer.server);
    const events: string[] = [];
    const transport = new Transport({
      explorerUrl: explorer.url,
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true, clock }),
      onEvent: (event) => events.push(event.type),
    });
    // The first answer states the quota; the rest of the window's requests go without spacing.
    await transport.send({ ...listContracts, method: "GET", kind: "read" });
    const answers = await Promise.all(
      Array.from({ length: 11 }, () => transport.send({ ...listContracts, method: "GET", kind: "read" })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(explorer.seen).toEqual({ ok: 12, tooMany: 0 });
    expect(events).toEqual([]);
  });

  it("drops the default spacing once the explorer says it does not limit", async () => {
    const explorer = await startUnlimitedServer();
    servers.push(explorer.server);
    const limiter = new RateLimiter(10, { followExplorerQuota: true, clock: new VirtualClock() });
    const transport = new Transport({ explorerUrl: explorer.url, rateLimiter: limiter });
    await transport.send({ ...listContracts, method: "GET", kind: "read" });
    let waitedMs = 0;
    for (let i = 0; i < 30; i++) {
      waitedMs += await limiter.acquire();
      limiter.settle();
    }
    // At 10 requests/s the 30 turns would take 2.9 s of waiting.
    expect(waitedMs).toBe(0);
  });

  it("keeps a caller's own rate even when the explorer does not limit", async () => {
    const explorer = await startUnlimitedServer();
    servers.push(explorer.server);
    const clock = new VirtualClock();
    const limiter = new RateLimiter(20, { clock });
    const transport = new Transport({ explorerUrl: explorer.url, rateLimiter: limiter });
    await transport.send({ ...listContracts, method: "GET", kind: "read" });
    let waitedMs = 0;
    for (let i = 0; i < 5; i++) {
      waitedMs += await limiter.acquire();
      limiter.settle();
    }
    // One turn every 50 ms after the first request's.
    expect(waitedMs).toBe(250);
    expect(clock.slept).toEqual([50, 50, 50, 50, 50]);
  });

  it("holds the next request until the window resets when the explorer says none are left", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, {
      followExplorerQuota: true,
      clock: new VirtualClock(),
    });
    await limiter.acquire();
    limiter.settle({ "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "300" });
    expect(await limiter.acquire()).toBe(300);
  });

  it("ignores headers that are missing or not numbers", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, {
      followExplorerQuota: true,
      clock: new VirtualClock(),
    });
    await limiter.acquire();
    limiter.settle({ "x-ratelimit-limit": "ten", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "5000" });
    limiter.settle({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "5000" });
    expect(await limiter.acquire()).toBe(0);
  });

  it("sends into a new window once every request it kept slots for came back counted in the window before", async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true, clock });
    await limiter.acquire();
    limiter.settle({ "x-ratelimit-limit": "2", "x-ratelimit-remaining": "2", "x-ratelimit-reset": "300" });
    await limiter.acquire();
    await limiter.acquire();
    // The window ends with both on their way: the next one keeps its two slots for them.
    await clock.sleep(300);
    const third = limiter.acquire();
    // Both were counted in the window that ended: their answers say so, and state nothing of the new one.
    const oldWindow = { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "0" };
    limiter.settle(oldWindow);
    limiter.settle(oldWindow);
    const stillWaiting = clock.sleep(60_000).then(() => "still waiting after a minute");
    expect(await Promise.race([third.then(() => "sent"), stillWaiting])).toBe("sent");
  });

  it("counts a request spaced before the quota was stated against that quota once it is", async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter(10, { followExplorerQuota: true, clock });
    await limiter.acquire();
    // Spaced 100 ms after the first: still waiting for its slot when the first answer states the quota.
    const spaced = limiter.acquire({ longestWaitMs: 1_000 });
    limiter.settle({ "x-ratelimit-limit": "1", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "60000" });
    await expect(spaced).rejects.toThrow("wait of");
  });
});

describe("the Blockscout API's -1 (its internal error, not a count)", () => {
  const serve = useScriptedServers();
  const internalError = {
    "x-credits-remaining": "-1",
    "x-ratelimit-limit": "-1",
    "x-ratelimit-remaining": "-1",
    "x-ratelimit-reset": "-1",
  };
  const ok = { status: "1", message: "OK", result: [] };

  it("is no reading: the credits and the quota stay as the last answer with numbers stated them", async () => {
    const api = await serve(
      jsonAnswer(200, ok, internalError),
      jsonAnswer(200, ok, {
        "x-credits-remaining": "4200",
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": "4",
        "x-ratelimit-reset": "1000",
      }),
      jsonAnswer(200, ok, internalError),
    );
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true });
    const transport = new Transport({ explorerUrl: `${api.url}/10`, rateLimiter: limiter });
    await transport.send(getAbiRequest);
    expect(limiter.reading()).toEqual({
      quota: { kind: "unknown" },
      rateLimitedAnswers: 0,
      requestsStarted: 1,
    });
    await transport.send(getAbiRequest);
    await transport.send(getAbiRequest);
    expect(limiter.reading()).toMatchObject({
      quota: { kind: "window", limit: 5 },
      creditsRemaining: 4200,
      requestsStarted: 3,
    });
  });

  it("on an error answer is no used-up quota: the read is tried again and nothing is stopped", async () => {
    const api = await serve(
      jsonAnswer(500, { error: "Internal server error", source: "internal" }, internalError),
      jsonAnswer(200, ok),
    );
    const transport = new Transport({
      explorerUrl: `${api.url}/10`,
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
      retryDelayMs: 5,
    });
    await expect(transport.send(getAbiRequest)).resolves.toMatchObject({ status: 200, json: ok });
    expect(api.seen.requests).toBe(2);
    expect(transport.stoppedBy).toBeUndefined();
  });

  it("in some of the rate-limit headers only is no reading either, never an empty or unlimited quota", async () => {
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, {
      followExplorerQuota: true,
      clock: new VirtualClock(),
    });
    await limiter.acquire();
    limiter.settle({ "x-ratelimit-limit": "5", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "1000" });
    expect(limiter.reading().quota).toEqual({ kind: "unknown" });
    expect(await limiter.acquire()).toBe(0);
  });
});
