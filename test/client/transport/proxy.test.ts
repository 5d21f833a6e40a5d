import { createServer, request as httpRequest, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { openTunnel, proxyFor } from "../../../src/client/proxyRequest.js";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import {
  getAbiRequest,
  jsonAnswer,
  type ScriptedServer,
  startScriptedServer,
} from "../../support/scriptedServer.js";

/** A forward proxy on 127.0.0.1: full-URL requests passed on, CONNECT tunnels opened; records what it was asked. */
async function startForwardProxy() {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const target = new URL(request.url ?? "");
    const outgoing = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(outgoing);
  });
  server.on("connect", (request, client) => {
    seen.push(`CONNECT ${request.url}`);
    const [host, port] = (request.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let proxy: Awaited<ReturnType<typeof startForwardProxy>>;
let explorer: ScriptedServer;
const saved = { ...process.env };
const ok = { status: "1", message: "OK", result: "[]" };
const getAbi = getAbiRequest;

beforeAll(async () => {
  proxy = await startForwardProxy();
  explorer = await startScriptedServer(jsonAnswer(200, ok));
});

afterAll(async () => {
  proxy.server.closeAllConnections();
  await new Promise((resolve) => proxy.server.close(resolve));
  await explorer.close();
});

afterEach(() => {
  for (const name of ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  proxy.seen.length = 0;
});

const transport = () =>
  new Transport({ explorerUrl: explorer.url, rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY) });

describe("proxies from the environment", () => {
  it("sends every request through HTTP_PROXY", async () => {
    process.env.HTTP_PROXY = proxy.url;
    const answer = await transport().send(getAbi);
    expect(answer.json).toEqual(ok);
    expect(proxy.seen).toEqual([`GET ${explorer.url}/api?module=contract&action=getabi`]);
  });

  it("sends none through the proxy when NO_PROXY lists the host", async () => {
    process.env.http_proxy = proxy.url;
    process.env.no_proxy = "example.org, 127.0.0.1";
    await transport().send(getAbi);
    expect(proxy.seen).toEqual([]);
  });

  it("opens a CONNECT tunnel to the explorer's host and port", async () => {
    const target = new URL(explorer.url);
    const socket = await openTunnel(new URL(proxy.url), target);
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on("end", () => resolve(text));
      socket.write(`GET /api HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\n\r\n`);
    });
    expect(answer).toContain(JSON.stringify(ok));
    expect(proxy.seen).toEqual([`CONNECT ${target.host}`]);
  });

  it("says the proxy refused the credentials when it answers 407, not that the explorer answered text", async () => {
    const refusing = createServer((request, response) => {
      request.resume();
      response
        .writeHead(407, { "content-type": "text/plain", "proxy-authenticate": 'Basic realm="corp"' })
        .end("Proxy Authentication Required");
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    try {
      process.env.HTTP_PROXY = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      const error = await transport()
        .send(getAbi)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: "http_error",
        status: 407,
        shortMessage:
          "The proxy refused the credentials (HTTP 407 Proxy Authentication Required): check the user and password in HTTPS_PROXY / HTTP_PROXY.",
      });
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("reads the variables as curl does: lower case first, the scheme's own, NO_PROXY suffixes and ports", () => {
    const env = {
      HTTPS_PROXY: "http://upper:1",
      https_proxy: "proxy.internal:3128",
      HTTP_PROXY: "http://h:2",
    };
    expect(proxyFor(new URL("https://eth.blockscout.com"), env)?.href).toBe("http://proxy.internal:3128/");
    expect(proxyFor(new URL("http://eth.blockscout.com"), env)?.href).toBe("http://h:2/");
    expect(
      proxyFor(new URL("https://eth.blockscout.com"), { ...env, NO_PROXY: ".blockscout.com" }),
    ).toBeUndefined();
    expect(
      proxyFor(new URL("https://eth.blockscout.com"), { ...env, NO_PROXY: "blockscout.com:80" })?.host,
    ).toBe("proxy.internal:3128");
    expect(proxyFor(new URL("https://a.example"), { ...env, no_proxy: "*" })).toBeUndefined();
  });
});
