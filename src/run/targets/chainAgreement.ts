import { InvalidInputError } from "../../errors/index.js";

/** A chain id, and what says it: a flag, an input, a deployment's path or file, the RPC's answer, a network. */
export interface ChainClaim {
  id: number;
  source: string;
}

/**
 * The one chain every claim names. The chain a user gives, the chain a deployment records (Ignition's `chain-N`
 * and journal, a broadcast's path and `chain` field) and the chain the RPC answers must agree: a run aimed at one
 * chain with contracts of another would verify nothing, or the wrong thing.
 *
 * @param claims - what names the chain, in the order a message should name them (the user's word first)
 * @returns the chain id, or undefined when nothing names one
 * @throws {InvalidInputError} naming two claims that disagree, before any request to a verification service
 */
export function agreedChainId(claims: readonly ChainClaim[]): number | undefined {
  const [first] = claims;
  if (!first) return undefined;
  const other = claims.find((claim) => claim.id !== first.id);
  if (other) {
    throw new InvalidInputError(
      "chainId",
      `Chain ids disagree: ${first.source} says chain ${first.id}, but ${other.source} says chain ${other.id}. Nothing was sent.`,
    );
  }
  return first.id;
}
