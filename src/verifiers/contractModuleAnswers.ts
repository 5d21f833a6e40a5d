import * as contract from "../client/contract/index.js";
import type { Transport } from "../client/transport.js";
import type { Creation, LookUp, Submission, SubmitOutcome } from "../verify/verifier.js";

/**
 * `getsourcecode` as a look-up: its answer may be a bytecode twin's, so it is never the contract's own answer, unless
 * it says so: Etherscan's `SimilarMatch` names the verified contract whose sources it shows for this one, which it
 * holds as a similar match.
 * @param transport - the service's transport
 * @param address - a contract
 * @returns what the service holds
 */
export async function lookUpBySourceCode(transport: Transport, address: string): Promise<LookUp> {
  const found = await contract.getSourceCode(transport, { address });
  if (!found) return { state: "unverified", name: null, ownAnswer: false, implementations: [] };
  const verified = {
    state: "verified" as const,
    name: found.contractName,
    implementations: found.implementationAddresses,
  };
  const similarTo = found.similarMatch;
  if (!similarTo || similarTo.toLowerCase() === address.toLowerCase())
    return { ...verified, ownAnswer: false };
  const named = /^0x[0-9a-fA-F]{40}$/.test(similarTo) ? { similarTo } : {};
  return { ...verified, ownAnswer: true, match: "similar", ...named };
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
    ...(outcome.matches ? { matches: outcome.matches } : {}),
  };
}

/**
 * Sends `verifysourcecode` with a standard JSON input or one source file (a flattened one too), as Blockscout and
 * Etherscan-compatible services both take them.
 * @param transport - the service's transport
 * @param submission - the standard JSON, single-file or flattened submission
 * @param timeoutMs - the request's time limit
 * @returns the engine's outcome
 */
export async function sendSourceCode(
  transport: Transport,
  submission: Extract<Submission, { format: "standard-json" | "single-file" | "flattened" }>,
  timeoutMs: number,
): Promise<SubmitOutcome> {
  const { address, contractName, compilerVersion, constructorArguments } = submission;
  const common = { address, contractName, compilerVersion, constructorArguments, timeoutMs };
  return outcomeOf(
    await contract.verifySourceCode(
      transport,
      submission.format === "standard-json"
        ? { ...common, codeFormat: "solidity-standard-json-input", standardJsonInput: submission.input }
        : {
            ...common,
            codeFormat: "solidity-single-file",
            sourceCode: submission.sourceCode,
            optimizationUsed: submission.optimizer.enabled,
            runs: submission.optimizer.runs,
            evmVersion: submission.evmVersion,
            libraries: submission.libraries,
          },
    ),
  );
}

/** `getcontractcreation` for one contract: its creation, or null. */
export async function creationOf(transport: Transport, address: string): Promise<Creation | null> {
  const [found] = await contract.getContractCreation(transport, { addresses: [address] });
  return found?.creationBytecode
    ? { creationBytecode: found.creationBytecode, transactionHash: found.txHash }
    : null;
}
