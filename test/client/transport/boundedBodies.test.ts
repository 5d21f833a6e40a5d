import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { ResponseTooLargeError, TimeoutError } from "../../../src/errors/index.js";
import { afterFakeTime } from "../../support/fakeTime.js";
import {
  endlessBody,
  getAbiRequest,
  jsonAnswer,
  tricklingBody,
  useScriptedServers,
} from "../../support/scriptedServer.js";

const serve = useScriptedServers();

const getAbi = getAbiRequest;

function transportTo(url: string, options = {}) {
  return new Transport({
    explorerUrl: url,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    ...options,
  });
}

describe("bounded answers", () => {
  it("refuses an answer larger than the cap with a typed error, whatever its content-length said", async () => {
    const big = { status: "1", message: "OK", result: "x".repeat(5_000) };
    const explorer = await serve(jsonAnswer(200, big));
    const error = await transportTo(explorer.url, { maxResponseBytes: 4_096 })
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      code: "response_too_large",
      status: 200,
      maxBytes: 4_096,
      shortMessage: "The explorer's answer (HTTP 200) is larger than 4 KiB; it was not read.",
    });
    expect(explorer.seen.requests).toBe(1);
  });

  it("reads an answer right at the cap", async () => {
    const body = { status: "1", message: "OK", result: "[]" };
    const explorer = await serve(jsonAnswer(200, body));
    const answer = await transportTo(explorer.url, { maxResponseBytes: JSON.stringify(body).length }).send(
      getAbi,
    );
    expect(answer.json).toEqual(body);
  });

  it("stops reading an endless body at the cap", async () => {
    const explorer = await serve(endlessBody());
    const error = await transportTo(explorer.url, { maxResponseBytes: 1_048_576 })
      .send(getAbi)
      .catch((e: unknown) => e);
    expect((error as ResponseTooLargeError).shortMessage).toBe(
      "The explorer's answer (HTTP 200) is larger than 1 MiB; it was not read.",
    );
  });

  it("ends a body that trickles at the request's time limit", async () => {
    const explorer = await serve(tricklingBody(50));
    // The trickle's 50 ms and the limit's 600 ms are Jest's, moved on once the request is at the explorer.
    const error = await afterFakeTime(
      600,
      () => explorer.seen.requests === 1,
      () => transportTo(explorer.url, { requestTimeoutMs: 600, maxRetries: 0 }).send(getAbi),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).shortMessage).toBe("The explorer did not answer within 0.6 s.");
  });
});
