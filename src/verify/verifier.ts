import type { QuotaReading } from "../kernel/waits.js";
import type {
  MatchedCode,
  MatchKind,
  OptimizerSettings,
  ProxyKind,
  StandardJsonInput,
  VerificationFormat,
} from "./job.js";
import type { Service } from "./service.js";

/** How a service matched a contract, where it says: its kind, and which code it covers (Sourcify). */
export interface Matched {
  match?: MatchKind | undefined;
  matches?: MatchedCode | undefined;
}
export { isService, type Service, services, serviceTitles } from "./service.js";

/** What a service can do, so the engine never asks it for what it cannot. */
export interface VerifierCapabilities {
  /** The submission formats it takes. */
  readonly formats: readonly VerificationFormat[];
  /** It links a proxy to its implementation (`proxy` submissions). */
  readonly proxyLink: boolean;
  /** The kinds of proxy its link takes; unset: every kind (the service finds a proxy's kind itself). */
  readonly proxyKinds?: readonly ProxyKind[];
  /** It tells a contract's creation code (constructor arguments are recovered from it, preflight compares it). */
  readonly creation: boolean;
  /**
   * It reads constructor arguments from the creation transaction itself (Sourcify): the engine then recovers none
   * (a job may leave them to be recovered) and sends none.
   */
  readonly readsConstructorArguments: boolean;
  /**
   * It compiles a standard JSON input as sent and links no library itself (Etherscan and its kind): a job's libraries
   * go into the input's settings, as hardhat-verify and forge send them.
   */
  readonly librariesInInput?: boolean;
  /** The most libraries a flattened submission carries, where the service has a fixed number of slots. */
  readonly flattenedLibrarySlots?: number;
  /**
   * The submissions the service lets this run send before its stated budget resets (Etherscan's `getapilimit`), one
   * object for every verifier that spends the same budget (one key, every chain): the engine holds one before a
   * contract's first request and sends none past it.
   */
  readonly submissionBudget?: SubmissionBudget;
}

/**
 * A service's stated allowance of submissions for a run: asked once, then held and spent one submission at a time by
 * the contracts of every chain it covers.
 */
export interface SubmissionBudget {
  /**
   * Holds one submission for a contract about to be worked on; the first call asks the service. While every
   * submission left is held by contracts not yet sent, waits until one of them is spent or given back.
   * @param endsAt - when the contract holding must end, ms since the epoch (the first hold's question answers to it)
   * @returns `held` (spend it when sending, give it back otherwise); `spent`, with what the service stated; or
   *   `unstated` when the service did not say (its answer to the question was a refusal): the run goes on unplanned
   * @throws the refusal that stops every request to the service (a refused key, a used-up daily quota, a bot
   *   challenge), like every other request
   */
  hold(endsAt?: number): Promise<BudgetHold>;
  /** @returns what the run spent and what is left, once asked; undefined before */
  reading(): BudgetReading | undefined;
}

/** What {@link SubmissionBudget.hold} gives a contract. */
export type BudgetHold =
  | {
      kind: "held";
      /**
       * Spends a submission just before it is sent: the held one, then one more of what is left for each later
       * sending of the same contract (another candidate input, a resend).
       * @returns false when nothing is left: do not send
       */
      spend(): boolean;
      /**
       * Gives back the last submission spent when its request never left (the transport refused it before sending);
       * a budget without it counts that submission spent.
       */
      refund?(): void;
      /** Gives back the held submission when the contract ends without sending it (found verified, say). */
      release(): void;
    }
  | { kind: "spent"; reading: BudgetReading & { state: "stated" } }
  | { kind: "unstated" };

/** A budget as the service stated it and as the run spent it, or why there is none. */
export type BudgetReading =
  | {
      state: "stated";
      /** What it counts. */
      unit: "submissions";
      /** What the service said was left when asked. */
      stated: number;
      /** Sent by this run (a resend counts again). */
      used: number;
      left: number;
      /** When it resets, in ms since the epoch, from what the service stated. */
      resetsAt: number | undefined;
      /** The service's statement, for a person, e.g. `getapilimit: 99,872 of 100,000 credits left (daily)`. */
      statedAs: string;
    }
  /** The service refused the question: the run went on without a plan. */
  | { state: "unstated"; reason: string };

/** What a service lists as buildable for one language, as sets, read once: an empty set says nothing. */
export interface ListedBuilds {
  /** Compiler versions as listed, without a leading `v` (`0.8.28+commit.7893614a`). */
  readonly compilerVersions: ReadonlySet<string>;
  /** Their releases, the part before any `+` (`0.8.28`). */
  readonly compilerReleases: ReadonlySet<string>;
  /** EVM targets; `default` stands for the compiler's own. */
  readonly evmTargets: ReadonlySet<string>;
}

/** What a service says it can build, per language (a Blockscout explorer's verification config). */
export interface BuildLists {
  readonly solidity: ListedBuilds;
  readonly vyper: ListedBuilds;
}

/** Where people see the service's contracts, and the name a ledger files them under. */
export interface ContractPages {
  /** The root of the service's pages: a record's `explorer`. */
  readonly base: string;
  /** The ledger's name for the service on this chain: stable from run to run (the local explorer's port is not). */
  readonly ledgerKey: string;
  /**
   * @param address - a contract
   * @returns the page of its code, never an API call
   */
  contract(address: string): string;
}

/** What a service holds for an address. */
export type LookUp =
  | ({
      state: "verified" | "partial" | "unverified";
      /** The verified contract's name, when the service says it. */
      name: string | null;
      /**
       * The answer is the address's own: false where the service may answer with a bytecode twin's data
       * (Etherscan's and Blockscout's `getsourcecode`), so a name other than the job's means another contract.
       */
      ownAnswer: boolean;
      /** The implementations the service links the address to, when it says (a proxy). */
      implementations: readonly string[];
      /**
       * Where the service shows the sources of another contract with the same code (Etherscan's similar match,
       * `match: "similar"`): that contract, when it names one.
       */
      similarTo?: string | undefined;
    } & Matched)
  /** The service cannot tell now (no such endpoint, or its answer was no answer). */
  | { state: "unknown" };

/**
 * What a build's submission names: the contract, its name (`path/File.sol:Name` as a standard JSON input names it,
 * else the name in the source) and compiler (`v0.8.28+commit.7893614a`); its constructor arguments as ABI-encoded
 * hex, without `0x`; the creation transaction's hash, where the deployment records it (only Sourcify takes it).
 */
type Built = {
  address: string;
  contractName: string;
  compilerVersion: string;
  constructorArguments?: string | undefined;
  creationTransaction?: string | undefined;
};

/** One submission, in the engine's words: what to verify, whatever the service's wire format. */
export type Submission =
  | ({ format: "standard-json"; input: StandardJsonInput } & Built)
  | ({
      format: "single-file" | "flattened";
      sourceCode: string;
      optimizer: OptimizerSettings;
      evmVersion?: string | undefined;
      libraries?: Record<string, string> | undefined;
    } & Built)
  | ({ format: "vyper"; sourceCode: string } & Built)
  | ({
      format: "registry";
      /** `metadata.json` first, then the sources it lists, by the names it uses. */
      files: ReadonlyArray<{ name: string; content: string }>;
    } & Pick<Built, "address" | "creationTransaction">)
  | {
      format: "proxy";
      /** The proxy. */
      address: string;
      /** The implementation the link must find; unset: the service finds it. */
      expectedImplementation?: string | undefined;
    };

/** What a submission led to. */
export type SubmitOutcome =
  /** A receipt to ask {@link Verifier.status} about. */
  | { kind: "receipt"; receipt: Receipt }
  /** The service verified it while answering. */
  | { kind: "verified" }
  /** How the service holds it, where it says (Sourcify's 409: both matches exact). */
  | ({ kind: "already-verified"; message: string } & Matched)
  /** The service compiled the submission while answering, and the code did not match: its words. */
  | { kind: "mismatch"; message: string };

/** A submission's receipt: its id, what it is the receipt of, and the contract it is about when known. */
export interface Receipt {
  id: string;
  of: "verification" | "proxy-link";
  /** The contract submitted: a service's answer about another one is not taken for it. */
  address?: string | undefined;
}

/** Where a submission stands, and a passed verification's match where the service says (Sourcify). */
export interface ReceiptStatus extends Matched {
  state: "pending" | "pass" | "fail" | "already-verified" | "unknown-uid";
  /** The service's own words. */
  message: string;
  /** For a proxy link that passed: the implementation the service linked, when it named one. */
  implementation?: string | undefined;
}

/** A contract's creation, as a service knows it. */
export interface Creation {
  /** The creation transaction's input (or the factory's init code): the compiled creation code, then arguments. */
  creationBytecode: string;
  transactionHash: string;
}

/**
 * What the engine asks of a verification service for one chain: the seam where each target plugs in. Each service
 * implements it in one file of `src/verifiers/`, built by `verifierFor`; the engine names no service. Every method
 * checks its input before sending and throws this package's typed errors.
 */
export interface Verifier {
  /** Which service this is. */
  readonly service: Service;
  readonly capabilities: VerifierCapabilities;
  readonly pages: ContractPages;
  /**
   * @param address - a contract
   * @param endsAt - when the work asking must end, ms since the epoch (its requests and waits answer to it)
   * @returns what the service holds for it
   */
  lookUp(address: string, endsAt?: number): Promise<LookUp>;
  /**
   * @param submission - what to verify (or, where the service can, a proxy to link)
   * @param timeoutMs - the request's time limit
   * @param endsAt - when the work asking must end, ms since the epoch
   * @returns a receipt, or the verification when the service answers at once
   * @throws {NotSupportedError} for a format the service does not take, before any request
   */
  submit(submission: Submission, timeoutMs: number, endsAt?: number): Promise<SubmitOutcome>;
  /**
   * @param receipt - what a submission returned
   * @param endsAt - when the work asking must end, ms since the epoch
   * @returns where it stands
   */
  status(receipt: Receipt, endsAt?: number): Promise<ReceiptStatus>;
  /**
   * @param address - a contract
   * @param endsAt - when the work asking must end, ms since the epoch
   * @returns its creation, or null when the service does not know it
   */
  creation(address: string, endsAt?: number): Promise<Creation | null>;
  /** @returns what the service's stated quota allows now (drives the concurrency) */
  quota(): QuotaReading;
  /**
   * Where the service publishes what it can build: asked at most once (the answer is kept for the verifier's life).
   * @param endsAt - when the work asking first must end, ms since the epoch
   * @returns its lists, or undefined when it could not be read (nothing is checked then)
   */
  buildLists?(endsAt?: number): Promise<BuildLists | undefined>;
}
