import * as contract from "../client/contract/index.js";
import type { Transport } from "../client/transport.js";
import type { QuotaReading } from "../kernel/waits.js";
import type {
  Creation,
  LookUp,
  Receipt,
  ReceiptStatus,
  Submission,
  SubmitOutcome,
} from "../verify/verifier.js";

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

/**
 * What the verifiers of the contract module (Blockscout, Etherscan-compatible services) do alike, through the
 * service's transport: the `getsourcecode` look-up, a receipt's status, a contract's creation, the quota.
 */
export abstract class ContractModuleVerifier {
  /** @param transport - the service's transport: `status` and `fetch` read through it too */
  constructor(readonly transport: Transport) {}

  /**
   * `getsourcecode` as a look-up: its answer may be a bytecode twin's, so it is never the contract's own answer,
   * unless it says so: Etherscan's `SimilarMatch` names the verified contract whose sources it shows for this one,
   * which it holds as a similar match.
   * @returns what the service holds
   */
  async lookUp(address: string, endsAt: number): Promise<LookUp> {
    const found = await contract.getSourceCode(this.transport.until(endsAt), { address });
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

  /** `checkverifystatus`, or `checkproxyverification` for a proxy link's receipt. @returns where it stands */
  async status(receipt: Receipt, endsAt: number): Promise<ReceiptStatus> {
    const transport = this.transport.until(endsAt);
    if (receipt.of === "proxy-link") return contract.checkProxyVerification(transport, { guid: receipt.id });
    return contract.checkVerifyStatus(transport, { guid: receipt.id });
  }

  /** `getcontractcreation`. @returns its creation, or null */
  async creation(address: string, endsAt: number): Promise<Creation | null> {
    const [found] = await contract.getContractCreation(this.transport.until(endsAt), {
      addresses: [address],
    });
    return found?.creationBytecode
      ? { creationBytecode: found.creationBytecode, transactionHash: found.txHash }
      : null;
  }

  /** @returns what the service's stated quota allows now; where it states none, the limiter's spacing decides */
  quota(): QuotaReading {
    return this.transport.rateLimiter.reading();
  }
}
