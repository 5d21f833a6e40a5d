import { HttpRequestError, RpcRequestError } from "viem";

/**
 * Whether viem's error is a JSON-RPC error answer: viem turns one into a class per code (`MethodNotFoundRpcError`…),
 * its `details` the node's words.
 *
 * @param error - what the request threw
 * @returns true for the node's own error answer
 */
export function hasRpcCode(error: unknown): error is { code: number; details?: unknown } {
  return (
    error instanceof Error &&
    "code" in error &&
    typeof error.code === "number" &&
    error.cause instanceof RpcRequestError
  );
}

/**
 * The node's words for its error answer.
 *
 * @param error - a JSON-RPC error answer
 * @returns its details, or a plain sentence when it gave none
 */
export function rpcMessage(error: { details?: unknown }): string {
  return typeof error.details === "string" && error.details !== ""
    ? error.details
    : "the node refused the call";
}

/**
 * The innermost reason a request failed (`connect ECONNREFUSED 127.0.0.1:8545`): never viem's own message, which
 * carries the whole URL. Read by shape: a socket's error comes from Node's own realm.
 *
 * @param error - what the request threw
 * @returns the reason
 */
export function networkFailure(error: unknown): string {
  let current: unknown = error instanceof HttpRequestError ? error.cause : error;
  let reason = "the request failed";
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    if ("message" in current && typeof current.message === "string" && !(current instanceof HttpRequestError))
      reason = current.message;
    current = "cause" in current ? current.cause : undefined;
  }
  return reason;
}
