import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ChainError } from "../errors/index.js";
import { isPlainObject } from "../kernel/jsonValues.js";
import type { ContractModule } from "./contractModule.js";
import { type PageHandler, writePage } from "./pages/explorerPages.js";
import type { ProApiGate } from "./proApiGate.js";
import { type RateLimitSettings, RateLimitWindow } from "./rateLimitWindow.js";
import {
  error,
  type Reply,
  rateLimitHeaders,
  restNotFound,
  restRateLimited,
  restUnknownAction,
  rpcRateLimited,
  texts,
} from "./responses.js";
import type { RpcParams, UploadedFile } from "./rpcParams.js";

/** A request as the explorer understood it. */
export interface ReceivedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  bodyFormat: "none" | "json" | "urlencoded" | "multipart" | "other";
  /** Body fields: JSON values as sent, form fields as strings. */
  body: Record<string, unknown>;
  files: UploadedFile[];
  /** The raw body, as text. */
  rawBody: string;
}

/** Answers the REST API (`/api/v2/...`): the path after `/api/v2` and the query. */
export type RestHandler = (path: string, query: Record<string, string>) => Promise<Reply>;

/**
 * Runs before the explorer answers; returns true when it has answered (or dropped) the request itself.
 * Tests use it for faults: latency, 429s, HTML pages, resets.
 */
export type RequestInterceptor = (request: ReceivedRequest, response: ServerResponse) => Promise<boolean>;

export interface ExplorerHttpServerOptions {
  contractModule: ContractModule;
  rest?: RestHandler;
  /** The human pages (`/`, `/address/…`, `/tx/…`), asked first for GET and HEAD requests. */
  pages?: PageHandler;
  interceptor?: RequestInterceptor;
  /** Told of every request as the explorer parsed it, headers and raw body included, before it is answered. */
  onRequest?: (request: ReceivedRequest) => void;
  /** Body size limit in bytes; Blockscout's is 20,000,000. */
  maxBodyBytes?: number;
  /**
   * A Blockscout-like quota on `/api` requests (e.g. its per-IP default, 300 a minute), answered 429 beyond; none by
   * default (the headers then say -1).
   */
  rateLimit?: RateLimitSettings;
  /** The clock the quota's windows are counted on. Default `Date.now`. */
  now?: () => number;
  /** The Blockscout API's face under `/{chainId}/api`, in front of the explorer; none by default. */
  proApi?: ProApiGate;
}

const rpcPath = /^\/+api(?:\/v1)?\/?$/;
/** The API's paths: the RPC module's, and anything under `/api/` (or `//api/`). */
const apiPath = /^\/+api(?:\/|$)/;

/** The explorer's HTTP face: parses requests like Phoenix would and routes them to the contract module or REST. */
export class ExplorerHttpServer {
  readonly #options: ExplorerHttpServerOptions;
  readonly #server: Server;
  readonly #quota: RateLimitWindow | undefined;

  constructor(options: ExplorerHttpServerOptions) {
    this.#options = options;
    this.#quota = options.rateLimit ? new RateLimitWindow(options.rateLimit) : undefined;
    this.#server = createServer((req, res) => {
      this.#serve(req, res).catch((cause: unknown) => {
        if (!res.headersSent) writeReply(res, somethingBroke(cause));
        else res.destroy();
      });
    });
  }

  /**
   * Starts listening.
   * @param port - 0 for an ephemeral port
   * @param host - the interface; loopback by default
   * @returns the explorer's base URL, e.g. `http://127.0.0.1:41234`
   */
  async listen(port = 0, host = "127.0.0.1"): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(port, host, () => resolve());
    });
    const { port: actual } = this.#server.address() as AddressInfo;
    return `http://${host}:${actual}`;
  }

  /** Stops listening and drops open connections. */
  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? "/";
    // A path that starts with `//` (`//api`) is a path, not another host: one slash is what Blockscout routes.
    const url = new URL(target.replace(/^\/{2,}/, "/"), "http://explorer.invalid");
    const raw = await readBody(req, this.#options.maxBodyBytes ?? 20_000_000);
    const request: ReceivedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flatten(req.headers),
      bodyFormat: "none",
      body: {},
      files: [],
      rawBody: raw === undefined ? "" : raw.toString("utf8"),
    };
    const badBody =
      raw !== undefined &&
      (await parseBody(request, raw).then(
        () => false,
        () => true,
      ));
    this.#options.onRequest?.(request);
    if (raw === undefined) return writeReply(res, { status: 413, body: "Request Entity Too Large" });
    if (await this.#options.interceptor?.(request, res)) return;
    if (badBody) return writeReply(res, { status: 400, body: "Bad request" });
    const gate = this.#options.proApi?.admit(request.path, request.query, request.headers);
    if (gate?.kind === "answered") return writeReply(res, gate.reply);
    if (gate?.kind === "forwarded") request.path = gate.path;
    const page =
      this.#options.pages && (request.method === "GET" || request.method === "HEAD")
        ? await this.#options.pages({ path: request.path, query: request.query, host: request.headers.host })
        : undefined;
    if (page) return writePage(res, page, request.method);
    const reply = await this.#route(request);
    writeReply(
      res,
      gate?.kind === "forwarded" ? { ...reply, headers: { ...reply.headers, ...gate.headers } } : reply,
    );
  }

  async #route(request: ReceivedRequest): Promise<Reply> {
    const { path } = request;
    const isRest = path.startsWith("/api/v2/") || path === "/api/v2";
    if (!isRest && !apiPath.test(path)) {
      return restNotFound();
    }
    const quota = this.#quota?.take(this.#options.now?.());
    if (quota && !quota.allowed) {
      const reply = isRest ? restRateLimited(0) : rpcRateLimited(0);
      return { ...reply, headers: quota.headers };
    }
    const headers = quota?.headers ?? rateLimitHeaders(-1, -1, -1);
    const reply = isRest
      ? await (this.#options.rest?.(path.slice("/api/v2".length), request.query) ?? restUnknownAction())
      : rpcPath.test(path)
        ? await this.#rpc(request)
        : error(texts.notFound, { httpStatus: 404 });
    return { ...reply, headers: { ...headers, ...reply.headers } };
  }

  async #rpc(request: ReceivedRequest): Promise<Reply> {
    const params: RpcParams = { ...request.query, ...request.body };
    const module = typeof params.module === "string" ? params.module.toLowerCase() : undefined;
    const action = typeof params.action === "string" ? params.action.toLowerCase() : undefined;
    if (!module || !action) return error(texts.moduleAndActionRequired, { httpStatus: 400 });
    if (module !== "contract") return error(texts.unknownModule, { httpStatus: 400 });
    return this.#options.contractModule.handle(action, params, request.files);
  }
}

function somethingBroke(cause: unknown): Reply {
  // A chain that fails a read is the chain's failure, said in one line: a stack trace is for this server's own faults.
  if (cause instanceof ChainError) console.error(`explorer: could not read the chain: ${cause.message}`);
  else console.error("explorer: internal error:", cause);
  return error(texts.somethingWentWrong, { httpStatus: 500 });
}

function writeReply(res: ServerResponse, reply: Reply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

async function parseBody(request: ReceivedRequest, raw: Buffer): Promise<void> {
  if (raw.length === 0) return;
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  if (type.includes("application/json")) {
    request.bodyFormat = "json";
    const value: unknown = JSON.parse(raw.toString("utf8"));
    if (isPlainObject(value)) request.body = value;
  } else if (type.includes("application/x-www-form-urlencoded")) {
    request.bodyFormat = "urlencoded";
    request.body = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  } else if (type.includes("multipart/form-data")) {
    request.bodyFormat = "multipart";
    const form = await new Response(raw, {
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
    for (const [field, value] of form.entries()) {
      if (typeof value === "string") request.body[field] = value;
      else {
        request.files.push({
          field,
          filename: value.name,
          contentType: value.type,
          content: await value.text(),
        });
      }
    }
  } else request.bodyFormat = "other";
}

function flatten(headers: IncomingMessage["headers"]): Record<string, string> {
  const given = Object.entries(headers).filter(([, value]) => value !== undefined);
  return Object.fromEntries(given.map(([name, value]) => [name, [value].flat().join(", ")]));
}
