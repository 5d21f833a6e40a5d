import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { InvalidInputError, InvalidResponseError } from "../../../src/errors/index.js";
import { secretApiKey } from "../../support/addresses.js";
import { keySpellings, keySpellingsIn } from "../../support/keySpellings.js";
import { getAbiRequest, jsonAnswer, useScriptedServers } from "../../support/scriptedServer.js";

const serve = useScriptedServers();

const getAbi = getAbiRequest;

function transportTo(url: string, options = {}) {
  return new Transport({
    explorerUrl: url,
    apiKey: secretApiKey,
    retryDelayMs: 5,
    maxRetries: 0,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    ...options,
  });
}

describe("the key in every spelling", () => {
  it("keeps every echoed spelling of the key out of the parsed answer", async () => {
    const echoes = Object.values(keySpellings(secretApiKey)).join(" | ");
    const explorer = await serve(
      jsonAnswer(200, { status: "0", message: `Invalid key ${echoes}`, result: null }),
    );
    const answer = await transportTo(explorer.url).send(getAbi);
    const printed = JSON.stringify(answer);
    expect(keySpellingsIn(printed, secretApiKey)).toEqual([]);
    expect(keySpellingsIn(JSON.parse(printed).json.message, secretApiKey)).toEqual([]);
  });

  it("redacts an HTML page echoing the URL before cutting its excerpt, so no part of the key shows", async () => {
    const explorer = await serve((request, response) => {
      response.writeHead(500, { "content-type": "text/html" });
      // The key starts a few characters before the excerpt's end: cut first, half of it would show.
      const padding = "x".repeat(200 - 10 - "<html><p>".length);
      response.end(`<html><p>${padding}${request.url?.replace(/&/g, "&amp;")}</p></html>`);
    });
    const error = await transportTo(explorer.url)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    const text = `${(error as Error).message}\n${JSON.stringify(error)}\n${(error as Error).stack}`;
    expect(keySpellingsIn(text, secretApiKey)).toEqual([]);
    expect(keySpellingsIn(text, secretApiKey.slice(0, 12))).toEqual([]);
  });

  it("refuses a key that cannot travel in a header before anything is sent", async () => {
    const explorer = await serve(jsonAnswer(200, { status: "1", message: "OK", result: "[]" }));
    for (const apiKey of ["key\u2603snowman", "key\r\nx-injected: 1"]) {
      const error = (() => {
        try {
          transportTo(explorer.url, { apiKey });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).shortMessage).toBe(
        "The API key has a character that cannot be sent in an HTTP header (a line break, a control character or one above U+00FF): check that the key was copied whole and alone.",
      );
    }
    expect(explorer.seen.requests).toBe(0);
  });

  it("refuses an explorer URL carrying credentials without printing them", () => {
    for (const explorerUrl of [
      "https://user:hunter2@explorer.example",
      "https://explorer.example/api?apikey=hunter2",
    ]) {
      const error = (() => {
        try {
          new Transport({ explorerUrl });
        } catch (e) {
          return e;
        }
      })() as InvalidInputError;
      expect(error.shortMessage).toBe(
        "The explorer URL carries credentials (user:password@ or a key in its query); give the explorer's address alone, and the key as the API key, which is kept out of every log.",
      );
      expect(error.message).not.toContain("hunter2");
    }
  });

  it("refuses a key or a secret header over plain http to a host that is not this machine, and not to loopback", () => {
    for (const secrets of [
      { apiKey: secretApiKey },
      { headers: { Authorization: `Bearer ${secretApiKey}` } },
    ]) {
      expect(() => new Transport({ explorerUrl: "http://explorer.example", ...secrets })).toThrow(
        /^explorerUrl is plain http \(explorer\.example\), and the (API key|authorization header) would travel in clear: use https, or send no key or header to it\. Nothing was sent\./,
      );
      expect(() => new Transport({ explorerUrl: "https://explorer.example", ...secrets })).not.toThrow();
      expect(() => new Transport({ explorerUrl: "http://127.0.0.1:4000", ...secrets })).not.toThrow();
      expect(() => new Transport({ explorerUrl: "http://localhost:4000", ...secrets })).not.toThrow();
      // A name under localhost may be asked of the network's DNS, which could answer with any host.
      expect(() => new Transport({ explorerUrl: "http://explorer.localhost:4000", ...secrets })).toThrow(
        /^explorerUrl is plain http \(explorer\.localhost:4000\), and the/,
      );
    }
    expect(() => new Transport({ explorerUrl: "http://explorer.example" })).not.toThrow();
    // The fallback instance gets the headers, never the key.
    const fallbackExplorerUrl = {
      base: "http://instance.example",
      rpc: "http://instance.example/api",
      rest: "http://instance.example/api/v2",
    };
    const api = "https://api.blockscout.example";
    expect(
      () => new Transport({ explorerUrl: api, apiKey: secretApiKey, fallbackExplorerUrl }),
    ).not.toThrow();
    expect(
      () => new Transport({ explorerUrl: api, headers: { Authorization: "Bearer x" }, fallbackExplorerUrl }),
    ).toThrow(
      /^fallbackExplorerUrl is plain http \(instance\.example\), and the authorization header would travel/,
    );
  });
});
