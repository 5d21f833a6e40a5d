import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { testAddress } from "./addresses.js";

/** A JSON-RPC request as the stand-in received it. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** Answer nothing: the request waits until the client gives up or the stand-in closes. */
export const stall: unique symbol = Symbol("stall");

/** What the stand-in answers a call with: a result, a JSON-RPC error, or nothing ever. */
export type RpcAnswer = { result: unknown } | { error: { code: number; message: string } } | typeof stall;

/** A running JSON-RPC stand-in. */
export interface JsonRpcStandIn {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Every call received, in order of arrival. */
  received: RpcCall[];
  /** How many calls were answered so far. */
  answered(): number;
  close(): Promise<void>;
}

/**
 * Starts a chain's JSON-RPC stand-in on 127.0.0.1 (port 0): each call is answered by `answer`, which may hold its
 * answer back (a promise) or never give one ({@link stall}). Single calls only, as viem's HTTP transport sends them.
 * @param answer - the answer to one call, given every call received before it
 * @returns the stand-in
 */
export async function startJsonRpcStandIn(
  answer: (call: RpcCall, received: readonly RpcCall[]) => RpcAnswer | Promise<RpcAnswer>,
): Promise<JsonRpcStandIn> {
  const received: RpcCall[] = [];
  let answered = 0;
  const reply = (response: ServerResponse, id: unknown, body: RpcAnswer) => {
    if (body === stall || response.destroyed) return;
    answered++;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ jsonrpc: "2.0", id, ...body }));
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { id, method, params } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: unknown;
        method: string;
        params?: unknown[];
      };
      const call = { method, params: params ?? [] };
      received.push(call);
      void Promise.resolve(answer(call, received)).then((body) => reply(response, id, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answered: () => answered,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Loads the chain client and its HTTP stack with one answered read, so that a test's deadline is not spent loading them
 * (they load with the first request).
 */
export async function warmChainClient(): Promise<void> {
  const warm = await startJsonRpcStandIn(() => ({ result: "0x" }));
  await new JsonRpcChain(warm.url).getCode(testAddress(1));
  await warm.close();
}
