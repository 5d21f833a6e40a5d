// A reverse proxy on 127.0.0.1 that passes every request to an explorer unchanged and keeps what was asked: what a
// third-party client (forge) sends, seen from the explorer's side.
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the client sent it. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  /** The request's headers as they arrived. */
  headers: IncomingHttpHeaders;
  /** The body as sent, as text. */
  rawBody: string;
  /** Form or JSON body fields (form fields as strings); empty for other bodies. */
  body: Record<string, unknown>;
  /** The HTTP status the explorer answered. */
  status: number;
}

/** A running proxy. */
export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`, standing for the explorer. */
  url: string;
  /** Every request passed on so far, in the order they were answered. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a proxy in front of an explorer.
 * @param target - the explorer's `http://127.0.0.1:PORT`
 * @returns the proxy
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(incoming.url ?? "/", target);
      const contentType = incoming.headers["content-type"];
      const sent = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          requests.push({
            method: incoming.method ?? "",
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            contentType,
            headers: incoming.headers,
            rawBody: raw.toString("utf8"),
            body: parseBody(contentType, raw),
            status: answer.statusCode ?? 0,
          });
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      sent.on("error", () => outgoing.destroy());
      sent.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(contentType: string | undefined, raw: Buffer): Record<string, unknown> {
  const text = raw.toString("utf8");
  if (contentType?.startsWith("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(text));
  if (contentType?.startsWith("application/json")) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return {};
}
