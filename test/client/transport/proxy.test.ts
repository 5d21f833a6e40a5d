import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, connect } from "node:net";
import { getCACertificates, setDefaultCACertificates } from "node:tls";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { proxySettings } from "../../../src/kernel/httpRequest.js";
import {
  getAbiRequest,
  jsonAnswer,
  type ScriptedServer,
  startScriptedServer,
} from "../../support/scriptedServer.js";
import { VirtualClock } from "../../support/virtualClock.js";

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

let httpsExplorer: Awaited<ReturnType<typeof startHttpsExplorer>>;
const defaultCertificates = getCACertificates("default");

beforeAll(async () => {
  setDefaultCACertificates([...defaultCertificates, readFileSync(new URL("loopback.crt", tls), "utf8")]);
  proxy = await startForwardProxy();
  explorer = await startScriptedServer(jsonAnswer(200, ok));
  httpsExplorer = await startHttpsExplorer();
});

afterAll(async () => {
  setDefaultCACertificates(defaultCertificates);
  proxy.server.closeAllConnections();
  await new Promise((resolve) => proxy.server.close(resolve));
  await explorer.close();
  await httpsExplorer.close();
});

afterEach(() => {
  for (const name of ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  proxy.seen.length = 0;
});

// A refused tunnel is retried, after the transport's waits: on a clock of the test's own, they take no time.
const transport = (explorerUrl = explorer.url) => {
  const clock = new VirtualClock();
  return new Transport({
    explorerUrl,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock }),
    clock,
  });
};

// An https explorer on 127.0.0.1 with the tests' own certificate, trusted by this process as a corporate CA would
// be: it counts the TLS connections it is given.
const tls = new URL("../../fixtures/tls/", import.meta.url);
async function startHttpsExplorer() {
  const server = createHttpsServer(
    { key: readFileSync(new URL("loopback.key", tls)), cert: readFileSync(new URL("loopback.crt", tls)) },
    (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ok));
    },
  );
  const connections = { count: 0 };
  server.on("secureConnection", () => connections.count++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

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

  it("reaches an https explorer through one CONNECT tunnel, kept and reused: 29 requests, 1 tunnel, 1 TLS handshake", async () => {
    process.env.HTTPS_PROXY = proxy.url;
    const client = transport(httpsExplorer.url);
    const handshakesBefore = httpsExplorer.connections.count;
    for (let i = 0; i < 29; i++) expect((await client.send(getAbi)).json).toEqual(ok);
    expect(proxy.seen).toEqual([`CONNECT ${new URL(httpsExplorer.url).host}`]);
    expect(httpsExplorer.connections.count - handshakesBefore).toBe(1);
  });

  it("opens no more tunnels than requests under way at once", async () => {
    process.env.https_proxy = proxy.url.replace("http://", "");
    const client = transport(httpsExplorer.url);
    for (let round = 0; round < 6; round++) {
      await Promise.all(Array.from({ length: 4 }, () => client.send(getAbi)));
    }
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.length).toBeLessThanOrEqual(4);
    expect(new Set(proxy.seen)).toEqual(new Set([`CONNECT ${new URL(httpsExplorer.url).host}`]));
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
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("says the proxy refused the credentials when it answers a CONNECT with 407, and names a proxy that refuses the tunnel", async () => {
    let refuseWith = 407;
    const refusing = createServer();
    refusing.on("connect", (_request, socket) => {
      socket.end(
        refuseWith === 407
          ? 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n'
          : "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
      );
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    try {
      const proxyHost = `127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      process.env.HTTPS_PROXY = `http://user:secret@${proxyHost}`;
      const error = await transport(httpsExplorer.url)
        .send(getAbi)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: "http_error",
        status: 407,
        shortMessage:
          "The proxy refused the credentials (HTTP 407 Proxy Authentication Required): check the user and password in HTTPS_PROXY / HTTP_PROXY.",
      });
      expect(JSON.stringify(error)).not.toContain("secret");
      refuseWith = 403;
      process.env.HTTPS_PROXY = `http://${proxyHost}`;
      const refused = await transport(httpsExplorer.url)
        .send(getAbi)
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: "network_error",
        shortMessage: `Could not reach 127.0.0.1:${new URL(httpsExplorer.url).port}: the proxy ${proxyHost} refused the tunnel (HTTP 403).`,
      });
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("reads the variables as curl does: lower case first, the scheme's own, a bare host:port as http", () => {
    const env = {
      HTTPS_PROXY: "http://upper:1",
      https_proxy: "proxy.internal:3128",
      HTTP_PROXY: "http://h:2",
    };
    expect(proxySettings(env)).toEqual({
      httpsProxy: "http://proxy.internal:3128",
      httpProxy: "http://h:2",
    });
    expect(proxySettings({ NO_PROXY: "*" })).toBeUndefined();
  });

  it("follows NO_PROXY's host names and ports", async () => {
    process.env.HTTP_PROXY = proxy.url;
    const port = new URL(explorer.url).port;
    const byName = explorer.url.replace("127.0.0.1", "localhost");
    process.env.NO_PROXY = `localhost:${Number(port) + 1}`;
    await transport(byName).send(getAbi);
    expect(proxy.seen).toEqual([`GET ${byName}/api?module=contract&action=getabi`]);
    proxy.seen.length = 0;
    process.env.NO_PROXY = `.example.org,localhost:${port}`;
    await transport(byName).send(getAbi);
    expect(proxy.seen).toEqual([]);
  });
});
