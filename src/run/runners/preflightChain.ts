import type { JsonRpcChain } from "../../chain/jsonRpcChain.js";
import type { VerificationJob } from "../../verify/job.js";
import type { PreflightOptions, PreflightResult } from "../../verify/preflight.js";

/** A chain as a door names it for preflight: its JSON-RPC URL, and compiler files. */
export type ChainRpc = NonNullable<VerificationJob["rpc"]>;

/**
 * Opens a chain for the engine's preflight and failure explanations: its deployed code is read over JSON-RPC, the
 * chain's client loaded with the first read (it brings viem).
 *
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

/**
 * Checks a job's submission locally against the code deployed on the chain at an RPC URL before anything is sent:
 * compiles it with a local compiler, compares, and explains a mismatch (arguments, optimizer, runs, EVM version,
 * metadata).
 *
 * @param job - the job
 * @param constructorArguments - ABI-encoded arguments, hex without `0x` ({@link encodeConstructorArguments}), or undefined
 * @param creationInput - the creation transaction's input, when known
 * @param options - the chain's JSON-RPC URL, and compiler files besides a native `solc` on PATH and the npm `solc`
 * @returns the outcome and its diagnosis
 * @throws {ChainError} when the chain cannot be read
 * @example
 * const { outcome, diagnosis } = await preflight(job, encodeConstructorArguments(args), undefined, { rpcUrl });
 */
export async function preflight(
  job: VerificationJob,
  constructorArguments: string | undefined,
  creationInput: string | undefined,
  options: ChainRpc,
): Promise<PreflightResult> {
  // Loaded with the call: it brings the compiler loader and ABI decoding.
  const { preflightAgainst } = await import("../../verify/preflight.js");
  return preflightAgainst(job, constructorArguments, creationInput, preflightChain(options));
}
