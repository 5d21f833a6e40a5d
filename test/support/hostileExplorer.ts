import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { keySpellings } from "./keySpellings.js";
import { startTestExplorer, type TestExplorer } from "./testExplorer.js";

/** A request as the hostile explorer received it, body and all. */
export interface HostileRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The contract-module action, from the query or the body; undefined for REST. */
  action: string | undefined;
}

/** What the explorer does with one request: answer it itself, or pass it on with extra headers on the answer. */
export type HostileMove =
  | { answer: (request: HostileRequest, response: ServerResponse) => void }
  | { forwardWith: Record<string, string> };

/** Picks the move for a request; undefined passes it on unchanged. */
export type Scenario = (request: HostileRequest) => HostileMove | undefined;

export interface HostileExplorer {
  url: string;
  /** The well-behaved explorer requests are passed on to. */
  inner: TestExplorer;
  /** Every request received, in order, with its raw body. */
  requests: HostileRequest[];
  scenario: Scenario | undefined;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts an explorer on 127.0.0.1 that misbehaves as its scenario says (the probes of the hardening issue) and
 * otherwise passes requests on to a scripted test explorer.
 * @returns the running explorer
 */
export async function startHostileExplorer(): Promise<HostileExplorer> {
  const inner = await startTestExplorer();
  const requests: HostileRequest[] = [];
  const explorer: HostileExplorer = {
    url: "",
    inner,
    requests,
    scenario: undefined,
    reset: () => {
      inner.reset();
      requests.length = 0;
      explorer.scenario = undefined;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await inner.close();
    },
  };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      const received: HostileRequest = {
        method: incoming.method ?? "GET",
        url: incoming.url ?? "/",
        headers: incoming.headers,
        body,
        action: actionOf(incoming, body),
      };
      requests.push(received);
      const move = explorer.scenario?.(received);
      if (move && "answer" in move) move.answer(received, response);
      else forward(inner.url, received, response, move?.forwardWith ?? {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  explorer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return explorer;
}

function actionOf(incoming: IncomingMessage, body: Buffer): string | undefined {
  const query = new URL(incoming.url ?? "/", "http://x").searchParams.get("action");
  if (query) return query;
  const text = body.toString("utf8");
  return (
    /name="action"\r\n\r\n([\w-]+)/.exec(text)?.[1] ??
    /(?:^|&)action=([\w-]+)/.exec(text)?.[1] ??
    /"action"\s*:\s*"([\w-]+)"/.exec(text)?.[1]
  );
}

function forward(
  target: string,
  received: HostileRequest,
  response: ServerResponse,
  extraHeaders: Record<string, string>,
): void {
  const { host: _host, ...headers } = received.headers;
  const outgoing = httpRequest(
    new URL(received.url, target),
    { method: received.method, headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...extraHeaders });
      answer.pipe(response);
    },
  );
  outgoing.on("error", () => response.destroy());
  outgoing.end(received.body);
}

/**
 * A JSON answer.
 * @param status - HTTP status
 * @param body - the JSON value
 * @param headers - more headers
 * @returns the move
 */
export function answerJson(status: number, body: unknown, headers: Record<string, string> = {}): HostileMove {
  return {
    answer: (_request, response) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    },
  };
}

/** Probes of the hardening issue, each a scenario. */
export const probes = {
  /** Every request answered 429 with these headers (`x-ratelimit-reset: 1e12`, `Retry-After: 3000`…). */
  rateLimited:
    (headers: Record<string, string>): Scenario =>
    () =>
      answerJson(429, { message: "Too many requests" }, headers),
  /** Answers pass, but each states a used-up quota whose window resets in `resetMs`. */
  quotaUsedUp:
    (resetMs: number): Scenario =>
    () => ({
      forwardWith: {
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(resetMs),
      },
    }),
  /** Every request answered with a JSON body of `bytes` bytes. */
  hugeBody:
    (bytes: number): Scenario =>
    () => ({
      answer: (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(`{"status":"1","message":"OK","result":"${"x".repeat(bytes)}"}`);
      },
    }),
  /** A submission refused with this text (newlines, workflow commands, escapes, markdown, HTML…). */
  refusesSubmissionWith:
    (text: string): Scenario =>
    (request) =>
      request.action && /^verify/.test(request.action) && !/status|proxy/.test(request.action)
        ? answerJson(200, { status: "0", message: "NOTOK", result: text })
        : undefined,
  /** Every request answered with the key it carried echoed in every spelling. */
  echoesKey: (): Scenario => (request) => {
    const key = String(request.headers["x-api-key"] ?? "");
    const echo = Object.values(keySpellings(key)).join(" ");
    return answerJson(200, { status: "0", message: "NOTOK", result: `Invalid API key ${echo}` });
  },
};
