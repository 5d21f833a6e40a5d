import type { JsonRpcChain } from "../../chain/jsonRpcChain.js";
import type { VerificationJob } from "../../verify/job.js";
import type { PreflightOptions } from "../../verify/preflight.js";

/** A chain as a door names it for preflight: its JSON-RPC URL, and compiler files. */
export type ChainRpc = NonNullable<VerificationJob["rpc"]>;

/**
 * Opens a chain for the engine's preflight and failure explanations: its deployed code is read over JSON-RPC, the
 * chain's client loaded with the first read (it brings viem).
 *
 * @param rpc - the chain's JSON-RPC URL and compiler files
 * @returns what preflight reads the chain through
 */
export function preflightChain(rpc: ChainRpc): PreflightOptions {
  let chain: Promise<JsonRpcChain> | undefined;
  return {
    readCode: async (address) => {
      chain ??= import("../../chain/jsonRpcChain.js").then(
        ({ JsonRpcChain }) => new JsonRpcChain(rpc.rpcUrl),
      );
      return (await chain).getCode(address);
    },
    ...(rpc.compilers === undefined ? {} : { compilers: rpc.compilers }),
  };
}
