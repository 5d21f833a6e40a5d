// A proxy on 127.0.0.1 that answers nothing: given to a child process as its HTTP(S) proxy (with loopback
// exempted), it catches every attempt to reach the internet, so a test can say there was none.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A running trap. */
export interface InternetTrap {
  /** The variables that send a child's outside requests here (HTTP_PROXY, HTTPS_PROXY, ALL_PROXY, NO_PROXY…). */
  env: Record<string, string>;
  /** What was asked: `CONNECT host:port` for HTTPS, `GET http://…` for plain HTTP. */
  attempts: string[];
  close(): Promise<void>;
}

/**
 * Starts a trap.
 * @returns the trap
 */
export async function startInternetTrap(): Promise<InternetTrap> {
  const attempts: string[] = [];
  const server = createServer((request, response) => {
    attempts.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(502).end();
  });
  server.on("connect", (request, socket) => {
    attempts.push(`CONNECT ${request.url}`);
    socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const loopback = "127.0.0.1,localhost,::1";
  return {
    env: {
      HTTP_PROXY: url,
      HTTPS_PROXY: url,
      ALL_PROXY: url,
      http_proxy: url,
      https_proxy: url,
      all_proxy: url,
      NO_PROXY: loopback,
      no_proxy: loopback,
      // Node's own fetch follows these variables only when asked to.
      NODE_USE_ENV_PROXY: "1",
    },
    attempts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
