import * as contract from "../client/contract/index.js";
import type { Transport } from "../client/transport.js";
import type { LookUp, SubmitOutcome } from "../verify/verifier.js";

/**
 * `getsourcecode` as a look-up: its answer may be a bytecode twin's, so it is never the contract's own answer.
 * @param transport - the service's transport
 * @param address - a contract
 * @returns what the service holds
 */
export async function lookUpBySourceCode(transport: Transport, address: string): Promise<LookUp> {
  const found = await contract.getSourceCode(transport, { address });
  if (!found) return { state: "unverified", name: null, ownAnswer: false, implementations: [] };
  return {
    state: "verified",
    name: found.contractName,
    ownAnswer: false,
    implementations: found.implementationAddresses,
  };
}

/**
 * The port's outcome of a contract-module submission: a guid is a receipt to poll.
 * @param outcome - the client's outcome
 * @returns the engine's
 */
export function outcomeOf(outcome: contract.SubmissionOutcome): SubmitOutcome {
  if (outcome.kind === "guid") return { kind: "receipt", receipt: { id: outcome.guid, of: "verification" } };
  if (outcome.kind === "verified") return { kind: "verified" };
  return {
    kind: "already-verified",
    message: outcome.message,
    ...(outcome.match ? { match: outcome.match } : {}),
  };
}
