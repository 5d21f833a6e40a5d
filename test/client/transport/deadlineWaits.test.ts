import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { NetworkError, RateLimitedError, TimeoutError } from "../../../src/errors/index.js";
import { systemClock, type TransportEvent } from "../../../src/kernel/waits.js";
import { afterFakeTime } from "../../support/fakeTime.js";
import { getAbiRequest, jsonAnswer, useScriptedServers } from "../../support/scriptedServer.js";
import { VirtualClock } from "../../support/virtualClock.js";

const scriptedServer = useScriptedServers();

const json = jsonAnswer;
const tooMany = (headers: Record<string, string>) =>
  json(429, { status: "0", message: "Too many requests", result: null }, headers);
const okAbi = json(200, { status: "1", message: "OK", result: "[]" });
const getAbi = getAbiRequest;

// The transport's waits and what a deadline leaves are read on this clock: no wait here is the machine's.
const clock = new VirtualClock();

function transportTo(url: string, events: TransportEvent[] = [], options = {}) {
  return new Transport({
    explorerUrl: url,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock }),
    clock,
    onEvent: (event) => events.push(event),
    ...options,
  });
}

describe("waits answer to the deadline", () => {
  it("refuses at once a 429 whose x-ratelimit-reset lies past the deadline, saying what the explorer asked", async () => {
    const explorer = await scriptedServer(tooMany({ "x-ratelimit-reset": "1000000000000" }), okAbi);
    const events: TransportEvent[] = [];
    const error = await transportTo(explorer.url, events)
      .until(clock.now() + 20_000)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    // What the deadline leaves is read when the 429 arrives: on the test's clock, the round trip takes none of it.
    expect((error as RateLimitedError).shortMessage).toBe(
      "The explorer asked to wait 11574 days (x-ratelimit-reset: 1000000000000) before the next request, longer than the deadline leaves (20 s).",
    );
    expect(explorer.seen.requests).toBe(1);
    expect(events).toEqual([]);
  });

  it("waits out Etherscan's 30 s throttle of an address that sent invalid keys: a wait, not a refused key", async () => {
    const throttled = json(200, {
      status: "0",
      message: "NOTOK",
      result: "Too many invalid api key attempts, please try again later",
    });
    const explorer = await scriptedServer(throttled, okAbi);
    const error = await transportTo(explorer.url)
      .until(clock.now() + 20_000)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).shortMessage).toBe(
      "The explorer asked to wait 30 s before the next request, longer than the deadline leaves (20 s).",
    );
  });

  it("refuses a Retry-After that overflows a timer, without a deadline, against the longest wait allowed", async () => {
    const explorer = await scriptedServer(tooMany({ "retry-after": "1e308" }), okAbi);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const error = await transportTo(explorer.url)
      .send(getAbi)
      .catch((e: unknown) => e)
      .finally(() => process.off("warning", onWarning));
    expect((error as RateLimitedError).shortMessage).toBe(
      "The explorer asked to wait forever (Retry-After: 1e+308) before the next request, longer than the longest rate-limit wait allowed (5 min).",
    );
    expect(warnings).toEqual([]);
  });

  it("holds later requests of the same explorer and refuses them without sending when the pause outlasts their deadline", async () => {
    const explorer = await scriptedServer(tooMany({ "retry-after": "3000" }), okAbi);
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY, { clock });
    const transport = transportTo(explorer.url, [], { rateLimiter: limiter });
    const first = await transport
      .until(clock.now() + 60_000)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect((first as RateLimitedError).shortMessage).toBe(
      "The explorer asked to wait 50 min (Retry-After: 3000) before the next request, longer than the deadline leaves (60 s).",
    );
    const second = await transport
      .until(clock.now() + 60_000)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect((second as RateLimitedError).shortMessage).toBe(
      "The explorer asked to wait 50 min (Retry-After: 3000) before the next request, longer than the deadline leaves (60 s).",
    );
    expect(explorer.seen.requests).toBe(1);
  });

  it("refuses a request when the quota the explorer states is used up until after the deadline", async () => {
    const explorer = await scriptedServer(
      json(
        200,
        { status: "1", message: "OK", result: "[]" },
        { "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "600000" },
      ),
    );
    const transport = transportTo(explorer.url, [], {
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { followExplorerQuota: true, clock }),
    });
    const job = transport.until(clock.now() + 10_000);
    await job.send(getAbi);
    const error = await job.send(getAbi).catch((e: unknown) => e);
    expect((error as RateLimitedError).shortMessage).toBe(
      "The explorer's stated quota (x-ratelimit-remaining: 0) is used up for 10 min, longer than the deadline leaves (10 s).",
    );
    expect(explorer.seen.requests).toBe(1);
  });

  it("announces a wait of more than a few seconds before it begins, then sends the request", async () => {
    const explorer = await scriptedServer(tooMany({ "x-ratelimit-reset": "3200" }), okAbi);
    const events: TransportEvent[] = [];
    const answer = await transportTo(explorer.url, events).send(getAbi);
    expect(answer.json).toEqual({ status: "1", message: "OK", result: "[]" });
    expect(events.map((event) => event.type)).toEqual(["rate-limited", "waiting"]);
    expect(events[1]).toMatchObject({ type: "waiting", reason: "rate-limited" });
    expect(clock.slept).toContain(3_200);
    expect(explorer.seen.requests).toBe(2);
  });

  it("shortens a request's time limit to the deadline", async () => {
    const explorer = await scriptedServer(() => {});
    // The request's time limit is a timer of the machine's: Jest's here, moved on once the request is at the server.
    const error = await afterFakeTime(
      1_500,
      () => explorer.seen.requests === 1,
      () =>
        transportTo(explorer.url, [], { requestTimeoutMs: 30_000, clock: systemClock })
          .until(Date.now() + 1_500)
          .send(getAbi),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBeLessThanOrEqual(1_500);
    expect(explorer.seen.requests).toBe(1);
  });

  it("answers a refused connection at once, without retrying", async () => {
    const explorer = await scriptedServer(okAbi);
    const url = explorer.url;
    await explorer.close();
    const events: TransportEvent[] = [];
    const error = await transportTo(url, events)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).shortMessage).toBe(
      `Could not reach ${new URL(url).host}: the connection was refused.`,
    );
    expect(events).toEqual([]);
  });
});
