import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "@jest/globals";
import { fetchThroughDispatcher, sendHttpRequest } from "../../../src/kernel/httpRequest.js";

// A proxy that closes every CONNECT without a word: undici asks it again and again and does not heed the signal,
// so the request's own deadline must end the wait, and the attempts must stop.
let connects = 0;
const proxy = createServer((_request, response) => response.end());
proxy.on("connect", (_request, socket) => {
  connects += 1;
  socket.destroy();
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const saved = process.env.HTTPS_PROXY;
process.env.HTTPS_PROXY = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

afterAll(async () => {
  if (saved === undefined) delete process.env.HTTPS_PROXY;
  else process.env.HTTPS_PROXY = saved;
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

describe("a proxy that drops every tunnel", () => {
  it("ends a request at its deadline, and the tunnel attempts stop a few seconds later", async () => {
    const started = Date.now();
    const sent = sendHttpRequest(new URL("https://explorer.example/api"), {
      method: "GET",
      headers: {},
      signal: AbortSignal.timeout(300),
      maxBodyBytes: 1024,
    });
    await expect(sent).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(connects).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const after = connects;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connects).toBe(after);
  }, 20_000);

  it("ends a JSON-RPC call through it at the call's deadline too, and its tunnel attempts stop", async () => {
    const started = Date.now();
    const sent = fetchThroughDispatcher("https://rpc.example/", {
      method: "POST",
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      signal: AbortSignal.timeout(300),
    });
    await expect(sent).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(3_000);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const after = connects;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connects).toBe(after);
  }, 20_000);
});
