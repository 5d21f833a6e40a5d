import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** A request a stand-in received. */
export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface StandIn {
  /** `http://127.0.0.1:PORT` */
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function listen(server: Server, seen: SeenRequest[]): Promise<StandIn> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function record(seen: SeenRequest[], request: IncomingMessage): void {
  seen.push({ method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers } });
}

/**
 * Stands in for Blockscout's published list of instances (`chains.blockscout.com/api/chains`).
 * @param body - what it answers, as text
 * @returns the running stand-in
 */
export async function startChainListStandIn(body: string): Promise<StandIn> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    record(seen, request);
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  return listen(server, seen);
}

/**
 * What the Blockscout API answers by itself (shared/deploy-tools.md §5): x402's 402 for a call without a key, and its
 * `{error, source}` envelope. The stand-in's side of these texts, each once.
 */
export const blockscoutApiAnswers = {
  paymentRequired: {
    status: 402,
    body: { error: "Proceed with API key or make a X402 payment to continue" },
    // Base64 of the payment terms (network, asset, payTo, amount); never read by the client.
    headers: { "payment-required": "eyJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMifQ==" },
  },
  networkNotSupported: { status: 404, body: { error: "Network not supported", source: "internal" } },
  notImplemented: { status: 501, body: { error: "Not implemented", source: "upstream" } },
  upstreamUnavailable: {
    status: 503,
    body: { error: "Upstream service temporarily unavailable", source: "upstream" },
  },
  gatewayTimeout: { status: 504, body: { error: "Gateway timeout", source: "upstream" } },
} as const;

/** One answer the Blockscout API gives by itself. */
export interface BlockscoutApiAnswer {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** The Blockscout API stand-in: answers it gives by itself can be queued for the next requests. */
export interface BlockscoutApiStandIn extends StandIn {
  /** Queues answers for the next requests, one each, given before the key or the chain is looked at. */
  next(...answers: BlockscoutApiAnswer[]): void;
}

function answerWith(response: ServerResponse, answer: BlockscoutApiAnswer): void {
  response
    .writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
    .end(JSON.stringify(answer.body));
}

/**
 * Stands in for the Blockscout API (`api.blockscout.com/{chainId}/api`): checks the `Authorization: Bearer` key
 * and the chain, then hands the request to a chain's explorer with the `/{chainId}` prefix removed, as the real
 * API hands it to the chain's instance. Without the key it answers 402, as the real one does; for a chain it does not
 * serve, `404 Network not supported`.
 * @param key - the key it accepts
 * @param explorers - chain id to the explorer that serves it
 * @returns the running stand-in
 */
export async function startBlockscoutApiStandIn(
  key: string,
  explorers: Record<number, string>,
): Promise<BlockscoutApiStandIn> {
  const seen: SeenRequest[] = [];
  const queued: BlockscoutApiAnswer[] = [];
  const server = createServer((request, response) => {
    record(seen, request);
    const scripted = queued.shift();
    if (scripted) {
      answerWith(response, scripted);
      return;
    }
    const match = /^\/(\d+)(\/api(?:[/?].*)?)$/.exec(request.url ?? "");
    const target = match ? explorers[Number(match[1])] : undefined;
    if (!match || !target) {
      answerWith(response, blockscoutApiAnswers.networkNotSupported);
      return;
    }
    if (request.headers.authorization !== `Bearer ${key}`) {
      answerWith(response, blockscoutApiAnswers.paymentRequired);
      return;
    }
    const headers = { ...request.headers };
    delete headers.authorization;
    delete headers.host;
    const upstream = httpRequest(`${target}${match[2]}`, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  return { ...(await listen(server, seen)), next: (...answers) => queued.push(...answers) };
}

/**
 * A loopback URL where nothing listens.
 * @returns the URL of a port just closed
 */
export async function closedLoopbackUrl(): Promise<string> {
  const server = createServer();
  const standIn = await listen(server, []);
  await standIn.close();
  return standIn.url;
}
