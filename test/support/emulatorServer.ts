import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ReceivedRequest, RequestInterceptor } from "../../src/local-explorer/httpServer.js";

/** What an emulator answers: a JSON body (or a text), a status and headers. */
export interface EmulatorReply {
  status: number;
  body: unknown;
  /** Sent as it is, not as JSON (Etherscan's `Page not found`). */
  text?: string;
  headers?: Record<string, string>;
}

/** A running emulator's HTTP face. */
export interface EmulatorServer {
  url: string;
  /** Every request received, in order, as parsed. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Serves an emulated verification service on 127.0.0.1 (ephemeral port): parses each request like the local
 * explorer's server does (query, JSON, form and multipart bodies), records it, lets an interceptor (the fault
 * injector) answer first, then asks the handler.
 * @param handle - answers a parsed request
 * @param interceptor - runs first; true when it answered
 * @returns the server
 */
export async function startEmulatorServer(
  handle: (request: ReceivedRequest) => Promise<EmulatorReply>,
  interceptor?: RequestInterceptor,
): Promise<EmulatorServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    serve(req, res).catch((cause: unknown) => {
      console.error("emulator: internal error:", cause);
      if (!res.headersSent) write(res, { status: 500, body: { message: String(cause) } });
      else res.destroy();
    });
  });
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await parse(req);
    requests.push(request);
    if (await interceptor?.(request, res)) return;
    write(res, await handle(request));
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function write(res: ServerResponse, reply: EmulatorReply): void {
  const text = reply.text ?? JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "content-type": reply.text === undefined ? "application/json; charset=utf-8" : "text/plain",
    "content-length": Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

async function parse(req: IncomingMessage): Promise<ReceivedRequest> {
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const request: ReceivedRequest = {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    bodyFormat: "none",
    body: {},
    files: [],
    rawBody: raw.toString("utf8"),
  };
  if (raw.length === 0) return request;
  const type = (headers["content-type"] ?? "").toLowerCase();
  try {
    if (type.includes("application/json")) {
      request.bodyFormat = "json";
      request.body = JSON.parse(request.rawBody) as Record<string, unknown>;
    } else if (type.includes("application/x-www-form-urlencoded")) {
      request.bodyFormat = "urlencoded";
      request.body = Object.fromEntries(new URLSearchParams(request.rawBody));
    } else if (type.includes("multipart/form-data")) {
      request.bodyFormat = "multipart";
      const form = await new Request("http://emulator.invalid/", {
        method: "POST",
        headers: { "content-type": headers["content-type"] ?? "" },
        body: raw,
      }).formData();
      for (const [field, value] of form.entries()) {
        if (typeof value === "string") request.body[field] = value;
      }
    } else request.bodyFormat = "other";
  } catch {
    request.bodyFormat = "other";
  }
  return request;
}
