import { readFile } from "node:fs/promises";
import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { InvalidResponseError } from "../../../src/errors/index.js";
import { productVersion } from "../../../src/kernel/userAgent.js";
import { secretApiKey } from "../../support/addresses.js";
import { type Answer, getAbiRequest, jsonAnswer, useScriptedServers } from "../../support/scriptedServer.js";

const serve = useScriptedServers();

const getAbi = getAbiRequest;
const ok = { status: "1", message: "OK", result: "[]" };

function redirectTo(location: string, status = 308): Answer {
  return (_request, response) => {
    response.writeHead(status, { location, "content-type": "text/html" });
    response.end("<html>Moved</html>");
  };
}

function transportTo(url: string) {
  return new Transport({
    explorerUrl: url,
    apiKey: secretApiKey,
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  });
}

describe("redirects", () => {
  it("follows a redirect on the explorer's own origin with the request's query, and names itself", async () => {
    const seen: Array<{ url: string | undefined; userAgent: string | undefined }> = [];
    const explorer = await serve(
      (request, response) => {
        seen.push({ url: request.url, userAgent: request.headers["user-agent"] });
        redirectTo("/moved/api/")(request, response);
      },
      (request, response) => {
        seen.push({ url: request.url, userAgent: request.headers["user-agent"] });
        jsonAnswer(200, ok)(request, response);
      },
    );
    const answer = await transportTo(explorer.url).send(getAbi);
    expect(answer.json).toEqual(ok);
    const query = `module=contract&action=getabi&apikey=${encodeURIComponent(secretApiKey)}`;
    expect(seen).toEqual([
      { url: `/api?${query}`, userAgent: `explorer-verify/${productVersion}` },
      { url: `/moved/api/?${query}`, userAgent: `explorer-verify/${productVersion}` },
    ]);
    expect(answer.request.url).toBe(`${explorer.url}/moved/api/?module=contract&action=getabi&apikey=***`);
  });

  it("refuses a redirect to another origin, saying where it points, and the key never goes there", async () => {
    const elsewhere = await serve(jsonAnswer(200, ok));
    const explorer = await serve(redirectTo(`${elsewhere.url}/api`, 302));
    const error = await transportTo(explorer.url)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      `The explorer answered with a redirect (HTTP 302) to ${elsewhere.url}/api instead of JSON.`,
    );
    expect(elsewhere.seen.requests).toBe(0);
  });

  it("refuses an upgrade to https on another port of the same host: nothing connects there", async () => {
    const { createServer } = await import("node:net");
    let connections = 0;
    const other = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const port = (other.address() as { port: number }).port;
      const explorer = await serve(redirectTo(`https://127.0.0.1:${port}/api`, 301));
      const error = await transportTo(explorer.url)
        .send(getAbi)
        .catch((e: unknown) => e);
      expect((error as InvalidResponseError).shortMessage).toBe(
        `The explorer answered with a redirect (HTTP 301) to https://127.0.0.1:${port}/api instead of JSON.`,
      );
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("stops after a few redirects", async () => {
    const explorer = await serve(redirectTo("/api"));
    const error = await transportTo(explorer.url)
      .send(getAbi)
      .catch((e: unknown) => e);
    expect((error as InvalidResponseError).shortMessage).toBe(
      "The explorer answered with a redirect (HTTP 308) to /api instead of JSON.",
    );
    expect(explorer.seen.requests).toBe(4);
  });

  it("keeps the product's version equal to the package's", async () => {
    const packageJson = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8"));
    expect(productVersion).toBe(packageJson.version);
  });
});
