import type { BodySample, RequestContext } from "../errors/index.js";

/** A request as the client layer describes it. */
export interface TransportRequest {
  /** `rpc` goes to `{base}/api`, `rest` to `{base}/api/v2{path}`, `root` to `{base}{path}` (Sourcify's `/v2/...`). */
  api: "rpc" | "rest" | "root";
  path?: string;
  query: Record<string, string | undefined>;
  method: "GET" | "POST";
  body?: { contentType: string; payload: Buffer | string };
  /** A read may be retried; a submission only when the explorer certainly did not act on it. */
  kind: "read" | "submit";
  timeoutMs?: number;
  /** A smaller answer cap than the transport's, for an answer known to be small. */
  maxResponseBytes?: number;
}

/** A JSON answer, whatever its HTTP status. */
export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  json: unknown;
  body: BodySample;
  request: RequestContext;
}
