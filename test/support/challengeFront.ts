// A bot challenge in front of an explorer, on 127.0.0.1, as hosted Blockscout instances answer tools behind
// Cloudflare (blockscout-api.md §22): HTTP 403, `text/html`, `cf-mitigated: challenge`, a page titled
// "Just a moment...", to every request whose User-Agent is not a browser's; a browser's is passed on to the explorer.
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the front saw it. */
export interface ChallengedRequest {
  method: string;
  /** The path and query. */
  url: string;
  userAgent: string;
  /** The request was passed on to the explorer (a browser-like User-Agent). */
  passed: boolean;
}

/** A running challenge front. */
export interface ChallengeFront {
  /** `http://127.0.0.1:PORT`, standing for the explorer. */
  url: string;
  /** Every request, in the order they arrived. */
  requests: ChallengedRequest[];
  close(): Promise<void>;
}

/** What the front answers with, and how: `header` sends `cf-mitigated: challenge`, `page` only the page. */
export type ChallengeStyle = { status: 403 | 503; header: boolean };

/** The challenge page, as Cloudflare serves it (shortened). */
export const challengePage =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="360"></head><body><noscript>Enable JavaScript and cookies to continue</noscript></body></html>';

/**
 * Starts a challenge front before an explorer.
 * @param target - the explorer's `http://127.0.0.1:PORT` that browser-like requests reach
 * @param style - the challenge's status and whether it carries the header (default 403 with it)
 * @returns the front
 */
export async function startChallengeFront(
  target: string,
  style: ChallengeStyle = { status: 403, header: true },
): Promise<ChallengeFront> {
  const upstream = new URL(target);
  const requests: ChallengedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const userAgent = incoming.headers["user-agent"] ?? "";
    const passed = userAgent.startsWith("Mozilla/5.0");
    requests.push({ method: incoming.method ?? "", url: incoming.url ?? "", userAgent, passed });
    if (!passed) {
      incoming.resume();
      outgoing.writeHead(style.status, {
        "content-type": "text/html; charset=UTF-8",
        server: "cloudflare",
        "cache-control": "private, max-age=0, no-store, no-cache, must-revalidate",
        ...(style.header ? { "cf-mitigated": "challenge" } : {}),
      });
      outgoing.end(challengePage);
      return;
    }
    const sent = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    sent.on("error", () => outgoing.destroy());
    incoming.pipe(sent);
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
