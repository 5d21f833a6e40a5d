import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "@jest/globals";

/** How the server answers one request. */
export type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A running scripted server. */
export interface ScriptedServer {
  url: string;
  seen: { requests: number };
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (port 0) that answers each request with the next scripted answer, the last one
 * repeating, and counts the requests.
 * @param answers - in order
 * @returns the server
 */
export async function startScriptedServer(...answers: Answer[]): Promise<ScriptedServer> {
  const seen = { requests: 0 };
  const server: Server = createServer((request, response) => {
    const answer = answers[Math.min(seen.requests, answers.length - 1)];
    seen.requests++;
    answer?.(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A JSON answer.
 * @param status - HTTP status
 * @param body - serialised with JSON.stringify
 * @param headers - extra headers
 * @returns the answer
 */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
}

/**
 * A JSON-typed body that never ends: chunks of spaces as fast as the client reads them, until it hangs up.
 * @returns the answer
 */
export function endlessBody(): Answer {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1_024, " ");
    const pump = (): void => {
      while (!response.destroyed && response.write(chunk)) {}
      if (!response.destroyed) response.once("drain", pump);
    };
    response.on("close", () => response.removeAllListeners("drain"));
    pump();
  };
}

/**
 * A body that trickles: one byte every `intervalMs`, forever.
 * @param intervalMs - between bytes
 * @returns the answer
 */
export function tricklingBody(intervalMs: number): Answer {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => response.write(" "), intervalMs);
    response.on("close", () => clearInterval(timer));
  };
}

/** A `getabi` read as the transport sends it: the request most transport tests make. */
export const getAbiRequest = {
  api: "rpc",
  query: { module: "contract", action: "getabi" },
  method: "GET",
  kind: "read",
} as const;

/**
 * Scripted servers for one test file, each closed after the test that started it.
 * @returns a function that starts a server answering with the given answers in turn
 */
export function useScriptedServers(): (...answers: Answer[]) => Promise<ScriptedServer> {
  const servers: ScriptedServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (...answers) => {
    const server = await startScriptedServer(...answers);
    servers.push(server);
    return server;
  };
}
