import type { ServerResponse } from "node:http";
import type { ReceivedRequest, RequestInterceptor } from "../../src/local-explorer/httpServer.js";
import { restRateLimited, rpcRateLimited, somethingWentWrong } from "../../src/local-explorer/responses.js";

/** One fault, applied to one request. */
export type Fault =
  | { kind: "latency"; ms: number }
  | { kind: "rate-limit"; resetMs: number; retryAfterSeconds?: number }
  | { kind: "status"; status: number; body: string; contentType: string; headers?: Record<string, string> }
  | { kind: "html"; status: number }
  /** Blockscout's own 500: the RPC envelope `Something went wrong.`; a JSON message under `/api/v2`. */
  | { kind: "server-error" }
  | { kind: "malformed-json" }
  | { kind: "reset" }
  | { kind: "hang" };

/** Per-request probabilities for soak runs; each draws once per request. */
export interface FaultRates {
  serverError?: number;
  rateLimit?: number;
  reset?: number;
  html?: number;
}

const htmlPage =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>";

/** Faults for the next requests (in order), a latency for all, or random faults at given rates. */
export class FaultInjector {
  readonly #queue: Fault[] = [];
  /** Added before every answer. */
  latencyMs = 0;
  rates: FaultRates = {};
  /** A seeded generator, so soak runs repeat. */
  random: () => number = Math.random;
  /** Only requests this predicate accepts get queued faults; default all. */
  applies: (request: ReceivedRequest) => boolean = () => true;
  /** How many faults were applied, by kind. */
  readonly applied: Record<string, number> = {};

  /** Drops queued faults and settings, for the next test. */
  reset(): void {
    this.#queue.length = 0;
    this.latencyMs = 0;
    this.rates = {};
    this.random = Math.random;
    this.applies = () => true;
    for (const kind of Object.keys(this.applied)) delete this.applied[kind];
  }

  /**
   * Queues faults for the next requests, one each.
   * @param faults - in order
   * @returns this
   */
  next(...faults: Fault[]): this {
    this.#queue.push(...faults);
    return this;
  }

  readonly interceptor: RequestInterceptor = async (request, response) => {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const fault = this.applies(request) ? (this.#queue.shift() ?? this.#draw()) : undefined;
    if (!fault) return false;
    this.applied[fault.kind] = (this.applied[fault.kind] ?? 0) + 1;
    return apply(fault, request, response);
  };

  #draw(): Fault | undefined {
    const { serverError = 0, rateLimit = 0, reset = 0, html = 0 } = this.rates;
    const roll = this.random();
    let edge = serverError;
    if (roll < edge) return { kind: "server-error" };
    edge += rateLimit;
    if (roll < edge) return { kind: "rate-limit", resetMs: 20 };
    edge += reset;
    if (roll < edge) return { kind: "reset" };
    edge += html;
    if (roll < edge) return { kind: "html", status: 502 };
    return undefined;
  }
}

async function apply(fault: Fault, request: ReceivedRequest, response: ServerResponse): Promise<boolean> {
  switch (fault.kind) {
    case "latency":
      await sleep(fault.ms);
      return false;
    case "rate-limit": {
      const reply = request.path.startsWith("/api/v2")
        ? restRateLimited(fault.resetMs)
        : rpcRateLimited(fault.resetMs);
      const body = JSON.stringify(reply.body);
      response.writeHead(429, {
        "content-type": "application/json; charset=utf-8",
        ...reply.headers,
        ...(fault.retryAfterSeconds === undefined ? {} : { "retry-after": String(fault.retryAfterSeconds) }),
      });
      response.end(body);
      return true;
    }
    case "status":
      response.writeHead(fault.status, { "content-type": fault.contentType, ...fault.headers });
      response.end(fault.body);
      return true;
    case "server-error": {
      const body = request.path.startsWith("/api/v2")
        ? { message: "Internal server error" }
        : somethingWentWrong().body;
      response.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(body));
      return true;
    }
    case "html":
      response.writeHead(fault.status, { "content-type": "text/html" });
      response.end(htmlPage);
      return true;
    case "malformed-json":
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"status":"1","message":"OK","result":[');
      return true;
    case "reset":
      response.socket?.resetAndDestroy();
      return true;
    case "hang":
      return true;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
